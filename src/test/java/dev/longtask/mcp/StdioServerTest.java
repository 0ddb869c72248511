package dev.longtask.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.longtask.model.ApprovalMode;
import dev.longtask.model.RunSettings;
import dev.longtask.model.RunStatus;
import dev.longtask.model.SandboxMode;
import dev.longtask.model.TaskStatus;
import dev.longtask.review.ReviewFixture;
import dev.longtask.store.FileRunStore;
import dev.longtask.testing.NodePeers;
import dev.longtask.store.RunSnapshot;
import dev.longtask.testing.ScriptedProvider;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code longtask mcp} as a process: stdout carries the protocol and nothing else; a run started by a client goes on
 * when the client closes its end, and the server exits once the run has ended; SIGTERM stops a run after it saves,
 * and another server resumes it to completion.
 */
class StdioServerTest {
    @TempDir
    Path dir;

    @Test
    void stdoutCarriesTheProtocolAndNothingElse() throws Exception {
        Path ws = workspace();
        try (StdioPeer server = new StdioPeer(NodePeers.longtask(dir.resolve("home"), "mcp", "--workdir",
                ws.toString(), "--model", "openai:scripted", "--base-url", "http://127.0.0.1:9/v1"),
                Map.of("OPENAI_API_KEY", "not-a-real-key"))) {
            JsonNode init = server.initialize();
            assertThat(init.path("serverInfo").path("name").asText()).isEqualTo("longtask");
            assertThat(init.path("instructions").asText()).contains("longtask_start");
            JsonNode tools = server.request("tools/list", StdioPeer.JSON.createObjectNode());
            assertThat(tools.path("tools")).hasSize(8);
            JsonNode listed = server.call("longtask_status", StdioPeer.JSON.createObjectNode());
            assertThat(listed.path("content").get(0).path("text").asText()).contains("no runs in");
            server.closeInput();
            assertThat(server.waitForExit(Duration.ofSeconds(60))).as(server.stderr()).isZero();
            assertThat(server.stdout).hasSize(3).allSatisfy(line ->
                    assertThat(StdioPeer.JSON.readTree(line).path("jsonrpc").asText()).isEqualTo("2.0"));
        }
    }

    @Test
    void theApprovalFlagAndTheConfiguredSandboxReachTheRunsOfTheServer() throws Exception {
        Path ws = workspace();
        Files.createDirectories(ws.resolve(".longtask"));
        Files.writeString(ws.resolve(".longtask/config.yaml"), "sandbox: off\n");
        try (ScriptedProvider model = new ScriptedProvider(slow(0));
             StdioPeer server = new StdioPeer(NodePeers.longtask(dir.resolve("home"), "mcp", "--workdir",
                     ws.toString(), "--approval", "read-only", "--trust-workspace-config", "--model", "openai:scripted",
                     "--base-url",
                     model.baseUrl()), Map.of("OPENAI_API_KEY", "not-a-real-key"))) {
            server.initialize();
            String runId = start(server, "Summarise the notes");
            RunSettings recorded = FileRunStore.read(ws, runId).run().recordedSettings();
            assertThat(server.stderr()).contains("--trust-workspace-config: the configuration of every workspace");
            assertThat(recorded.approval()).isEqualTo(ApprovalMode.READ_ONLY);
            assertThat(recorded.sandbox()).isEqualTo(SandboxMode.OFF);
            server.closeInput();
            assertThat(server.waitForExit(Duration.ofSeconds(120))).as(server.stderr()).isZero();
        }
    }

    @Test
    void aRunGoesOnWhenTheClientLeavesAndTheServerExitsWhenItHasEnded() throws Exception {
        Path ws = workspace();
        try (ScriptedProvider model = new ScriptedProvider(slow(100));
             StdioPeer server = server(ws, model)) {
            server.initialize();
            String runId = start(server, "Summarise the notes");
            server.closeInput();
            assertThat(FileRunStore.read(ws, runId).run().status()).isNotEqualTo(RunStatus.COMPLETED);
            assertThat(server.waitForExit(Duration.ofSeconds(120))).as(server.stderr()).isZero();
            RunSnapshot run = FileRunStore.read(ws, runId);
            assertThat(run.run().status()).isEqualTo(RunStatus.COMPLETED);
            assertThat(run.tasks()).hasSize(3).allMatch(t -> t.status() == TaskStatus.COMPLETED);
        }
    }

    @Test
    void sigtermStopsARunAfterItSavesAndAnotherServerResumesIt() throws Exception {
        Path ws = workspace();
        String runId;
        try (ScriptedProvider model = new ScriptedProvider(slow(400));
             StdioPeer first = server(ws, model)) {
            first.initialize();
            runId = start(first, "Summarise the notes");
            waitUntil(() -> FileRunStore.read(ws, runId).tasks().stream()
                    .anyMatch(t -> t.status() == TaskStatus.IN_PROGRESS), first);
            first.terminate();
            int exit = first.waitForExit(Duration.ofSeconds(60));
            RunSnapshot stopped = FileRunStore.read(ws, runId);
            assertThat(stopped.run().status()).as("exit %d: %s", exit, first.stderr()).isEqualTo(RunStatus.INTERRUPTED);
            assertThat(stopped.tasks()).noneMatch(t -> t.status() == TaskStatus.IN_PROGRESS);

            try (StdioPeer second = server(ws, model)) {
                second.initialize();
                JsonNode resumed = second.call("longtask_resume", StdioPeer.JSON.createObjectNode().put("run_id", runId));
                assertThat(resumed.path("isError").asBoolean()).as(resumed.toString()).isFalse();
                assertThat(resumed.path("content").get(0).path("text").asText()).contains("resumed");
                JsonNode waited = second.call("longtask_status", StdioPeer.JSON.createObjectNode().put("run_id", runId)
                        .put("wait_seconds", 120));
                assertThat(waited.path("structuredContent").path("figures").path("status").asText())
                        .as(second.stderr()).isEqualTo("completed");
                second.closeInput();
                assertThat(second.waitForExit(Duration.ofSeconds(60))).isZero();
            }
        }
        assertThat(FileRunStore.read(ws, runId).tasks()).allMatch(t -> t.status() == TaskStatus.COMPLETED);
    }

    @Test
    void runsStayUnderTheWorkdirAndTheRootsAsUnderServe() throws Exception {
        Path ws = workspace();
        Path outside = Files.createDirectories(dir.resolve("outside")).toRealPath();
        Path extra = Files.createDirectories(dir.resolve("extra")).toRealPath();
        Files.createSymbolicLink(ws.resolve("escape"), outside);
        try (ScriptedProvider model = new ScriptedProvider(slow(0));
             StdioPeer server = new StdioPeer(NodePeers.longtask(dir.resolve("home"), "mcp", "--workdir",
                     ws.toString(), "--root", extra.toString(), "--model", "openai:scripted", "--base-url",
                     model.baseUrl()), Map.of("OPENAI_API_KEY", "not-a-real-key"))) {
            server.initialize();
            for (String escape : List.of(outside.toString(), "../outside", "escape")) {
                JsonNode refused = server.call("longtask_start", StdioPeer.JSON.createObjectNode()
                        .put("goal", "escape").put("workdir", escape));
                assertThat(refused.path("isError").asBoolean()).as(escape + ": " + refused).isTrue();
                assertThat(refused.path("content").get(0).path("text").asText())
                        .contains("workdir " + outside + " is outside the directories this MCP server may work in")
                        .contains(ws.toString()).contains(extra.toString()).contains("--root");
            }
            JsonNode review = server.call("longtask_review", StdioPeer.JSON.createObjectNode()
                    .put("path", outside.toString()));
            assertThat(review.path("isError").asBoolean()).as(review.toString()).isTrue();
            JsonNode status = server.call("longtask_status", StdioPeer.JSON.createObjectNode()
                    .put("workdir", outside.toString()));
            assertThat(status.path("isError").asBoolean()).as(status.toString()).isTrue();
            assertThat(outside.resolve(".longtask")).as("nothing is written outside the roots").doesNotExist();

            JsonNode allowed = server.call("longtask_start", StdioPeer.JSON.createObjectNode()
                    .put("goal", "Summarise the notes").put("workdir", extra.toString()));
            assertThat(allowed.path("isError").asBoolean()).as(allowed.toString()).isFalse();
            assertThat(allowed.path("structuredContent").path("workdir").asText()).isEqualTo(extra.toString());
            server.closeInput();
            assertThat(server.waitForExit(Duration.ofSeconds(120))).as(server.stderr()).isZero();
        }
    }

    @Test
    void pauseAndCancelActOnTheRunsOfThisServer() throws Exception {
        Path ws = workspace();
        try (ScriptedProvider model = new ScriptedProvider(slow(200));
             StdioPeer server = server(ws, model)) {
            server.initialize();
            String paused = startOneAtATime(server, "Summarise the notes");
            waitUntil(() -> FileRunStore.read(ws, paused).tasks().stream()
                    .anyMatch(t -> t.status() == TaskStatus.COMPLETED), server);
            JsonNode pause = server.call("longtask_pause", StdioPeer.JSON.createObjectNode().put("run_id", paused));
            assertThat(pause.path("content").get(0).path("text").asText()).contains("pausing");
            JsonNode after = server.call("longtask_status", StdioPeer.JSON.createObjectNode().put("run_id", paused)
                    .put("wait_seconds", 60));
            assertThat(after.path("structuredContent").path("figures").path("status").asText()).isEqualTo("paused");
            assertThat(after.path("content").get(0).path("text").asText()).contains("longtask_resume");

            JsonNode cancel = server.call("longtask_cancel", StdioPeer.JSON.createObjectNode().put("run_id", paused));
            assertThat(cancel.path("content").get(0).path("text").asText()).contains("cancelled");
            assertThat(FileRunStore.read(ws, paused).run().status()).isEqualTo(RunStatus.CANCELLED);
            assertNothingWaits(ws, paused);
            JsonNode again = server.call("longtask_resume", StdioPeer.JSON.createObjectNode().put("run_id", paused));
            assertThat(again.path("isError").asBoolean()).as(again.toString()).isTrue();
            assertThat(again.path("content").get(0).path("text").asText()).contains("cannot be resumed")
                    .contains("start a new run with longtask_start");

            String running = startOneAtATime(server, "Summarise the notes again");
            waitUntil(() -> FileRunStore.read(ws, running).tasks().stream()
                    .anyMatch(t -> t.status() == TaskStatus.COMPLETED), server);
            JsonNode stop = server.call("longtask_cancel", StdioPeer.JSON.createObjectNode().put("run_id", running));
            assertThat(stop.path("isError").asBoolean()).as(stop.toString()).isFalse();
            assertThat(FileRunStore.read(ws, running).run().status()).isEqualTo(RunStatus.CANCELLED);
            assertNothingWaits(ws, running);
            JsonNode listed = server.call("longtask_tasks", StdioPeer.JSON.createObjectNode().put("run_id", running));
            assertThat(listed.path("content").get(0).path("text").asText()).contains("[-]").doesNotContain("[ ]");
            JsonNode report = server.call("longtask_report", StdioPeer.JSON.createObjectNode().put("run_id", paused));
            assertThat(report.path("isError").asBoolean()).isTrue();
            assertThat(report.path("content").get(0).path("text").asText()).contains("no report yet")
                    .contains("cancelled");
            server.closeInput();
            assertThat(server.waitForExit(Duration.ofSeconds(60))).isZero();
        }
    }

    @Test
    void aCodeReviewStartsFromItsPathAndEndsWithItsCheckedReport() throws Exception {
        Path repo = ReviewFixture.copyTo(dir.resolve("copy")).resolve("go").toRealPath();
        try (ScriptedProvider model = new ScriptedProvider(ScriptedProvider.Options.defaults());
             StdioPeer server = new StdioPeer(NodePeers.longtask(dir.resolve("home"), "mcp", "--workdir",
                     workspace().toString(), "--root", repo.toString(), "--model", "openai:scripted", "--base-url",
                     model.baseUrl()), Map.of("OPENAI_API_KEY", "not-a-real-key"))) {
            server.initialize();
            JsonNode badFocus = server.call("longtask_review", StdioPeer.JSON.createObjectNode()
                    .put("path", repo.toString()).put("focus", "speling"));
            assertThat(badFocus.path("isError").asBoolean()).isTrue();
            assertThat(badFocus.path("content").get(0).path("text").asText()).contains("unknown focus speling")
                    .contains("security");

            JsonNode started = server.call("longtask_review", StdioPeer.JSON.createObjectNode()
                    .put("path", repo.toString()).put("focus", "security,bug"));
            assertThat(started.path("isError").asBoolean()).as(started.toString()).isFalse();
            String runId = started.path("structuredContent").path("run_id").asText();
            assertThat(started.path("structuredContent").path("workdir").asText()).isEqualTo(repo.toString());
            JsonNode waited = server.call("longtask_status", StdioPeer.JSON.createObjectNode().put("run_id", runId)
                    .put("workdir", repo.toString()).put("wait_seconds", 120));
            assertThat(waited.path("structuredContent").path("figures").path("status").asText())
                    .as(server.stderr()).isEqualTo("completed");
            assertThat(waited.path("structuredContent").path("figures").path("goal").asText())
                    .contains("Review the code of this repository").contains("security, bug");
            JsonNode report = server.call("longtask_report", StdioPeer.JSON.createObjectNode().put("run_id", runId)
                    .put("workdir", repo.toString()));
            assertThat(report.path("isError").asBoolean()).isFalse();
            assertThat(report.path("content").get(0).path("text").asText()).as("the checked report, not report.md")
                    .isEqualTo(Files.readString(FileRunStore.read(repo, runId).directory()
                            .resolve("results/review/review.md")));
            server.closeInput();
            assertThat(server.waitForExit(Duration.ofSeconds(60))).isZero();
        }
    }

    /** A cancelled run ends as 'longtask cancel' leaves one: its finished tasks kept, the others cancelled. */
    private static void assertNothingWaits(Path ws, String runId) {
        assertThat(FileRunStore.read(ws, runId).tasks()).as("the tasks of cancelled run %s", runId)
                .anyMatch(t -> t.status() == TaskStatus.COMPLETED)
                .anyMatch(t -> t.status() == TaskStatus.CANCELLED)
                .noneMatch(t -> t.status() == TaskStatus.PENDING || t.status() == TaskStatus.IN_PROGRESS);
    }

    private StdioPeer server(Path ws, ScriptedProvider model) throws Exception {
        return new StdioPeer(NodePeers.longtask(dir.resolve("home"), "mcp", "--workdir", ws.toString(),
                "--model", "openai:scripted", "--base-url", model.baseUrl()), Map.of("OPENAI_API_KEY", "not-a-real-key"));
    }

    private static String start(StdioPeer server, String goal) throws Exception {
        JsonNode started = server.call("longtask_start", StdioPeer.JSON.createObjectNode().put("goal", goal));
        assertThat(started.path("isError").asBoolean()).as(started.toString()).isFalse();
        return started.path("structuredContent").path("run_id").asText();
    }

    /** A run that works its tasks one after the other, so it has some done and some waiting for a while. */
    private static String startOneAtATime(StdioPeer server, String goal) throws Exception {
        JsonNode started = server.call("longtask_start", StdioPeer.JSON.createObjectNode().put("goal", goal)
                .put("concurrency", 1));
        assertThat(started.path("isError").asBoolean()).as(started.toString()).isFalse();
        return started.path("structuredContent").path("run_id").asText();
    }

    private static ScriptedProvider.Options slow(long millis) {
        return new ScriptedProvider.Options(0, 3, Duration.ofMillis(millis), null, 0, 0, null);
    }

    private Path workspace() throws Exception {
        Path ws = Files.createDirectories(dir.resolve("ws")).toRealPath();
        Files.writeString(ws.resolve("notes.txt"), "a note to summarise\n");
        return ws;
    }

    private static void waitUntil(java.util.function.BooleanSupplier condition, StdioPeer server)
            throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline || !server.isAlive()) {
                throw new AssertionError("the condition did not hold within 60 s; stderr:\n" + server.stderr());
            }
            Thread.sleep(50);
        }
    }
}
