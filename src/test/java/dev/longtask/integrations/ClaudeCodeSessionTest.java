package dev.longtask.integrations;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.longtask.model.RunStatus;
import dev.longtask.store.file.FileRunStore;
import dev.longtask.model.run.RunSnapshot;
import dev.longtask.testing.NodePeers;
import dev.longtask.testing.ScriptedAgent;
import dev.longtask.testing.ScriptedProvider;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A whole {@code claude -p} session from the real Claude Code of npm, with the plugin of integrations/claude-code
 * ({@code --plugin-dir}) and {@code longtask} on the PATH: its model, the scripted agent on the Anthropic streaming
 * Messages API, starts a run with longtask_start, waits for it with longtask_status, reads longtask_report and
 * answers with the report; the run completed in the store.
 *
 * <p>Not asserted: the progress notifications longtask sends while longtask_status waits. Claude Code 2.1.332 writes
 * none of them to {@code stream-json}: the only trace there is a {@code tool_progress}
 * heartbeat after a call has taken 30 s, which a quicker run never reaches (the MCP TypeScript SDK's and pi's tests
 * assert the notifications themselves).
 */
class ClaudeCodeSessionTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @Test
    void claudeCodeHandsTheGoalToLongtaskThroughThePluginAndAnswersWithTheReport() throws Exception {
        NodePeers.require("@anthropic-ai/claude-code");
        Path ws = Files.createDirectories(dir.resolve("ws")).toRealPath();
        Files.writeString(ws.resolve("notes.txt"), "a note to summarise\n");
        Path bin = Files.createDirectories(dir.resolve("bin"));
        ScriptedProvider.Options slow = new ScriptedProvider.Options(0, 3, Duration.ofMillis(200), null, 0, 0, null);
        try (ScriptedProvider longtaskModel = new ScriptedProvider(slow);
             ScriptedAgent claudeModel = new ScriptedAgent()) {
            // `longtask` as the plugin's MCP entry finds it on the PATH: this build, over the scripted model.
            List<String> longtask = NodePeers.longtask(dir.resolve("home"));
            Path launcher = bin.resolve("longtask");
            Files.writeString(launcher, "#!/bin/sh\nexport OPENAI_API_KEY=not-a-real-key\nexec "
                    + longtask.stream().map(ClaudeCodeSessionTest::quoted).collect(Collectors.joining(" "))
                    + " \"$@\" --model openai:scripted --base-url " + longtaskModel.baseUrl() + "\n");
            Files.setPosixFilePermissions(launcher, PosixFilePermissions.fromString("rwxr-xr-x"));

            List<String> command = List.of(NodePeers.FOLDER.resolve("node_modules/.bin/claude").toString(), "-p",
                    "Summarise the notes", "--output-format", "stream-json", "--verbose", "--plugin-dir",
                    Path.of("integrations", "claude-code").toAbsolutePath().toString(), "--allowedTools",
                    "mcp__plugin_longtask_longtask,mcp__longtask", "--model", "claude-sonnet-4-5");
            Map<String, String> env = Map.of("HOME", dir.resolve("claude-home").toString(),
                    "PATH", bin + ":" + System.getenv("PATH"),
                    "ANTHROPIC_BASE_URL", claudeModel.anthropicBaseUrl(), "ANTHROPIC_API_KEY", "sk-ant-not-real",
                    "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC", "1", "DISABLE_AUTOUPDATER", "1",
                    "MCP_TIMEOUT", "120000", "MCP_TOOL_TIMEOUT", "300000",
                    // Before its first turn `claude -p` waits 2 s for MCP servers still starting, then goes on
                    // without their tools; this JVM (no start-up cache, a loaded machine) may take longer to answer
                    // initialize, so the session waits up to this long for it.
                    "CLAUDE_CODE_MCP_STARTUP_WAIT_MS", "120000",
                    // MCP tools offered to the model as they are, not deferred behind a ToolSearch tool
                    "ENABLE_TOOL_SEARCH", "false");
            NodePeers.Output out = run(command, env, ws);
            assertThat(out.exit()).as(out.stdout() + out.stderr()).isZero();

            List<String> calls = new ArrayList<>();
            List<String> results = new ArrayList<>();
            String answer = null;
            for (String line : out.stdout().split("\n")) {
                if (!line.startsWith("{")) {
                    continue;
                }
                JsonNode event = JSON.readTree(line);
                for (JsonNode block : event.path("message").path("content")) {
                    if (block.path("type").asText().equals("tool_use")) {
                        calls.add(block.path("name").asText());
                    } else if (block.path("type").asText().equals("tool_result")) {
                        results.add(block.path("content").toString());
                    }
                }
                if (event.path("type").asText().equals("result")) {
                    answer = event.path("result").asText();
                }
            }
            assertThat(calls).as(out.stdout()).hasSize(3).satisfies(c -> {
                assertThat(c.get(0)).endsWith("longtask_start");
                assertThat(c.get(1)).endsWith("longtask_status");
                assertThat(c.get(2)).endsWith("longtask_report");
            });
            List<String> ids = FileRunStore.list(ws);
            assertThat(ids).hasSize(1);
            String runId = ids.get(0);
            assertThat(results.get(1)).as("the status the model read").contains("run " + runId + ": completed")
                    .contains("tasks done").contains("next");
            RunSnapshot run = FileRunStore.read(ws, runId);
            assertThat(run.run().status()).isEqualTo(RunStatus.COMPLETED);
            String report = Files.readString(run.directory().resolve("report.md"));
            assertThat(answer).as(out.stdout()).startsWith(ScriptedAgent.DONE).contains(report.strip().lines()
                    .findFirst().orElseThrow());
        }
    }

    private static String quoted(String word) {
        return "'" + word.replace("'", "'\\''") + "'";
    }

    private static NodePeers.Output run(List<String> command, Map<String, String> env, Path cwd) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(command).directory(cwd.toFile());
        pb.environment().keySet().removeIf(k -> k.contains("API_KEY") || k.startsWith("LONGTASK_")
                || k.endsWith("_BASE_URL"));
        pb.environment().putAll(env);
        Process p = pb.start();
        p.getOutputStream().close();
        var out = java.util.concurrent.CompletableFuture.supplyAsync(() -> read(p.getInputStream()));
        var err = java.util.concurrent.CompletableFuture.supplyAsync(() -> read(p.getErrorStream()));
        if (!p.waitFor(300, java.util.concurrent.TimeUnit.SECONDS)) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            throw new AssertionError("claude did not end within 300 s: " + out.getNow("") + err.getNow(""));
        }
        return new NodePeers.Output(p.exitValue(), out.join(), err.join());
    }

    private static String read(java.io.InputStream in) {
        try {
            return new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        } catch (java.io.IOException e) {
            return "(unreadable: " + e + ")";
        }
    }
}
