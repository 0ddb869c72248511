package dev.longtask.store.file;

import static org.assertj.core.api.Assertions.assertThat;

import dev.longtask.model.Budget;
import dev.longtask.model.RunStatus;
import dev.longtask.model.Task;
import dev.longtask.model.TaskDraft;
import dev.longtask.model.run.RunStores;
import dev.longtask.model.run.StoreOptions;
import dev.longtask.store.RunLayout;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run read ahead of its open (what a resume does while it puts its engine together) is taken by the open only while
 * its files are as they were read: a run changed in between is read again, so the open never starts from a stale
 * state (a task missing, a seq behind the log).
 */
class ReadAheadTest {
    private static final String ID = "20261128-160000-a1b2";

    @TempDir
    Path workspace;

    private static StoreOptions options() {
        return StoreOptions.defaults().withSecrets(List.of());
    }

    private static TaskDraft draft(String subject) {
        return new TaskDraft(subject, "do " + subject, "general", List.of(), Map.of(), Map.of("out", "b.txt"),
                List.of("it exists"));
    }

    /** A paused run of a few tasks with a checkpoint (written as it closes). */
    private Path pausedRun() {
        try (FileRunStore store = FileRunStore.create(workspace, ID, "Write a report", "openai:gpt-4o-mini",
                new Budget(1000L, new BigDecimal("2.50"), null), options())) {
            for (int i = 1; i <= 3; i++) {
                store.createTask(draft("task " + i));
            }
            store.claim(1, "w");
            store.complete(1, "ok");
            store.setRunStatus(RunStatus.PAUSED, "budget");
        }
        return workspace.resolve(RunLayout.RUNS).resolve(ID);
    }

    private static List<String> subjects(List<Task> tasks) {
        return tasks.stream().map(Task::subject).toList();
    }

    @Test
    void anUnchangedRunIsTakenAsReadAndOpensAsAnOpenThatReadsIt() throws Exception {
        Path dir = pausedRun();
        ReadAhead ahead = ReadAhead.now(workspace, ID);
        RunDirectory.Loaded read = ahead.take(dir);
        assertThat(read).as("the run did not change after it was read").isNotNull();
        assertThat(read.state().lastSeq()).isEqualTo(FileRunStore.read(workspace, ID).run().lastSeq());
        assertThat(ahead.take(dir)).as("taken once: the open appends to what it takes").isNull();

        RunStores ahead2 = FileRunStores.INSTANCE.readingAhead(workspace, ID);
        assertThat(ahead2).isNotSameAs(FileRunStores.INSTANCE);
        try (var store = ahead2.open(workspace, ID, options()).store()) {
            assertThat(subjects(store.tasks())).containsExactly("task 1", "task 2", "task 3");
            assertThat(store.run().status()).isEqualTo(RunStatus.PAUSED);
            store.createTask(draft("task 4"));
        }
        try (FileRunStore again = FileRunStore.open(workspace, ID, options())) {
            assertThat(again.openReport().clean()).as(again.openReport().toString()).isTrue();
            assertThat(subjects(again.tasks())).containsExactly("task 1", "task 2", "task 3", "task 4");
        }
    }

    /** Events appended after the read (another process resumed the run meanwhile): the open reads the log again. */
    @Test
    void aRunThatGrewAfterTheReadIsReadAgainByTheOpen() throws Exception {
        Path dir = pausedRun();
        ReadAhead ahead = ReadAhead.now(workspace, ID);
        try (FileRunStore other = FileRunStore.open(workspace, ID, options())) {
            other.createTask(draft("late"));
        }
        try (FileRunStore opened = FileRunStore.open(workspace, ID, options(), ahead)) {
            assertThat(subjects(opened.tasks())).containsExactly("task 1", "task 2", "task 3", "late");
            assertThat(opened.run().lastSeq()).isEqualTo(FileRunStore.events(workspace, ID, 0).size());
            opened.createTask(draft("after"));
        }
        try (FileRunStore again = FileRunStore.open(workspace, ID, options())) {
            assertThat(again.openReport().clean()).as(again.openReport().toString()).isTrue();
            assertThat(subjects(again.tasks())).containsExactly("task 1", "task 2", "task 3", "late", "after");
        }
        assertThat(ReadAhead.now(workspace, ID).take(dir)).isNotNull();
    }

    /** The log or a checkpoint changed in any way a load would read differently: not taken. */
    @Test
    void aChangedLogOrCheckpointIsNotTaken() throws Exception {
        Path dir = pausedRun();
        Path log = dir.resolve(RunLayout.EVENTS);
        Path checkpoints = dir.resolve(RunLayout.CHECKPOINTS);
        List<Path> written;
        try (var files = Files.list(checkpoints)) {
            written = files.filter(f -> f.getFileName().toString().startsWith("checkpoint")).toList();
        }
        assertThat(written).isNotEmpty();

        ReadAhead cut = ReadAhead.now(workspace, ID);
        byte[] bytes = Files.readAllBytes(log);
        Files.write(log, java.util.Arrays.copyOf(bytes, bytes.length - 1));
        assertThat(cut.take(dir)).as("the log cut short").isNull();
        Files.write(log, bytes);

        ReadAhead replaced = ReadAhead.now(workspace, ID);
        Path copy = dir.resolve("events.copy");
        Files.copy(log, copy);
        Files.move(copy, log, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        assertThat(replaced.take(dir)).as("the log replaced by another file").isNull();

        ReadAhead setAside = ReadAhead.now(workspace, ID);
        Files.move(written.get(0), written.get(0).resolveSibling(written.get(0).getFileName() + ".bad"));
        assertThat(setAside.take(dir)).as("a checkpoint gone").isNull();

        ReadAhead elsewhere = ReadAhead.now(workspace, ID);
        assertThat(elsewhere.take(dir.resolveSibling("20261128-160000-zzzz"))).as("another run").isNull();
    }

    @Test
    void aRunThatCannotBeReadIsLeftToTheOpen() throws Exception {
        ReadAhead missing = ReadAhead.start(workspace, ID);
        assertThat(missing.take(workspace.resolve(RunLayout.RUNS).resolve(ID))).isNull();
        Path dir = pausedRun();
        Files.writeString(dir.resolve(RunLayout.EVENTS), "not json\n");
        ReadAhead damaged = ReadAhead.now(workspace, ID);
        assertThat(damaged.take(dir)).isNull();
    }
}
