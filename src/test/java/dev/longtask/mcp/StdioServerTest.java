package dev.longtask.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.longtask.model.ApprovalMode;
import dev.longtask.model.RunSettings;
import dev.longtask.model.RunStatus;
import dev.longtask.model.SandboxMode;
import dev.longtask.model.TaskStatus;
import dev.longtask.review.ReviewFixture;
import dev.longtask.store.file.FileRunStore;
import dev.longtask.testing.NodePeers;
import dev.longtask.model.run.RunSnapshot;
import dev.longtask.store.file.RunWriter;
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
 * in a process of its own when the server is stopped as Claude Code stops it; that process, stopped by SIGINT then
 * SIGTERM while planning, saves the run as interrupted; a run whose process was killed is said to be gone.
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
            assertThat(tools.path("tools")).hasSize(9);
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
        try (ScriptedProvider model = new ScriptedProvider(oneTask());
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
            awaitEnded(ws, runId);
        }
    }

    @Test
    void aRunGoesOnInAProcessOfItsOwnWhenTheClientStopsTheServerAsClaudeCodeDoes() throws Exception {
        Path ws = workspace();
        try (ScriptedProvider model = new ScriptedProvider(slow(1000));
             StdioPeer server = server(ws, model)) {
            server.initialize();
            String runId = start(server, "Summarise the notes");
            long carrier = waitForWriter(ws, runId, server);
            assertThat(carrier).as("the run is carried by a process of its own").isNotEqualTo(server.pid());
            // Claude Code, on exit: SIGINT, then SIGTERM 100 ms later.
            StdioPeer.signal(server.pid(), "INT");
            Thread.sleep(100);
            StdioPeer.signal(server.pid(), "TERM");
            server.waitForExit(Duration.ofSeconds(60));
            assertThat(ProcessHandle.of(carrier)).as("the run's process outlives the server").isPresent();
            model.latency(Duration.ZERO);
            RunSnapshot run = awaitEnded(ws, runId);
            assertThat(run.run().status()).as(log(ws, runId)).isEqualTo(RunStatus.COMPLETED);
            assertThat(run.tasks()).hasSize(3).allMatch(t -> t.status() == TaskStatus.COMPLETED);
        }
    }

    @Test
    void sigintThenSigtermWhilePlanningSavesTheRunAsInterruptedAndStatusSendsToResume() throws Exception {
        Path ws = workspace();
        String runId;
        try (ScriptedProvider model = new ScriptedProvider(slow(3000));
             StdioPeer server = server(ws, model)) {
            server.initialize();
            runId = start(server, "Summarise the notes");
            long carrier = waitForWriter(ws, runId, server);
            waitUntil(() -> FileRunStore.read(ws, runId).run().status() == RunStatus.PLANNING, server);
            StdioPeer.signal(carrier, "INT");
            Thread.sleep(100);
            StdioPeer.signal(carrier, "TERM");
            ProcessHandle.of(carrier).ifPresent(p -> p.onExit().orTimeout(60, java.util.concurrent.TimeUnit.SECONDS)
                    .join());
            model.latency(Duration.ZERO);
            RunSnapshot stopped = FileRunStore.read(ws, runId);
            assertThat(stopped.run().status()).as(log(ws, runId)).isEqualTo(RunStatus.INTERRUPTED);

            JsonNode status = server.call("longtask_status", StdioPeer.JSON.createObjectNode().put("run_id", runId));
            assertThat(status.path("structuredContent").path("status").asText()).isEqualTo("interrupted");
            assertThat(status.path("structuredContent").path("next").asText()).contains("longtask_resume");
            JsonNode resumed = server.call("longtask_resume", StdioPeer.JSON.createObjectNode().put("run_id", runId));
            assertThat(resumed.path("isError").asBoolean()).as(resumed.toString()).isFalse();
            assertThat(resumed.path("structuredContent").path("summary").asText()).contains("resumed");
            JsonNode waited = server.call("longtask_status", StdioPeer.JSON.createObjectNode().put("run_id", runId)
                    .put("wait_seconds", 120));
            assertThat(waited.path("structuredContent").path("status").asText()).as(log(ws, runId))
                    .isEqualTo("completed");
            server.closeInput();
            assertThat(server.waitForExit(Duration.ofSeconds(60))).isZero();
        }
        assertThat(awaitEnded(ws, runId).tasks()).as(log(ws, runId)).hasSize(3)
                .allMatch(t -> t.status() == TaskStatus.COMPLETED);
    }

    @Test
    void aRunWhoseProcessIsGoneIsSaidToBeSoWithoutWaitingAndResumes() throws Exception {
        Path ws = workspace();
        try (ScriptedProvider model = new ScriptedProvider(slow(500));
             StdioPeer server = server(ws, model)) {
            server.initialize();
            String runId = start(server, "Summarise the notes");
            long carrier = waitForWriter(ws, runId, server);
            waitUntil(() -> FileRunStore.read(ws, runId).tasks().stream()
                    .anyMatch(t -> t.status() == TaskStatus.IN_PROGRESS), server);
            StdioPeer.signal(carrier, "KILL");
            ProcessHandle.of(carrier).ifPresent(p -> p.onExit().orTimeout(60, java.util.concurrent.TimeUnit.SECONDS)
                    .join());
            model.latency(Duration.ZERO);

            // Waiting up to 600 s for a run nobody carries would block the client for nothing: it answers at once.
            JsonNode status = server.call("longtask_status", StdioPeer.JSON.createObjectNode().put("run_id", runId)
                    .put("wait_seconds", 600));
            JsonNode structured = status.path("structuredContent");
            assertThat(structured.path("process_gone").asBoolean()).as(status.toString()).isTrue();
            assertThat(structured.path("summary").asText()).contains("not running (process gone: it was running");
            assertThat(structured.path("next").asText()).contains("longtask_resume");
            String text = status.path("content").get(0).path("text").asText();
            assertThat(text).contains(structured.path("summary").asText())
                    .endsWith("next: " + structured.path("next").asText());

            JsonNode resumed = server.call("longtask_resume", StdioPeer.JSON.createObjectNode().put("run_id", runId));
            assertThat(resumed.path("isError").asBoolean()).as(resumed.toString()).isFalse();
            JsonNode waited = server.call("longtask_status", StdioPeer.JSON.createObjectNode().put("run_id", runId)
                    .put("wait_seconds", 120));
            assertThat(waited.path("structuredContent").path("status").asText()).as(log(ws, runId))
                    .isEqualTo("completed");
            assertThat(waited.path("structuredContent").path("process_gone").asBoolean()).isFalse();

            // What a model reads of the tasks is small: id, subject, status and attempt; details on request.
            JsonNode tasks = server.call("longtask_tasks", StdioPeer.JSON.createObjectNode().put("run_id", runId));
            JsonNode listed = tasks.path("structuredContent");
            assertThat(listed.path("tasks")).hasSize(3).allSatisfy(t -> assertThat(StdioPeer.JSON
                    .convertValue(t, Map.class)).containsOnlyKeys("id", "subject", "status", "attempt"));
            assertThat(listed.toString()).hasSizeLessThan(800);
            assertThat(tasks.path("content").get(0).path("text").asText())
                    .endsWith("next: " + listed.path("next").asText());
            JsonNode one = server.call("longtask_tasks", StdioPeer.JSON.createObjectNode().put("run_id", runId)
                    .put("task_id", 2));
            assertThat(one.path("structuredContent").path("task").path("instruction").asText()).isNotBlank();
            assertThat(one.path("structuredContent").path("task").path("attempt").asInt()).isEqualTo(
                    FileRunStore.read(ws, runId).tasks().get(1).attempts());
            server.closeInput();
            assertThat(server.waitForExit(Duration.ofSeconds(60))).isZero();
            awaitEnded(ws, runId);
        }
    }

    @Test
    void runsStayUnderTheWorkdirAndTheRootsAsUnderServe() throws Exception {
        Path ws = workspace();
        Path outside = Files.createDirectories(dir.resolve("outside")).toRealPath();
        Path extra = Files.createDirectories(dir.resolve("extra")).toRealPath();
        Files.createSymbolicLink(ws.resolve("escape"), outside);
        try (ScriptedProvider model = new ScriptedProvider(oneTask());
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
            awaitEnded(extra, allowed.path("structuredContent").path("run_id").asText());
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
            assertThat(pause.path("content").get(0).path("text").asText()).contains("stopped after saving");
            assertThat(pause.path("structuredContent").path("status").asText()).isEqualTo("interrupted");
            JsonNode after = server.call("longtask_status", StdioPeer.JSON.createObjectNode().put("run_id", paused)
                    .put("wait_seconds", 60));
            assertThat(after.path("structuredContent").path("status").asText()).isEqualTo("interrupted");
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
            assertThat(waited.path("structuredContent").path("status").asText())
                    .as(log(repo, runId)).isEqualTo("completed");
            assertThat(waited.path("content").get(0).path("text").asText())
                    .contains("Review the code of this repository").contains("security, bug");
            JsonNode report = server.call("longtask_report", StdioPeer.JSON.createObjectNode().put("run_id", runId)
                    .put("workdir", repo.toString()));
            assertThat(report.path("isError").asBoolean()).isFalse();
            String checked = Files.readString(FileRunStore.read(repo, runId).directory()
                    .resolve("results/review/review.md"));
            assertThat(report.path("content").get(0).path("text").asText()).as("the checked report, not report.md")
                    .startsWith(checked);
            assertThat(report.path("structuredContent").path("report").asText()).isEqualTo(checked);
            server.closeInput();
            assertThat(server.waitForExit(Duration.ofSeconds(60))).isZero();
        }
    }

    /** Waits until the run has a live process carrying it (it is opened by one of its own), and returns its pid. */
    private static long waitForWriter(Path ws, String runId, StdioPeer server) throws InterruptedException {
        waitUntil(() -> RunWriter.livePid(ws, runId).isPresent(), server);
        return RunWriter.livePid(ws, runId).orElseThrow();
    }

    /** Waits until no process carries the run and it is at rest, and returns it. */
    static RunSnapshot awaitEnded(Path ws, String runId) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(180).toNanos();
        while (true) {
            RunSnapshot run = FileRunStore.read(ws, runId);
            RunStatus s = run.run().status();
            boolean atRest = s != RunStatus.CREATED && s != RunStatus.PLANNING && s != RunStatus.RUNNING;
            if (atRest && RunWriter.livePid(ws, runId).isEmpty()) {
                return run;
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("run " + runId + " did not end within 180 s: " + s + "\n" + log(ws, runId));
            }
            Thread.sleep(100);
        }
    }

    /** What the process that carried the run printed. */
    static String log(Path ws, String runId) {
        try {
            return Files.readString(ws.resolve(".longtask/mcp/" + runId + ".log"));
        } catch (java.io.IOException e) {
            return "(no log: " + e + ")";
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

    /** For a test that only needs its run to end: what it proves is said when the run starts. */
    private static ScriptedProvider.Options oneTask() {
        return new ScriptedProvider.Options(0, 1, Duration.ZERO, null, 0, 0, null);
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
