package dev.longtask.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.longtask.api.Longtask;
import dev.longtask.cli.view.JsonOutput;
import dev.longtask.model.RunStatus;
import dev.longtask.server.ApiBackend;
import dev.longtask.server.Approvals;
import dev.longtask.server.LongtaskServer;
import dev.longtask.server.ServerOptions;
import dev.longtask.store.file.FileRunStore;
import dev.longtask.model.run.FsyncPolicy;
import dev.longtask.model.run.StoreOptions;
import dev.longtask.testing.EngineFixture;
import dev.longtask.testing.ScriptedModel;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code longtask submit} against a real server: queued with its priority, or a one-line error. */
public class SubmitCommandTest {
    @TempDir
    Path dir;

    @Test
    void submitQueuesTheRunAndFindsTheTokenAboveTheWorkdir() throws Exception {
        Path root = Files.createDirectories(dir.resolve("root"));
        Path ws = EngineFixture.workspace(Files.createDirectories(root.resolve("project")));
        CountDownLatch hold = new CountDownLatch(1);
        ScriptedModel model = new ScriptedModel(turn -> {
            try {
                hold.await(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return null;
        });
        ServerOptions options = ServerOptions.defaults(root).withPort(0).withMaxRuns(1).withConfigFiles(List.of());
        try (LongtaskServer server = server(options, model)) {
            CliRunner.Result first = CliRunner.run("submit", "Summarise the notes", "--workdir", ws.toString(),
                    "--server", server.url());
            assertThat(first.exit()).as(first.toString()).isZero();
            CliRunner.Result second = CliRunner.run("submit", "Then the rest", "--workdir", ws.toString(),
                    "--server", server.url(), "--priority", "7", "--max-cost", "2.5");
            assertThat(second.exit()).as(second.toString()).isZero();
            assertThat(second.out()).containsPattern("run \\S+: queued \\(position 1 in the queue\\)");
            String id = second.out().split(" ")[1].replace(":", "");
            // the follow line works as printed: attach finds the server and its token as submit did
            assertThat(second.out()).contains("follow: longtask attach " + id + " --server " + server.url() + " -C " + ws);
            var run = FileRunStore.read(ws, id).run();
            assertThat(run.status()).isEqualTo(RunStatus.QUEUED);
            assertThat(run.goal()).isEqualTo("Then the rest");
            assertThat(run.budget().maxCostUsd()).isEqualByComparingTo("2.5");
            CliRunner.Result asJson = CliRunner.run("submit", "And more", "--workdir", ws.toString(),
                    "--server", server.url(), "--json");
            assertThat(asJson.exit()).as(asJson.toString()).isZero();
            com.fasterxml.jackson.databind.JsonNode answer = JsonOutput.mapper().readTree(asJson.out());
            assertThat(answer.path("status").asText()).isEqualTo("queued");
            assertThat(answer.path("pool").path("queue_position").isInt()).as(asJson.out()).isTrue();
            assertThat(FileRunStore.read(ws, answer.path("run_id").asText()).run().goal()).isEqualTo("And more");

            CliRunner.Result bad = CliRunner.run("submit", "x", "--workdir", ws.toString(), "--server", server.url(),
                    "--priority", "5000");
            assertThat(bad.exit()).isEqualTo(ExitCode.USAGE.code());
            assertThat(bad.err()).contains("the server refused the run: 'priority' must be a whole number");
            CliRunner.Result unauthorised = CliRunner.run("submit", "x", "--workdir", dir.toString(), "--server",
                    server.url());
            assertThat(unauthorised.exit()).isEqualTo(ExitCode.USAGE.code());
            assertThat(unauthorised.err()).contains("needs its token, and none was found")
                    .contains("--token-file");

            // Typed in the root the server was started in, for a workdir outside it: the token is found there, so
            // the server's own reason comes back.
            Path outside = Files.createDirectories(dir.resolve("outside")).toRealPath();
            Child.Result refused = Child.startIn(root, dir.resolve("home"), java.util.Map.of(), "submit", "outside",
                    "--workdir", outside.toString(), "--server", server.url()).await();
            assertThat(refused.exit()).as(refused.toString()).isEqualTo(ExitCode.USAGE.code());
            assertThat(refused.err()).contains("workdir " + outside + " is outside the directories this server may"
                    + " work in").doesNotContain("token");
            hold.countDown();
        }
    }

    @Test
    void runWithServerIsTheForegroundRunFollowedFromTheTerminal() throws Exception {
        Path root = Files.createDirectories(dir.resolve("root"));
        Path ws = EngineFixture.workspace(Files.createDirectories(root.resolve("project")));
        ScriptedModel model = new ScriptedModel(turn -> switch (turn.role()) {
            case "planner" -> ScriptedModel.call("submit_plan", EngineFixture.plan(EngineFixture.task("a", "Note it",
                    "general", List.of(), java.util.Map.of("notes", "notes/a.md"))));
            case "director" -> ScriptedModel.decide("stop", "done");
            case "synthesizer" -> ScriptedModel.report("Notes", "# Notes");
            default -> turn.step() == 1 ? ScriptedModel.write("notes/a.md", "a") : ScriptedModel.submitResult(true,
                    "noted");
        });
        ServerOptions options = ServerOptions.defaults(root).withPort(0).withMaxRuns(1).withConfigFiles(List.of());
        try (LongtaskServer server = server(options, model)) {
            CliRunner.Result r = CliRunner.run("run", "Take a note", "--workdir", ws.toString(), "--server",
                    server.url(), "--max-cost", "3", "--approval", "auto");
            assertThat(r.exit()).as(r.toString()).isZero();
            assertThat(r.out()).contains("is the foreground run of " + server.url())
                    .contains("task #1 completed: noted").contains("run status: completed");
            String id = FileRunStore.list(ws).get(0);
            assertThat(FileRunStore.read(ws, id).run().budget().maxCostUsd()).isEqualByComparingTo("3");
            assertThat(FileRunStore.read(ws, id).run().recordedSettings().approval())
                    .isEqualTo(dev.longtask.model.ApprovalMode.AUTO);
            assertThat(FileRunStore.read(ws, id).approvals()).as("--approval auto: nothing asked").isEmpty();
            CliRunner.Result misuse = CliRunner.run("run", "x", "--workdir", ws.toString(), "--server", server.url(),
                    "--run-id", "mine");
            assertThat(misuse.exit()).isEqualTo(ExitCode.USAGE.code());
            assertThat(misuse.err()).contains("--run-id");
        }
    }

    /** A real server whose runtime runs {@code model} and asks its questions through the server. */
    public static LongtaskServer server(ServerOptions options, ScriptedModel model) {
        Approvals approvals = new Approvals();
        return LongtaskServer.start(options, new ApiBackend(Longtask.builder().environment(java.util.Map.of())
                .home(null).llm(model, EngineFixture.models(model).pricing()).fsync(FsyncPolicy.NONE)
                .approver(approvals).build(), StoreOptions.defaults().withFsync(FsyncPolicy.NONE)), approvals);
    }

    @Test
    void noServerIsAOneLineFailure() throws Exception {
        int port;
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = probe.getLocalPort();
        }
        CliRunner.Result r = CliRunner.run("submit", "x", "--workdir", dir.toString(), "--server",
                "http://127.0.0.1:" + port);
        assertThat(r.exit()).isEqualTo(ExitCode.FAILED.code());
        assertThat(r.err().strip()).isEqualTo("longtask: no server answers at http://127.0.0.1:" + port
                + "; start one with `longtask serve` or give its address with --server");
    }
}
