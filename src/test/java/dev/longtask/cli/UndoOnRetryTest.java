package dev.longtask.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.longtask.model.RunStatus;
import dev.longtask.model.TaskStatus;
import dev.longtask.store.file.FileRunStore;
import dev.longtask.model.run.RunSnapshot;
import dev.longtask.testing.Waiting;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import mockwebserver3.Dispatcher;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import org.jetbrains.annotations.NotNull;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two tasks run at once; task B writes a partial file, edits a file the user had and runs a shell command that
 * writes another, and the process is killed with SIGKILL before B finishes. After {@code resume}, before the retry's
 * first model call, B's changes are gone (the user's file as it was), and task A's completed change is untouched.
 */
class UndoOnRetryTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    /** The model: a plan of two independent tasks; A writes a.txt; B changes three files, then hangs (first process). */
    static final class Model extends Dispatcher {
        final Path ws;
        final AtomicBoolean hold = new AtomicBoolean(true);
        final CountDownLatch bHangs = new CountDownLatch(1);
        /** What the workspace held when B's retry first asked the model. */
        final AtomicReference<String> atRetry = new AtomicReference<>();

        Model(Path ws) {
            this.ws = ws;
        }

        @NotNull
        @Override
        public MockResponse dispatch(@NotNull RecordedRequest request) {
            try {
                JsonNode body = JSON.readTree(request.getBody().utf8());
                List<String> tools = body.path("tools").findValuesAsText("name");
                String system = body.path("messages").path(0).path("content").asText();
                int turns = 0;
                for (JsonNode m : body.path("messages")) {
                    turns += m.path("role").asText().equals("assistant") ? 1 : 0;
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
                    return turns == 0 ? call("write", args("path", "a.txt", "content", "A's work\n")) : submit();
                }
                if (!hold.get() && turns == 0) {
                    atRetry.set(state("partial.txt") + "|" + state("notes.txt") + "|" + state("shell.txt"));
                }
                return switch (turns) {
                    case 0 -> call("write", args("path", "partial.txt", "content", "half of B"));
                    case 1 -> call("edit", args("path", "notes.txt", "old_string", "user's line",
                            "new_string", "B's half-made line"));
                    case 2 -> call("bash", args("command", "echo made by a shell > shell.txt"));
                    default -> {
                        if (hold.get()) {
                            bHangs.countDown();
                            yield submit().newBuilder().headersDelay(5, TimeUnit.MINUTES).build();
                        }
                        yield submit();
                    }
                };
            } catch (IOException e) {
                return new MockResponse.Builder().code(400).body("{\"error\":{\"message\":\"" + e + "\"}}").build();
            }
        }

        private String state(String file) throws IOException {
            Path path = ws.resolve(file);
            return Files.exists(path) ? Files.readString(path).strip() : "absent";
        }

        static ObjectNode args(String... pairs) {
            ObjectNode node = JSON.createObjectNode();
            for (int i = 0; i < pairs.length; i += 2) {
                node.put(pairs[i], pairs[i + 1]);
            }
            return node;
        }

        static MockResponse submit() {
            return call("submit_result", (ObjectNode) JSON.valueToTree(Map.of("success", true, "summary", "done",
                    "details", "done", "findings", List.of(), "artifacts", Map.of(), "next_steps", List.of())));
        }

        static MockResponse call(String name, ObjectNode arguments) {
            ObjectNode response = JSON.createObjectNode().put("id", "chatcmpl-1").put("object", "chat.completion")
                    .put("created", 1).put("model", "fake");
            ObjectNode message = response.putArray("choices").addObject().put("index", 0)
                    .put("finish_reason", "tool_calls").putObject("message").put("role", "assistant");
            message.putNull("content");
            message.putArray("tool_calls").addObject().put("id", "call_" + System.nanoTime()).put("type", "function")
                    .putObject("function").put("name", name).put("arguments", arguments.toString());
            response.putObject("usage").put("prompt_tokens", 100).put("completion_tokens", 10)
                    .put("total_tokens", 110);
            return new MockResponse.Builder().code(200).addHeader("Content-Type", "application/json")
                    .body(response.toString()).build();
        }
    }

    @Test
    void aRetriedTaskStartsFromTheWorkspaceAsItFoundItAndAParallelTasksWorkStays() throws Exception {
        Path ws = Files.createDirectories(dir.resolve("ws"));
        Files.writeString(ws.resolve("notes.txt"), "user's line\n");
        Path home = Files.createDirectories(dir.resolve("home"));
        Model model = new Model(ws);
        try (MockWebServer server = new MockWebServer()) {
            server.setDispatcher(model);
            server.start();
            String url = server.url("/v1").toString();
            Child first = Child.start(home, Map.of(), "run", "Two things at once", "--run-id", "undo",
                    "--base-url", url, "--model", "openai:fake", "--concurrency", "2", "--sandbox", "off",
                    "-C", ws.toString());
            assertThat(model.bHangs.await(120, TimeUnit.SECONDS)).as("task B reached its last call").isTrue();
            Waiting.until(() -> completed(ws, 1), "task A completed");
            assertThat(Files.readString(ws.resolve("partial.txt"))).isEqualTo("half of B");
            assertThat(Files.readString(ws.resolve("shell.txt"))).isEqualTo("made by a shell\n");
            first.kill();

            model.hold.set(false);
            Child.Result resumed = Child.run(home, Map.of(), "resume", "undo", "--base-url", url,
                    "--model", "openai:fake", "-C", ws.toString());
            assertThat(resumed.exit()).as(resumed.toString()).isZero();
            assertThat(model.atRetry.get()).as("partial.txt | notes.txt | shell.txt at the retry's first call")
                    .isEqualTo("absent|user's line|absent");
            assertThat(Files.readString(ws.resolve("a.txt"))).as("task A's completed change").isEqualTo("A's work\n");
            RunSnapshot done = FileRunStore.read(ws, "undo");
            assertThat(done.run().status()).isEqualTo(RunStatus.COMPLETED);
            String events = Files.readString(done.directory().resolve("events.jsonl"));
            assertThat(events).contains("\"type\":\"task.undone\"");
            assertThat(resumed.out()).contains("task #2: its earlier changes undone (3 restored)");

            Child.Result stat = Child.run(home, Map.of(), "diff", "undo", "--stat", "-C", ws.toString());
            assertThat(stat.out()).as(stat.toString()).contains("task #1 (attempt 1): 1 file")
                    .contains("a.txt | +1 -0 (added)").contains("task #2 (attempt 2): 3 files")
                    .contains("notes.txt | +1 -1").contains("shell.txt | +1 -0 (added)");
            Child.Result statJson = Child.run(home, Map.of(), "diff", "undo", "--stat", "--json", "-C", ws.toString());
            assertThat(statJson.out()).as("--stat --json: counts without the diffs' text").contains("\"added\" : 1")
                    .contains("\"path\" : \"notes.txt\"").doesNotContain("unified").doesNotContain("@@");
            Child.Result diff = Child.run(home, Map.of(), "diff", "undo", "--task", "2", "-C", ws.toString());
            assertThat(diff.out()).contains("--- a/notes.txt", "+++ b/notes.txt", "-user's line",
                    "+B's half-made line").doesNotContain("a.txt");

            // The user changes the line task 2 wrote: rolling task 2 back is refused, naming the file, until --force.
            Files.writeString(ws.resolve("notes.txt"), "the user's own line\n");
            Child.Result refused = Child.run(home, Map.of(), "rollback", "undo", "--task", "2", "-C", ws.toString());
            assertThat(refused.exit()).as(refused.toString()).isEqualTo(1);
            assertThat(refused.err()).contains("notes.txt").contains("someone outside the run");
            assertThat(Files.exists(ws.resolve("partial.txt"))).as("a refused rollback changes nothing").isTrue();
            Child.Result forced = Child.run(home, Map.of(), "rollback", "undo", "--task", "2", "--force",
                    "-C", ws.toString());
            assertThat(forced.exit()).as(forced.toString()).isZero();
            assertThat(forced.out()).contains("rolled back task #2: 3 files restored").contains("kept as");
            assertThat(Files.readString(ws.resolve("notes.txt"))).isEqualTo("user's line\n");
            assertThat(ws.resolve("partial.txt")).doesNotExist();
            assertThat(ws.resolve("shell.txt")).doesNotExist();
            assertThat(Files.readString(ws.resolve("a.txt"))).as("task 1 untouched").isEqualTo("A's work\n");
            assertThat(Files.readString(done.directory().resolve("events.jsonl")))
                    .as("the rollback is an event of the run").contains("\"type\":\"run.rolled_back\"")
                    .contains("\"scope\":\"task #2\"").contains("\"by\":\"cli\"");

            Child.Result whole = Child.run(home, Map.of(), "rollback", "undo", "-C", ws.toString());
            assertThat(whole.exit()).as(whole.toString()).isZero();
            assertThat(ws.resolve("a.txt")).doesNotExist();
            assertThat(Files.readString(ws.resolve("notes.txt"))).isEqualTo("user's line\n");
            Child.Result again = Child.run(home, Map.of(), "rollback", "undo", "--after", "1", "-C", ws.toString());
            assertThat(again.exit()).as(again.toString()).isZero();
            assertThat(again.out()).contains("nothing to roll back: the tasks after #1 have no changes that still stand");
        }
    }

    private static boolean completed(Path ws, int task) {
        try {
            return FileRunStore.read(ws, "undo").task(task).status() == TaskStatus.COMPLETED;
        } catch (RuntimeException notYet) {
            return false;
        }
    }
}
