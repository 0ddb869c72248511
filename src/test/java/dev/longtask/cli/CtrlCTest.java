package dev.longtask.cli;

import dev.longtask.testing.ChildJvm;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.longtask.model.RunStatus;
import dev.longtask.model.TaskStatus;
import dev.longtask.store.file.FileRunStore;
import dev.longtask.model.run.RunSnapshot;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import mockwebserver3.Dispatcher;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import org.jetbrains.annotations.NotNull;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Ctrl-C for real: `longtask run` in a child JVM talks to an OpenAI-compatible server (mockwebserver3) that holds
 * the first task's call; SIGINT makes the run pause after saving, exit 130, and `resume` finishes it.
 */
class CtrlCTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    /** Answers like a model: a one-task plan, then the task writes nothing and submits, then director and report. */
    static final class FakeProvider extends Dispatcher {
        final AtomicBoolean hold = new AtomicBoolean(true);
        final CountDownLatch taskCalled = new CountDownLatch(1);

        @NotNull
        @Override
        public MockResponse dispatch(@NotNull RecordedRequest request) {
            try {
                JsonNode body = JSON.readTree(request.getBody().utf8());
                List<String> tools = body.path("tools").findValuesAsText("name");
                int assistantTurns = 0;
                for (JsonNode m : body.path("messages")) {
                    if (m.path("role").asText().equals("assistant")) {
                        assistantTurns++;
                    }
                }
                if (tools.contains("submit_plan")) {
                    ObjectNode task = JSON.createObjectNode().put("key", "only").put("subject", "The only task")
                            .put("instruction", "Say done").put("agent", "general");
                    ObjectNode plan = JSON.createObjectNode();
                    plan.putArray("tasks").add(task);
                    return toolCall("submit_plan", plan);
                }
                if (tools.contains("decide")) {
                    return toolCall("decide", JSON.createObjectNode().put("action", "stop").put("reason", "done"));
                }
                if (tools.contains("submit_report")) {
                    return toolCall("submit_report", JSON.createObjectNode().put("title", "Done")
                            .put("summary", "It is done.").put("markdown", "# Done\n\nIt is done."));
                }
                taskCalled.countDown();
                MockResponse answer = toolCall("submit_result", (ObjectNode) JSON.valueToTree(Map.of(
                        "success", true, "summary", "done", "details", "done", "findings", List.of(),
                        "artifacts", Map.of(), "next_steps", List.of())));
                return hold.get() && assistantTurns == 0
                        ? answer.newBuilder().headersDelay(5, TimeUnit.MINUTES).build() : answer;
            } catch (IOException e) {
                return new MockResponse.Builder().code(400).body("{\"error\":{\"message\":\"" + e + "\"}}").build();
            }
        }

        private static MockResponse toolCall(String name, ObjectNode args) {
            ObjectNode response = JSON.createObjectNode().put("id", "chatcmpl-1").put("object", "chat.completion")
                    .put("created", 1).put("model", "fake");
            ObjectNode message = response.putArray("choices").addObject().put("index", 0)
                    .put("finish_reason", "tool_calls").putObject("message").put("role", "assistant");
            message.putNull("content");
            ArrayNode calls = message.putArray("tool_calls");
            calls.addObject().put("id", "call_" + System.nanoTime()).put("type", "function")
                    .putObject("function").put("name", name).put("arguments", args.toString());
            response.putObject("usage").put("prompt_tokens", 100).put("completion_tokens", 10).put("total_tokens", 110);
            return new MockResponse.Builder().code(200).addHeader("Content-Type", "application/json")
                    .body(response.toString()).build();
        }
    }

    @Test
    void ctrlCPausesAfterSavingWithExit130AndResumeFinishes() throws Exception {
        Path ws = Files.createDirectories(dir.resolve("ws"));
        Files.writeString(ws.resolve("notes.txt"), "a file to work on\n");
        FakeProvider provider = new FakeProvider();
        try (MockWebServer server = new MockWebServer()) {
            server.setDispatcher(provider);
            server.start();
            String baseUrl = server.url("/v1").toString();
            Process child = longtask(ws, "run", "Do the one thing", "--run-id", "ctrl-c",
                    "--base-url", baseUrl, "--model", "openai:fake");
            assertThat(provider.taskCalled.await(60, TimeUnit.SECONDS)).as("the task reached the model").isTrue();
            Process kill = new ProcessBuilder("kill", "-INT", Long.toString(child.pid())).start();
            assertThat(kill.waitFor()).isZero();
            boolean stopped = child.waitFor(2, TimeUnit.MINUTES);
            if (!stopped) {
                // its threads, and what it printed up to then, say where it hung
                new ProcessBuilder("kill", "-QUIT", Long.toString(child.pid())).start().waitFor();
                Thread.sleep(2000);
                child.destroyForcibly().waitFor(1, TimeUnit.MINUTES);
            }
            String output = Files.readString(dir.resolve("output-" + child.pid() + ".txt"));
            assertThat(stopped).as("the run stopped after Ctrl-C; it printed:\n" + output).isTrue();

            assertThat(child.exitValue()).as(output).isEqualTo(130);
            assertThat(output).contains("interrupted").contains("longtask resume ctrl-c");
            RunSnapshot paused = FileRunStore.read(ws, "ctrl-c");
            assertThat(paused.run().status()).isEqualTo(RunStatus.INTERRUPTED);
            assertThat(paused.run().statusReason()).contains("Ctrl-C");
            assertThat(paused.task(1).status()).isEqualTo(TaskStatus.PENDING);

            provider.hold.set(false);
            Process resume = longtask(ws, "resume", "ctrl-c", "--base-url", baseUrl, "--model", "openai:fake");
            assertThat(resume.waitFor(60, TimeUnit.SECONDS)).isTrue();
            String resumed = Files.readString(dir.resolve("output-" + resume.pid() + ".txt"));
            assertThat(resume.exitValue()).as(resumed).isZero();
            RunSnapshot done = FileRunStore.read(ws, "ctrl-c");
            assertThat(done.run().status()).isEqualTo(RunStatus.COMPLETED);
            assertThat(done.task(1).attempts()).isEqualTo(2);
            assertThat(Files.readString(done.directory().resolve("report.md"))).contains("It is done.");
        }
    }

    /**
     * Starts the child with Ctrl-C as a terminal delivers it. A suite started in the background by a shell without job
     * control ({@code .ci/run &}) inherits SIGINT ignored, and a JVM started so never installs its Ctrl-C handler, as
     * any program run from such a script would not stop on it: the child then waited out the model's five minutes.
     * Neither a shell nor Java can undo an ignored signal; perl (Debian's perl-base, always installed) can.
     */
    private static final List<String> RESTORE_CTRL_C = List.of("perl", "-e",
            "$SIG{INT} = 'DEFAULT'; exec { $ARGV[0] } @ARGV or die \"cannot start $ARGV[0]: $!\\n\"");

    private Process longtask(Path ws, String... args) throws IOException {
        List<String> command = new ArrayList<>(RESTORE_CTRL_C);
        command.addAll(ChildJvm.testMain(Main.class, List.of("-Duser.home=" + dir.resolve("home"))));
        command.addAll(List.of(args));
        command.addAll(List.of("--workdir", ws.toString()));
        Path output = Files.createTempFile(dir, "output", ".txt");
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(output.toFile());
        pb.environment().keySet().removeIf(k -> k.contains("API_KEY") || k.startsWith("LONGTASK_") || k.equals("OPENAI_BASE_URL"));
        Process started = pb.start();
        Files.move(output, dir.resolve("output-" + started.pid() + ".txt"));
        return started;
    }
}
