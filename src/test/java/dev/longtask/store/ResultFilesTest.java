package dev.longtask.store;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.longtask.model.Event;
import dev.longtask.model.EventType;
import dev.longtask.model.JsonMapping;
import dev.longtask.model.Secrets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** result.json is written without fsync; these are the rules that still make it durable before a checkpoint. */
class ResultFilesTest {
    private static final ObjectMapper JSON = JsonMapping.newMapper();

    @TempDir
    Path run;

    private ResultFiles results() {
        return new ResultFiles(run, JSON, Secrets.ofValues(List.of("sk-secret-0123456789")));
    }

    @Test
    void aWrittenResultIsDueUntilSyncedAndSecretsAreMaskedInTheFileAndWhatTheEventCarries() throws Exception {
        ResultFiles files = results();
        ObjectNode result = JSON.createObjectNode().put("task_id", 3).put("summary", "used sk-secret-0123456789");
        var stored = files.write(3, result);
        assertThat(stored.path("summary").asText()).doesNotContain("sk-secret");
        assertThat(Files.readString(ResultFiles.file(run.resolve("results"), 3))).doesNotContain("sk-secret");
        assertThat(files.due()).containsExactly(3);
        files.syncWritten();
        assertThat(files.due()).isEmpty();
    }

    /** After a crash the page cache may hold the only copy: agreeing is not enough, it must be fsynced too. */
    @Test
    void aWriteOpenMakesResultsThatAgreeWithTheLogDueAndRewritesThoseThatDoNot() throws Exception {
        ResultFiles before = results();
        var intact = before.write(1, JSON.createObjectNode().put("task_id", 1).put("summary", "one"));
        var lost = before.write(2, JSON.createObjectNode().put("task_id", 2).put("summary", "two"));
        Path lostFile = ResultFiles.file(run.resolve("results"), 2);
        Files.write(lostFile, new byte[0]);

        ResultFiles reopened = results();
        List<String> touched = reopened.repair(List.of(ending(1, intact), ending(2, lost)));

        assertThat(touched).containsExactly("results/task_2/result.json");
        assertThat(JSON.readTree(lostFile.toFile())).isEqualTo(lost);
        assertThat(reopened.due()).as("the one that agrees is fsynced before the next checkpoint").containsExactly(1);
    }

    @Test
    void aResultThatIsGoneDoesNotHoldUpTheCheckpoints() throws Exception {
        ResultFiles files = results();
        files.write(4, JSON.createObjectNode().put("task_id", 4));
        Files.delete(ResultFiles.file(run.resolve("results"), 4));
        files.syncWritten();
        assertThat(files.due()).isEmpty();
    }

    private static Event ending(int task, com.fasterxml.jackson.databind.JsonNode result) {
        ObjectNode data = JSON.createObjectNode().put("summary", "done");
        data.set(ResultFiles.FIELD, result);
        return new Event(task + 10, Instant.parse("2026-11-26T12:00:00Z"), EventType.TASK_COMPLETED, task, data);
    }
}
