package dev.longtask.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.longtask.api.RunRequest;
import dev.longtask.model.ApprovalMode;
import dev.longtask.model.Budget;
import dev.longtask.store.file.FileRunStore;
import dev.longtask.testing.ScriptedModel;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A review the server is asked for (as longtask_review over /mcp asks) is refused as the CLI refuses it. */
class ReviewRefusalTest {
    @TempDir
    Path repo;

    @Test
    void aReviewWhoseTasksCannotFitTheWindowIsRefusedBeforeARunIsMade() throws Exception {
        Files.writeString(repo.resolve("Main.java"),
                "class Main {\n" + "    int f() { return 1; }\n".repeat(400) + "}\n");
        // 1,024 tokens of window leave 256 for a task's text: not even a chunk's instructions fit.
        ScriptedModel tiny = new ScriptedModel(turn -> ScriptedModel.submitResult(true, "ok"), 1024);
        RunBackend backend = ServerFixture.backend(tiny, new Approvals());
        Submission review = new Submission(RunRequest.builder("a code review of " + repo).workspace(repo)
                .budget(Budget.UNLIMITED).approval(ApprovalMode.AUTO).build(), 0, false, new Submission.Review(null));

        assertThatThrownBy(() -> backend.create("review-1", review)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("review cannot run: ").hasMessageContaining("1,024-token context window");
        assertThat(FileRunStore.list(repo)).isEmpty();
    }
}
