package dev.longtask.cli.client;

import static dev.longtask.testing.ScriptedModel.call;
import static dev.longtask.testing.ScriptedModel.decide;
import static dev.longtask.testing.ScriptedModel.report;
import static dev.longtask.testing.ScriptedModel.submitResult;
import static dev.longtask.testing.ScriptedModel.write;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.longtask.cli.ExitCode;
import dev.longtask.cli.SubmitCommandTest;
import dev.longtask.cli.view.PlainViews;
import dev.longtask.cli.view.ProgressView;
import dev.longtask.model.llm.ChatMessage;
import dev.longtask.model.Approval;
import dev.longtask.model.ApprovalDecision;
import dev.longtask.server.LongtaskServer;
import dev.longtask.server.ServerOptions;
import dev.longtask.store.file.FileRunStore;
import dev.longtask.testing.EngineFixture;
import dev.longtask.testing.ScriptedModel;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code longtask run --server}: the foreground run's questions reach the attached terminal, which shows the call
 * and reads y/a/n and answers through the API; a question answered elsewhere leaves the screen; without a terminal
 * the question is named with where to answer it.
 */
class AttachedRunTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private static ChatMessage.Assistant writesOneFile(ScriptedModel.Turn turn) {
        return switch (turn.role()) {
            case "planner" -> call("submit_plan", EngineFixture.plan(EngineFixture.task("w", "Write the file",
                    "general", List.of(), Map.of("out", "out/result.md"))));
            case "director" -> decide("stop", "the file is written");
            case "synthesizer" -> report("One file", "# One file\n\nwritten");
            default -> turn.step() == 1 ? write("out/result.md", "the result")
                    : turn.lastResult().startsWith("denied") ? submitResult(false, "the user said: " + turn.lastResult())
                    : submitResult(true, "wrote the file");
        };
    }

    /** A server over the scripted model, its root and workspace under {@code dir}. */
    private record Served(LongtaskServer server, Path workspace) implements AutoCloseable {
        @Override
        public void close() {
            server.close();
        }
    }

    private Served serve(ScriptedModel model) throws Exception {
        Path root = Files.createDirectories(dir.resolve("root"));
        Path ws = EngineFixture.workspace(Files.createDirectories(root.resolve("project")));
        ServerOptions options = ServerOptions.defaults(root).withPort(0).withConfigFiles(List.of());
        return new Served(SubmitCommandTest.server(options, model), ws.toRealPath());
    }

    private static CompletableFuture<ExitCode> attach(Served s, StringWriter screen, InputStream terminal) {
        ObjectNode body = JSON.createObjectNode().put("goal", "write one file").put("workdir", s.workspace().toString());
        PrintWriter out = new PrintWriter(screen, true);
        ProgressView view = PlainViews.of(out, s.workspace());
        AttachedRun attached = new AttachedRun(out, new ServerClient(s.server().url(), null, s.workspace()), terminal,
                view, s.workspace(), Duration.ofMinutes(10), null);
        return CompletableFuture.supplyAsync(() -> attached.run(body));
    }

    @Test
    void theTerminalShowsTheQuestionAndItsAnswerGoesThroughTheServer() throws Exception {
        try (Served s = serve(new ScriptedModel(AttachedRunTest::writesOneFile))) {
            StringWriter screen = new StringWriter();

            ExitCode exit = attach(s, screen, new ByteArrayInputStream("y\n".getBytes(StandardCharsets.UTF_8)))
                    .get(60, TimeUnit.SECONDS);

            assertThat(exit).as(screen.toString()).isEqualTo(ExitCode.OK);
            assertThat(screen.toString()).contains("approval needed (#1): task #1, agent general wants to use write")
                    .contains("new file out/result.md").contains("allow once [y], allow always for this run [a], deny [n]")
                    .contains("question #1 answered by terminal: allowed once").contains("run status: completed");
            assertThat(s.workspace().resolve("out/result.md")).hasContent("the result");
            String run = FileRunStore.list(s.workspace()).get(0);
            assertThat(FileRunStore.read(s.workspace(), run).approvals()).singleElement().satisfies(a -> {
                assertThat(a.answer().by()).isEqualTo("terminal");
                assertThat(a.answer().decision()).isEqualTo(ApprovalDecision.ALLOW_ONCE);
            });
        }
    }

    @Test
    void theRunIsFollowedWithALocalRunsFiguresAndClosingLinesAndAPauseSaysHowToGoOn() throws Exception {
        try (Served s = serve(new ScriptedModel(AttachedRunTest::writesOneFile))) {
            StringWriter screen = new StringWriter();
            assertThat(attach(s, screen, new ByteArrayInputStream("y\n".getBytes(StandardCharsets.UTF_8)))
                    .get(60, TimeUnit.SECONDS)).as(screen.toString()).isEqualTo(ExitCode.OK);
            String run = FileRunStore.list(s.workspace()).get(0);
            assertThat(screen.toString()).as("a foreground run never waits for a slot")
                    .contains("run status: queued (the server's foreground run: it starts at once, outside the pool)")
                    .doesNotContain("waiting for a slot")
                    .contains("[1/1 done, 0 failed, 0 running, 0 pending").contains("| cost $")
                    .contains("run " + run + ": completed").containsPattern("used +[0-9,]+ tokens")
                    .contains("report    " + FileRunStore.runsDirectory(s.workspace()).resolve(run)
                            .resolve("report.md"));

            StringWriter paused = new StringWriter();
            try (PipedOutputStream keys = new PipedOutputStream(); PipedInputStream terminal = new PipedInputStream(keys)) {
                CompletableFuture<ExitCode> exit = attach(s, paused, terminal);
                await("the question on the screen", () -> paused.toString().contains("deny [n]: "));
                String second = FileRunStore.list(s.workspace()).get(0);
                assertThat(post(s, "/api/runs/" + second + "/pause", "").statusCode()).isEqualTo(202);
                assertThat(exit.get(60, TimeUnit.SECONDS)).as(paused.toString()).isEqualTo(ExitCode.PAUSED);
                assertThat(paused.toString()).contains("run " + second + ": paused")
                        .contains("continue  curl -X POST -H \"Authorization: Bearer $TOKEN\" " + s.server().url()
                                + "/api/runs/" + second + "/resume");
            }
        }
    }

    @Test
    void aDenialAtTheTerminalReachesTheAgentWithItsReason() throws Exception {
        try (Served s = serve(new ScriptedModel(AttachedRunTest::writesOneFile))) {
            StringWriter screen = new StringWriter();

            ExitCode exit = attach(s, screen, new ByteArrayInputStream("n\nwrite it to build/\n"
                    .getBytes(StandardCharsets.UTF_8))).get(60, TimeUnit.SECONDS);

            assertThat(exit).as(screen.toString()).isEqualTo(ExitCode.FAILED);
            assertThat(screen.toString()).contains("question #1 answered by terminal: denied (write it to build/)");
            assertThat(s.workspace().resolve("out/result.md")).doesNotExist();
        }
    }

    @Test
    void aQuestionAnsweredElsewhereLeavesTheScreen() throws Exception {
        try (Served s = serve(new ScriptedModel(AttachedRunTest::writesOneFile));
             PipedOutputStream keys = new PipedOutputStream();
             PipedInputStream terminal = new PipedInputStream(keys)) {
            StringWriter screen = new StringWriter();
            CompletableFuture<ExitCode> exit = attach(s, screen, terminal);
            await("the question on the screen", () -> screen.toString().contains("deny [n]: "));
            String run = FileRunStore.list(s.workspace()).get(0);

            HttpResponse<String> answered = post(s, "/api/approvals/" + run + ":1",
                    "{\"decision\":\"allow_always\",\"by\":\"dashboard\"}");

            assertThat(answered.statusCode()).as(answered.body()).isEqualTo(200);
            assertThat(exit.get(60, TimeUnit.SECONDS)).as(screen.toString()).isEqualTo(ExitCode.OK);
            assertThat(screen.toString()).contains("(question #1 was answered elsewhere)")
                    .contains("question #1 answered by dashboard: allowed for the rest of the run");
            assertThat(FileRunStore.read(s.workspace(), run).approvals()).extracting(Approval::answer)
                    .extracting(a -> a.by()).containsExactly("dashboard");
        }
    }

    @Test
    void withoutATerminalTheQuestionIsNamedWithWhereToAnswerIt() throws Exception {
        try (Served s = serve(new ScriptedModel(AttachedRunTest::writesOneFile))) {
            StringWriter screen = new StringWriter();
            CompletableFuture<ExitCode> exit = attach(s, screen, null);
            await("the question named", () -> screen.toString().contains("waits for approval"));
            String run = FileRunStore.list(s.workspace()).get(0);
            assertThat(screen.toString()).contains("question #1 waits for approval: question #1: task #1 (general) "
                    + "wants write: out/result.md; answer it on the dashboard or with curl -X POST")
                    .contains(s.server().url() + "/api/approvals/" + run + ":1");

            assertThat(post(s, "/api/approvals/" + run + ":1", "{\"decision\":\"allow_once\"}").statusCode())
                    .isEqualTo(200);

            assertThat(exit.get(60, TimeUnit.SECONDS)).as(screen.toString()).isEqualTo(ExitCode.OK);
            assertThat(screen.toString()).contains("question #1 answered by api: allowed once");
        }
    }

    private static HttpResponse<String> post(Served s, String path, String body) throws Exception {
        return HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(s.server().url() + path))
                .header("Authorization", "Bearer " + s.server().token()).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private static void await(String what, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofMinutes(2).toNanos(); // a hang, not a slow machine
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting for " + what);
            }
            Thread.sleep(20);
        }
    }
}
