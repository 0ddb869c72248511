package dev.longtask.store.file;

import static dev.longtask.store.StoreFixtures.JSON;
import static dev.longtask.store.StoreFixtures.appendNote;
import static dev.longtask.store.StoreFixtures.draft;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.longtask.model.Run;
import dev.longtask.model.Task;
import dev.longtask.model.run.CorruptRunException;
import dev.longtask.store.ProjectionSums;
import dev.longtask.model.run.RunSnapshot;
import dev.longtask.store.StoreFixtures;
import dev.longtask.model.run.StoreOptions;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One test per kind of damage a crash or a person can leave in a run directory. */
class CorruptionTest {
    private static final String RUN = "20261125-213000-c0de";

    @TempDir
    Path workspace;

    private Path events() {
        return workspace.resolve(".longtask/runs/" + RUN + "/events.jsonl");
    }

    private Path dir() {
        return workspace.resolve(".longtask/runs/" + RUN);
    }

    /** A run of a few tasks and notes; returns its tasks as the live store saw them. */
    private List<Task> runWithEvents(StoreOptions options, int notes) {
        try (FileRunStore store = FileRunStore.create(workspace, RUN, "goal", null, null, options)) {
            store.createTask(draft("one", List.of()));
            store.createTask(draft("two", List.of(1)));
            store.claim(1, "w");
            for (int i = 0; i < notes; i++) {
                appendNote(store, "note " + i);
            }
            store.complete(1, "ok");
            return store.tasks();
        }
    }

    @Test
    void tornTailIsIgnoredByReadersAndCutByTheWriter() throws Exception {
        List<Task> tasks = runWithEvents(StoreFixtures.fast(), 3);
        long lastSeq = FileRunStore.read(workspace, RUN).run().lastSeq();
        long goodSize = Files.size(events());
        byte[] torn = ("{\"seq\":" + (lastSeq + 1) + ",\"time\":\"2026-11-25T21:").getBytes(StandardCharsets.UTF_8);
        Files.write(events(), torn, StandardOpenOption.APPEND);

        RunSnapshot read = FileRunStore.read(workspace, RUN);
        assertThat(read.run().lastSeq()).isEqualTo(lastSeq);
        assertThat(read.tasks()).isEqualTo(tasks);
        assertThat(Files.size(events())).as("a reader never repairs").isEqualTo(goodSize + torn.length);

        try (FileRunStore store = FileRunStore.open(workspace, RUN, StoreFixtures.fast())) {
            assertThat(store.openReport().tornBytesCut()).isEqualTo(torn.length);
            assertThat(Files.size(events())).isEqualTo(goodSize);
            appendNote(store, "after the crash");
            assertThat(store.run().lastSeq()).isEqualTo(lastSeq + 1);
        }
        assertThat(StoreFixtures.fullReplay(dir()).lastSeq()).isEqualTo(lastSeq + 1);
    }

    @Test
    void garbledTaskFileStopsReadersUntouchedAndIsRebuiltByTheWriter() throws Exception {
        List<Task> tasks = runWithEvents(StoreFixtures.fast(), 1);
        Path taskFile = dir().resolve("tasks/task_2.json");
        byte[] garbage = "{\"id\": 2, \"subject\": \"tw".getBytes(StandardCharsets.UTF_8);
        Files.write(taskFile, garbage);

        assertThatThrownBy(() -> FileRunStore.read(workspace, RUN))
                .isInstanceOf(CorruptRunException.class)
                .hasMessageContaining("task_2.json")
                .satisfies(e -> assertThat(((CorruptRunException) e).file()).isEqualTo(taskFile));
        assertThat(Files.readAllBytes(taskFile)).isEqualTo(garbage);

        try (FileRunStore store = FileRunStore.open(workspace, RUN, StoreFixtures.fast())) {
            assertThat(store.openReport().filesRepaired()).contains("tasks/task_2.json");
            assertThat(JSON.readValue(taskFile.toFile(), Task.class)).isEqualTo(tasks.get(1));
        }
        assertThat(FileRunStore.read(workspace, RUN).tasks()).isEqualTo(tasks);
    }

    @Test
    void projectionEditedAfterACleanCloseIsRewrittenThoughTheChecksumsAreCurrent() throws Exception {
        List<Task> tasks = runWithEvents(StoreFixtures.fast(), 1);
        assertThat(ProjectionSums.file(dir())).as("closing records the checksums").exists();
        Path taskFile = dir().resolve("tasks/task_2.json");
        Files.writeString(taskFile, Files.readString(taskFile).replace("\"two\"", "\"edited\""));
        Path plan = dir().resolve("task_plan.md");
        String goodPlan = Files.readString(plan);
        Files.writeString(plan, goodPlan + "a line of someone's own\n");

        try (FileRunStore store = FileRunStore.open(workspace, RUN, StoreFixtures.fast())) {
            assertThat(store.openReport().filesRepaired()).containsExactlyInAnyOrder("tasks/task_2.json",
                    "task_plan.md");
        }
        assertThat(JSON.readValue(taskFile.toFile(), Task.class)).isEqualTo(tasks.get(1));
        assertThat(plan).hasContent(goodPlan);
        StoreFixtures.assertProjectionsMatch(dir(), StoreFixtures.fullReplay(dir()));
    }

    @Test
    void checksumsOfAnEarlierStateVouchForNothing() throws Exception {
        runWithEvents(StoreFixtures.fast(), 0);
        Path record = ProjectionSums.file(dir());
        Path taskFile = dir().resolve("tasks/task_2.json");
        byte[] earlierRecord = Files.readAllBytes(record);
        byte[] earlierTask = Files.readAllBytes(taskFile);
        try (FileRunStore store = FileRunStore.open(workspace, RUN, StoreFixtures.fast())) {
            store.claim(2, "w");
        }
        // As a process killed after its claim would leave them: the record and the task file of the state before.
        Files.write(record, earlierRecord);
        Files.write(taskFile, earlierTask);

        try (FileRunStore store = FileRunStore.open(workspace, RUN, StoreFixtures.fast())) {
            assertThat(store.openReport().filesRepaired()).contains("tasks/task_2.json");
            assertThat(JSON.readValue(taskFile.toFile(), Task.class)).isEqualTo(store.task(2));
        }
        StoreFixtures.assertProjectionsMatch(dir(), StoreFixtures.fullReplay(dir()));
    }

    @Test
    void staleOrMissingProjectionsAreRebuiltAndStrayFilesSetAside() throws Exception {
        runWithEvents(StoreFixtures.fast(), 1);
        Files.delete(dir().resolve("task_plan.md"));
        Files.writeString(dir().resolve("run.json"), "{}");
        Files.writeString(dir().resolve("tasks/.task_1.json.0a0b.tmp"), "{\"half");
        Files.writeString(dir().resolve("tasks/task_9.json"), "{}");
        try (FileRunStore store = FileRunStore.open(workspace, RUN, StoreFixtures.fast())) {
            assertThat(store.openReport().filesRepaired()).contains("task_plan.md", "run.json");
            assertThat(dir().resolve("tasks/.task_1.json.0a0b.tmp")).doesNotExist();
            assertThat(dir().resolve("tasks/task_9.json")).doesNotExist();
            assertThat(dir().resolve("tasks/task_9.json.orphan")).exists();
        }
        StoreFixtures.assertProjectionsMatch(dir(), StoreFixtures.fullReplay(dir()));
    }

    @Test
    void badCheckpointIsSkippedForAnOlderOne() throws Exception {
        StoreOptions options = StoreFixtures.fast().withCheckpointEvery(5);
        List<Task> tasks = runWithEvents(options, 17);
        Checkpoints checkpoints = new Checkpoints(dir().resolve("checkpoints"), JSON, RUN);
        List<Path> files = checkpoints.newestFirst();
        assertThat(files).hasSize(3);
        Path newest = files.get(0);
        byte[] bytes = Files.readAllBytes(newest);
        bytes[bytes.length - 10] ^= 0x01;
        Files.write(newest, bytes);

        try (FileRunStore store = FileRunStore.open(workspace, RUN, options)) {
            assertThat(store.openReport().checkpointsSkipped()).singleElement().asString()
                    .contains(newest.getFileName().toString()).contains("checksum");
            assertThat(store.openReport().checkpoint()).isEqualTo(files.get(1).getFileName().toString());
            assertThat(store.tasks()).isEqualTo(tasks);
            assertThat(newest.resolveSibling(newest.getFileName() + ".bad")).exists();
        }
    }

    @Test
    void whenEveryCheckpointIsBadTheWholeLogIsReplayed() throws Exception {
        StoreOptions options = StoreFixtures.fast().withCheckpointEvery(5);
        List<Task> tasks = runWithEvents(options, 12);
        Run run = FileRunStore.read(workspace, RUN).run();
        for (Path file : new Checkpoints(dir().resolve("checkpoints"), JSON, RUN).newestFirst()) {
            Files.writeString(file, "not a checkpoint");
        }
        RunSnapshot read = FileRunStore.read(workspace, RUN);
        assertThat(read.tasks()).isEqualTo(tasks);
        try (FileRunStore store = FileRunStore.open(workspace, RUN, options)) {
            assertThat(store.openReport().checkpoint()).isNull();
            assertThat(store.openReport().checkpointsSkipped()).hasSize(3);
            assertThat(store.openReport().eventsReplayed()).isEqualTo(run.lastSeq());
            assertThat(store.run()).isEqualTo(run);
        }
    }

    @Test
    void checkpointOfAnotherLogIsNotUsed() throws Exception {
        StoreOptions options = StoreFixtures.fast().withCheckpointEvery(5)
                .withClock(Clock.fixed(Instant.parse("2030-01-01T00:00:00Z"), ZoneOffset.UTC));
        runWithEvents(options, 12);
        // Rewrite the event the newest checkpoint ends at: same seq, other content.
        Path newest = new Checkpoints(dir().resolve("checkpoints"), JSON, RUN).newestFirst().get(0);
        long seq = Checkpoints.seqOf(newest);
        List<String> lines = new ArrayList<>(Files.readAllLines(events()));
        lines.set((int) seq - 1, lines.get((int) seq - 1).replace("\"time\":\"2030-", "\"time\":\"2031-"));
        Files.write(events(), lines);
        try (FileRunStore store = FileRunStore.open(workspace, RUN, options)) {
            assertThat(store.openReport().checkpointsSkipped()).first().asString()
                    .contains("does not match event " + seq);
            assertThat(store.run().updated().toString()).startsWith("2031-");
            assertThat(store.tasks()).isEqualTo(StoreFixtures.fullReplay(dir()).tasks());
        }
    }

    @Test
    void garbageInTheMiddleOfTheLogIsAnErrorNamingTheLineAndNothingChanges() throws Exception {
        runWithEvents(StoreFixtures.fast(), 3);
        List<String> lines = new ArrayList<>(Files.readAllLines(events()));
        lines.set(2, "}}garbage{{");
        Files.write(events(), lines);
        byte[] before = Files.readAllBytes(events());

        assertThatThrownBy(() -> FileRunStore.open(workspace, RUN, StoreFixtures.fast()))
                .isInstanceOf(CorruptRunException.class)
                .hasMessageContaining("events.jsonl line 3")
                .satisfies(e -> assertThat(((CorruptRunException) e).line()).isEqualTo(3));
        assertThatThrownBy(() -> FileRunStore.read(workspace, RUN)).isInstanceOf(CorruptRunException.class)
                .hasMessageContaining("line 3");
        assertThat(Files.readAllBytes(events())).isEqualTo(before);

        // The failed open released the writer lock.
        lines.remove(2);
        Files.write(events(), lines);
        assertThatThrownBy(() -> FileRunStore.open(workspace, RUN, StoreFixtures.fast()))
                .isInstanceOf(CorruptRunException.class)
                .hasMessageContaining("line 3: seq 4 where 3 was expected");
    }

    @Test
    void anEventThatDoesNotFitTheRunIsAnErrorNamingTheLine() throws Exception {
        runWithEvents(StoreFixtures.fast(), 0);
        List<String> lines = new ArrayList<>(Files.readAllLines(events()));
        String last = lines.get(lines.size() - 1);
        long seq = lines.size() + 1;
        lines.add("{\"seq\":" + seq + ",\"time\":\"2026-11-25T21:30:00Z\",\"type\":\"task.completed\",\"task\":42,\"data\":{}}");
        Files.write(events(), lines);
        assertThat(last).contains("task.completed");
        assertThatThrownBy(() -> FileRunStore.open(workspace, RUN, StoreFixtures.fast()))
                .isInstanceOf(CorruptRunException.class)
                .hasMessageContaining("line " + seq)
                .hasMessageContaining("no task 42");
    }
}
