package dev.longtask.cli;

import static dev.longtask.cli.UndoOnRetryTest.Model.args;
import static dev.longtask.cli.UndoOnRetryTest.Model.call;
import static dev.longtask.cli.UndoOnRetryTest.Model.submit;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import mockwebserver3.Dispatcher;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import org.jetbrains.annotations.NotNull;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two tasks at once read the same file; A writes it first, so B's write of it fails with a tool error telling it to
 * read the file again, and B's write after reading it again goes through. Both also append to one file through bash:
 * the report lists that file with both tasks.
 */
class ParallelConflictTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    /** The scripted model: A and B each read shared.txt, then A writes it while B waits, then B tries to. */
    static final class Model extends Dispatcher {
        final CountDownLatch bRead = new CountDownLatch(1);
        final CountDownLatch aWrote = new CountDownLatch(1);
        /** What B's refused write answered. */
        final AtomicReference<String> refusal = new AtomicReference<>();

        @NotNull
        @Override
        public MockResponse dispatch(@NotNull RecordedRequest request) {
            try {
                JsonNode body = JSON.readTree(request.getBody().utf8());
                List<String> tools = body.path("tools").findValuesAsText("name");
                String system = body.path("messages").path(0).path("content").asText();
                int turns = 0;
                String lastTool = "";
                for (JsonNode m : body.path("messages")) {
                    turns += m.path("role").asText().equals("assistant") ? 1 : 0;
                    lastTool = m.path("role").asText().equals("tool") ? m.path("content").asText() : lastTool;
                }
                if (tools.contains("submit_plan")) {
                    ObjectNode plan = JSON.createObjectNode();
                    ArrayNode tasks = plan.putArray("tasks");
                    for (String key : List.of("A", "B")) {
                        tasks.addObject().put("key", key).put("subject", "Task " + key)
                                .put("instruction", "Do " + key).put("agent", "general");
                    }
                    return call("submit_plan", plan);
                }
                if (tools.contains("decide")) {
                    return call("decide", JSON.createObjectNode().put("action", "stop").put("reason", "done"));
                }
                if (tools.contains("submit_report")) {
                    return call("submit_report", JSON.createObjectNode().put("title", "Done").put("summary", "done")
                            .put("markdown", "# Done"));
                }
                if (system.contains("Subject: Task A")) {
                    return switch (turns) {
                        case 0 -> call("read", args("path", "shared.txt"));
                        case 1 -> {
                            await(bRead);
                            yield call("write", args("path", "shared.txt", "content", "A's version\n"));
                        }
                        case 2 -> {
                            aWrote.countDown();
                            yield call("bash", args("command", "echo A >> both.txt"));
                        }
                        default -> submit();
                    };
                }
                return switch (turns) {
                    case 0 -> call("read", args("path", "shared.txt"));
                    case 1 -> {
                        bRead.countDown();
                        await(aWrote);
                        yield call("write", args("path", "shared.txt", "content", "B's version\n"));
                    }
                    case 2 -> {
                        refusal.set(lastTool);
                        yield call("read", args("path", "shared.txt"));
                    }
                    case 3 -> call("write", args("path", "shared.txt", "content", "B's version\n"));
                    case 4 -> call("bash", args("command", "echo B >> both.txt"));
                    default -> submit();
                };
            } catch (IOException e) {
                return new MockResponse.Builder().code(400).body("{\"error\":{\"message\":\"" + e + "\"}}").build();
            }
        }

        private static void await(CountDownLatch latch) {
            try {
                if (!latch.await(120, TimeUnit.SECONDS)) {
                    throw new IllegalStateException("the other task never got there");
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    @Test
    void aWriteOverAnotherTasksChangeIsRefusedUntilReadAgainAndFilesBothTasksChangedAreReported() throws Exception {
        Path ws = Files.createDirectories(dir.resolve("ws"));
        Files.writeString(ws.resolve("shared.txt"), "the user's version\n");
        Path home = Files.createDirectories(dir.resolve("home"));
        Model model = new Model();
        try (MockWebServer server = new MockWebServer()) {
            server.setDispatcher(model);
            server.start();
            Child.Result run = Child.run(home, Map.of(), "run", "Two things at once", "--run-id", "meet",
                    "--base-url", server.url("/v1").toString(), "--model", "openai:fake", "--concurrency", "2",
                    "--sandbox", "off", "-C", ws.toString());
            assertThat(run.exit()).as(run.toString()).isZero();
        }
        assertThat(model.refusal.get()).as("what B's write over A's change answered")
                .contains("shared.txt was changed by task #1 since this task read it; read it again");
        assertThat(Files.readString(ws.resolve("shared.txt"))).isEqualTo("B's version\n");
        assertThat(Files.readString(ws.resolve("both.txt"))).isEqualTo("A\nB\n");
        Path runDir = ws.resolve(".longtask/runs/meet");
        // the two appends to both.txt race (A's bash runs while B works on): the tasks are listed in the order their
        // changes were recorded, which a loaded machine may swap, so either order is right as long as both are named
        assertThat(Files.readString(runDir.resolve("report.md"))).contains("## Files changed by more than one task")
                .containsAnyOf("- `both.txt`: task #1, task #2", "- `both.txt`: task #2, task #1")
                .contains("- `shared.txt`: task #1, task #2");
        JsonNode result = JSON.readTree(runDir.resolve("final_result.json").toFile());
        assertThat(result.path("shared_files").path("both.txt").toString()).isIn("[1,2]", "[2,1]");
        assertThat(result.path("shared_files").path("shared.txt").toString()).isEqualTo("[1,2]");
    }
}
