package dev.longtask.cli.command;

import static org.assertj.core.api.Assertions.assertThat;

import dev.longtask.api.Stores;
import dev.longtask.model.TaskDraft;
import dev.longtask.model.run.RunStores;
import dev.longtask.model.run.StoreOptions;
import dev.longtask.store.file.FileRunStore;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code resume} begins reading the run its command line names before picocli parses it: the run of {@code resume
 * RUN_ID} in the workspace of {@code -C}/{@code --workdir}, and only that; the resume goes on with that read only for
 * the run it resolves (else it reads that one ahead).
 */
class ResumeReadAheadTest {
    @TempDir
    Path workspace;

    private void run(String id) {
        try (FileRunStore store = FileRunStore.create(workspace, id, "g", null, null, StoreOptions.defaults())) {
            store.createTask(TaskDraft.of("a"));
        }
    }

    @Test
    void theRunTheCommandLineNamesIsReadAheadAndTheResumeGoesOnWithThatRead() {
        run("bench");
        run("other");
        String ws = workspace.toString();
        for (String[] args : new String[][] {{"resume", "bench", "--workdir", ws}, {"-C", ws, "resume", "bench",
                "--json-events"}, {"resume", "bench", "--workdir=" + ws, "--model", "openai:x"}}) {
            RunStores early = ResumeCommand.readingAheadOf(args);
            assertThat(early).as(String.join(" ", args)).isNotNull().isNotSameAs(Stores.files());
            assertThat(early.readingAhead(workspace, "bench")).as("the same read goes on").isSameAs(early);
            RunStores another = early.readingAhead(workspace, "other");
            assertThat(another).as("another run is read ahead of its own").isNotSameAs(early)
                    .isNotSameAs(Stores.files());
            assertThat(another.readingAhead(workspace, "other")).isSameAs(another);
            try (var store = another.open(workspace, "other", StoreOptions.defaults()).store()) {
                assertThat(store.runId()).isEqualTo("other");
            }
        }
    }

    @Test
    void aCommandLineThatNamesNoRunPlainlyReadsNothingAhead() {
        run("bench");
        String ws = workspace.toString();
        assertThat(ResumeCommand.readingAheadOf("resume", "--model", "openai:x", "bench", "-C", ws)).isNull();
        assertThat(ResumeCommand.readingAheadOf("resume", "bench", "--help", "-C", ws)).isNull();
        assertThat(ResumeCommand.readingAheadOf("status", "bench", "-C", ws)).isNull();
        assertThat(ResumeCommand.readingAheadOf("resume")).isNull();
    }
}
