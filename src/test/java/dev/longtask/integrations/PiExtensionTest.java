package dev.longtask.integrations;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.longtask.model.RunStatus;
import dev.longtask.store.file.FileRunStore;
import dev.longtask.model.run.RunSnapshot;
import dev.longtask.store.file.RunWriter;
import dev.longtask.testing.NodePeers;
import dev.longtask.testing.ScriptedAgent;
import dev.longtask.testing.ScriptedProvider;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The pi package of integrations/pi in the real pi from npm ({@code pi --mode json -p}), its model the scripted agent
 * and longtask's the scripted model: the agent calls {@code long_task} with the user's goal, the extension starts the
 * run through {@code longtask mcp}, streams its progress, and returns the report, which the agent's answer quotes;
 * then a second pi session on the same session file answers {@code /task-status} about the same run.
 */
class PiExtensionTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Path PACKAGE = Path.of("integrations", "pi").toAbsolutePath();

    @TempDir
    Path dir;

    @Test
    void piHandsTheGoalToLongtaskFollowsItAndAnswersWithTheReport() throws Exception {
        NodePeers.require("@mariozechner/pi-coding-agent");
        requirePackageInstalled();
        Path ws = Files.createDirectories(dir.resolve("ws")).toRealPath();
        Files.writeString(ws.resolve("notes.txt"), "a note to summarise\n");
        Path agentDir = Files.createDirectories(dir.resolve("pi-agent"));
        Path sessions = Files.createDirectories(dir.resolve("pi-sessions"));
        ScriptedProvider.Options slow = new ScriptedProvider.Options(0, 3, Duration.ofMillis(300), null, 0, 0, null);
        try (ScriptedProvider longtaskModel = new ScriptedProvider(slow);
             ScriptedAgent piModel = new ScriptedAgent()) {
            Files.writeString(agentDir.resolve("models.json"), """
                    {"providers": {"scripted": {"baseUrl": "%s", "api": "openai-completions", "apiKey": "x",
                      "compat": {"supportsDeveloperRole": false, "supportsReasoningEffort": false},
                      "models": [{"id": "agent"}]}}}""".formatted(piModel.baseUrl()));
            List<String> server = NodePeers.longtask(dir.resolve("home"), "mcp", "--model", "openai:scripted",
                    "--base-url", longtaskModel.baseUrl());
            Map<String, String> env = Map.of("PI_CODING_AGENT_DIR", agentDir.toString(), "PI_OFFLINE", "1",
                    "LONGTASK_MCP_COMMAND", JSON.writeValueAsString(server), "OPENAI_API_KEY", "not-a-real-key");

            String out = pi(ws, env, "--mode", "json", "--session-dir", sessions.toString(), "-p",
                    "Summarise the notes");
            List<JsonNode> events = new ArrayList<>();
            for (String line : out.split("\n")) {
                if (line.startsWith("{")) {
                    events.add(JSON.readTree(line));
                }
            }
            JsonNode start = only(events, "tool_execution_start");
            assertThat(start.path("toolName").asText()).isEqualTo("long_task");
            assertThat(start.path("args").path("goal").asText()).isEqualTo("Summarise the notes");
            List<String> updates = events.stream().filter(e -> e.path("type").asText().equals("tool_execution_update"))
                    .map(e -> e.path("partialResult").path("content").get(0).path("text").asText()).toList();
            assertThat(updates).as(out).anyMatch(u -> u.contains("started"))
                    .anyMatch(u -> u.contains("tasks done") && u.contains("tokens"));
            JsonNode end = only(events, "tool_execution_end");
            assertThat(end.path("isError").asBoolean()).as(end.toString()).isFalse();
            String runId = end.path("result").path("details").path("run_id").asText();
            RunSnapshot run = awaitEnded(ws, runId);
            assertThat(run.run().status()).isEqualTo(RunStatus.COMPLETED);
            String report = Files.readString(run.directory().resolve("report.md"));
            assertThat(end.path("result").path("content").get(0).path("text").asText()).isEqualTo(report);
            assertThat(out).contains(JSON.writeValueAsString(ScriptedAgent.DONE + "\n" + report).replaceAll("^\"|\"$",
                    ""));

            // A later session picks the run up from the session file.
            String status = pi(ws, env, "--mode", "json", "--session-dir", sessions.toString(), "-c", "-p",
                    "/task-status");
            assertThat(status).as(status).contains("run " + runId + ": completed");
        }
    }

    private static JsonNode only(List<JsonNode> events, String type) {
        List<JsonNode> found = events.stream().filter(e -> e.path("type").asText().equals(type)).toList();
        assertThat(found).as(type).hasSize(1);
        return found.get(0);
    }

    private static void requirePackageInstalled() {
        boolean installed = Files.isDirectory(PACKAGE.resolve("node_modules/@modelcontextprotocol/sdk"));
        String how = "the pi package's dependencies are not installed: run 'npm ci --prefix integrations/pi'"
                + " (as .ci/run does)";
        if (System.getenv("CI") != null) {
            assertThat(installed).as(how).isTrue();
        }
        assumeTrue(installed, how);
    }

    private static String pi(Path cwd, Map<String, String> env, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of(
                NodePeers.FOLDER.resolve("node_modules/.bin/pi").toString(), "--provider", "scripted", "--model",
                "agent", "--no-extensions", "-e", PACKAGE.resolve("extensions/long-task.ts").toString()));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).directory(cwd.toFile());
        pb.environment().keySet().removeIf(k -> k.contains("API_KEY") || k.startsWith("LONGTASK_")
                || k.endsWith("_BASE_URL"));
        pb.environment().putAll(env);
        Process p = pb.start();
        p.getOutputStream().close();
        CompletableFuture<String> out = CompletableFuture.supplyAsync(() -> read(p.getInputStream()));
        CompletableFuture<String> err = CompletableFuture.supplyAsync(() -> read(p.getErrorStream()));
        if (!p.waitFor(300, TimeUnit.SECONDS)) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            throw new AssertionError("pi did not end within 300 s: " + err.getNow(""));
        }
        assertThat(p.exitValue()).as("pi %s\nstdout: %s\nstderr: %s", args, out.join(), err.join()).isZero();
        return out.join();
    }

    private static String read(java.io.InputStream in) {
        try {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "(unreadable: " + e + ")";
        }
    }

    /** Waits until no process carries the run and it is at rest. */
    private static RunSnapshot awaitEnded(Path ws, String runId) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(180).toNanos();
        while (true) {
            RunSnapshot run = FileRunStore.read(ws, runId);
            RunStatus s = run.run().status();
            if (s != RunStatus.CREATED && s != RunStatus.PLANNING && s != RunStatus.RUNNING
                    && RunWriter.livePid(ws, runId).isEmpty()) {
                return run;
            }
            assertThat(System.nanoTime()).as("run %s did not end: %s", runId, s).isLessThan(deadline);
            Thread.sleep(100);
        }
    }
}
