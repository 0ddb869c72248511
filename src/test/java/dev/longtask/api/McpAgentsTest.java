package dev.longtask.api;

import static dev.longtask.testing.ScriptedModel.call;
import static dev.longtask.testing.ScriptedModel.decide;
import static dev.longtask.testing.ScriptedModel.report;
import static dev.longtask.testing.ScriptedModel.submitResult;
import static dev.longtask.testing.ScriptedModel.write;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.longtask.model.agent.Approver;
import dev.longtask.model.ApprovalAnswer;
import dev.longtask.model.ApprovalMode;
import dev.longtask.model.ApprovalQuestion;
import dev.longtask.model.llm.ToolSpec;
import dev.longtask.model.RunStatus;
import dev.longtask.model.TaskStatus;
import dev.longtask.store.file.FileRunStore;
import dev.longtask.model.run.FsyncPolicy;
import dev.longtask.testing.EngineFixture;
import dev.longtask.testing.NodePeers;
import dev.longtask.testing.ScriptedProvider;
import dev.longtask.testing.ScriptedModel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Agents as MCP clients in a whole run: the workspace's .mcp.json names a real server nobody here wrote
 * ({@code @modelcontextprotocol/server-everything}) and one that cannot start; a project agent whitelists them; the
 * scripted model's agents are offered the server's tools under their mcp__ names, call them, and find the results
 * (and the broken server's error) in their transcripts; the server is started once for the run, not per task, and
 * stopped when the run ends; the run completes.
 */
class McpAgentsTest {
    private static final String EVERYTHING = "@modelcontextprotocol/server-everything";

    @TempDir
    Path tmp;

    @Test
    void agentsOfARunCallTheToolsOfItsMcpServersAndTheResultsLandInTheirTranscripts() throws Exception {
        NodePeers.require(EVERYTHING);
        Path ws = Files.createDirectories(tmp.resolve("ws")).toRealPath();
        // in the workspace: the server runs in the sandbox bash runs in, where nothing outside it is writable
        Path starts = ws.resolve("starts.log");
        Files.writeString(ws.resolve(".mcp.json"), """
                {"mcpServers": {
                  "everything": {"command": "sh", "args": ["-c", "echo started >> '%s'; exec node '%s' stdio"],
                                 "env": {"GREETING": "${GREETING_FROM:-hello from .mcp.json}"}},
                  "broken": {"command": "no-such-mcp-server-command"}}}
                """.formatted(starts, NodePeers.file(EVERYTHING, "dist/index.js")));
        Files.createDirectories(ws.resolve(".longtask/agents"));
        Files.writeString(ws.resolve(".longtask/agents/mcp-user.md"), """
                ---
                name: mcp-user
                description: Works with the tools of the MCP servers.
                tools: write, mcp__everything, mcp__broken
                ---
                You use MCP tools.
                """);
        List<List<String>> offered = new CopyOnWriteArrayList<>();
        ScriptedModel model = new ScriptedModel(turn -> switch (turn.role()) {
            case "planner" -> call("submit_plan", EngineFixture.plan(
                    EngineFixture.task("a", "Echo", "mcp-user", List.of(), Map.of("out", "out/echo.md")),
                    EngineFixture.task("b", "Sum", "mcp-user", List.of("a"), Map.of("out", "out/sum.md"))));
            case "director" -> decide("continue", "done");
            case "synthesizer" -> report("MCP", "# MCP\n\nthe tools answered");
            default -> {
                if (turn.step() == 1) {
                    offered.add(turn.request().tools().stream().map(ToolSpec::name).toList());
                }
                yield switch (turn.step()) {
                    case 1 -> call("mcp__everything__echo", ScriptedModel.object().put("message", "hi from "
                            + turn.subject()));
                    case 2 -> call("mcp__everything__get-sum", ScriptedModel.object().put("a", 2).put("b", 3));
                    case 3 -> call("mcp__everything__get-env", ScriptedModel.object());
                    case 4 -> call("mcp__broken", ScriptedModel.object());
                    case 5 -> write("out/" + turn.subject().toLowerCase() + ".md", turn.lastResult());
                    default -> submitResult(true, "used the MCP tools");
                };
            }
        });
        Outcome outcome;
        String runId;
        try (Longtask longtask = Longtask.builder().workspace(ws).home(tmp.resolve("home"))
                .environment(Map.of("PATH", System.getenv("PATH"), "OPENAI_API_KEY", "sk-not-for-mcp-servers"))
                .llm(model, EngineFixture.models(model).pricing()).fsync(FsyncPolicy.NONE)
                .trustWorkspaceConfig(true).build()) {
            RunHandle run = longtask.start(RunRequest.goal("use the MCP servers"));
            runId = run.runId();
            outcome = run.await();
        }
        assertThat(outcome.status()).as(outcome.reason()).isEqualTo(RunStatus.COMPLETED);
        assertThat(FileRunStore.read(ws, runId).tasks()).hasSize(2)
                .allMatch(t -> t.status() == TaskStatus.COMPLETED);

        assertThat(offered).hasSize(2).allSatisfy(names -> assertThat(names).contains("write",
                "mcp__everything__echo", "mcp__everything__get-sum", "mcp__everything__get-env", "mcp__broken",
                "submit_result"));
        List<JsonNode> transcript = lines(FileRunStore.read(ws, runId).directory().resolve("transcripts/task_1.jsonl"));
        assertThat(result(transcript, "mcp__everything__echo").path("content").asText()).isEqualTo("Echo: hi from Echo");
        assertThat(result(transcript, "mcp__everything__get-sum").path("content").asText()).contains("5");
        JsonNode env = result(transcript, "mcp__everything__get-env");
        assertThat(env.path("content").asText()).contains("hello from .mcp.json").doesNotContain("sk-not-for");
        JsonNode broken = result(transcript, "mcp__broken");
        assertThat(broken.path("error").asBoolean()).isTrue();
        assertThat(broken.path("content").asText()).contains("cannot run 'no-such-mcp-server-command'");
        assertThat(transcript).anyMatch(l -> "tool_call".equals(l.path("kind").asText())
                && "mcp__everything__echo".equals(l.path("tool").asText())
                && "hi from Echo".equals(l.path("args").path("message").asText()));

        assertThat(Files.readAllLines(starts)).as("the server is started once for the run").hasSize(1);
        assertThat(ProcessHandle.current().descendants().filter(p -> p.info().commandLine().orElse("")
                .contains("server-everything"))).as("the server is stopped with the run").isEmpty();
    }

    @Test
    void mcpToolCallsPassThePermissionGateLikeEveryOtherToolCall() throws Exception {
        NodePeers.require(EVERYTHING);
        Path ws = Files.createDirectories(tmp.resolve("gated")).toRealPath();
        everythingIn(ws);
        Files.createDirectories(ws.resolve(".claude"));
        Files.writeString(ws.resolve(".claude/settings.json"), """
                {"permissions": {"deny": ["mcp__everything__get-sum"], "allow": ["mcp__everything__get-env"]}}
                """);
        Files.createDirectories(ws.resolve(".longtask/agents"));
        Files.writeString(ws.resolve(".longtask/agents/mcp-user.md"), """
                ---
                name: mcp-user
                description: Works with the tools of the MCP servers.
                tools: write, mcp__everything
                ---
                You use MCP tools.
                """);
        ScriptedModel model = new ScriptedModel(turn -> switch (turn.role()) {
            case "planner" -> call("submit_plan", EngineFixture.plan(
                    EngineFixture.task("a", "Gated", "mcp-user", List.of(), Map.of("out", "out/gated.md"))));
            case "director" -> decide("continue", "done");
            case "synthesizer" -> report("Gated", "# Gated\n\nasked, refused, allowed");
            default -> switch (turn.step()) {
                case 1 -> call("mcp__everything__echo", ScriptedModel.object().put("message", "may I"));
                case 2 -> call("mcp__everything__get-sum", ScriptedModel.object().put("a", 2).put("b", 3));
                case 3 -> call("mcp__everything__get-env", ScriptedModel.object());
                case 4 -> write("out/gated.md", "done");
                default -> submitResult(true, "used what the gate let through");
            };
        });
        List<ApprovalQuestion> asked = new CopyOnWriteArrayList<>();
        Approver person = (run, question) -> {
            asked.add(question);
            return Optional.of(ApprovalAnswer.allowOnce(question.id(), "test"));
        };
        String runId;
        try (Longtask longtask = Longtask.builder().workspace(ws).home(tmp.resolve("home"))
                .environment(Map.of("PATH", System.getenv("PATH"))).approval(ApprovalMode.ASK).approver(person)
                .llm(model, EngineFixture.models(model).pricing()).fsync(FsyncPolicy.NONE)
                .trustWorkspaceConfig(true).build()) {
            RunHandle run = longtask.start(RunRequest.goal("use the MCP server within the rules"));
            runId = run.runId();
            Outcome outcome = run.await();
            assertThat(outcome.status()).as(outcome.reason()).isEqualTo(RunStatus.COMPLETED);
        }

        // ask mode asks before an MCP tool; the deny rule refuses get-sum and the allow rule lets get-env through,
        // both without asking
        assertThat(asked).extracting(ApprovalQuestion::tool).contains("mcp__everything__echo")
                .doesNotContain("mcp__everything__get-sum", "mcp__everything__get-env");
        List<JsonNode> transcript = lines(FileRunStore.read(ws, runId).directory().resolve("transcripts/task_1.jsonl"));
        assertThat(result(transcript, "mcp__everything__echo").path("content").asText()).isEqualTo("Echo: may I");
        JsonNode sum = result(transcript, "mcp__everything__get-sum");
        assertThat(sum.path("error").asBoolean()).isTrue();
        assertThat(sum.path("content").asText()).contains("refused", "mcp__everything__get-sum");
        assertThat(result(transcript, "mcp__everything__get-env").path("error").asBoolean()).isFalse();
        assertThat(FileRunStore.read(ws, runId).approvals()).extracting(a -> a.question().tool())
                .contains("mcp__everything__echo");
    }

    @Test
    void aRunOverTheWireCallsAnMcpToolTheGoalAsksFor() throws Exception {
        NodePeers.require(EVERYTHING);
        Path ws = Files.createDirectories(tmp.resolve("wire")).toRealPath();
        everythingIn(ws);
        Files.createDirectories(ws.resolve(".longtask/agents"));
        Files.writeString(ws.resolve(".longtask/agents/general.md"), """
                ---
                name: general
                description: Any task, with the tools of the everything server.
                tools: ls, write, mcp__everything
                ---
                You do the task with your tools.
                """);
        try (ScriptedProvider model = new ScriptedProvider(new ScriptedProvider.Options(0, 1, java.time.Duration.ZERO,
                null, 0, 0, null))) {
            // the agent file and .mcp.json start a program and widen general's tools: trusted first, as a user would
            NodePeers.Output trusted = NodePeers.run(NodePeers.longtask(tmp.resolve("home"), "trust", ws.toString()),
                    Map.of(), 120);
            assertThat(trusted.exit()).as(trusted.stdout() + trusted.stderr()).isZero();
            assertThat(trusted.stdout()).contains("MCP server everything starts").contains("agent general gets more tools");
            List<String> command = NodePeers.longtask(tmp.resolve("home"), "run",
                    "Say hello. CALL mcp__everything__echo {\"message\":\"hello over the wire\"}", "--run-id", "wire",
                    "--workdir", ws.toString(), "--model", "anthropic:claude-sonnet-4-5",
                    "--base-url", model.baseUrl().replaceAll("/v1$", ""));
            NodePeers.Output out = NodePeers.run(command, Map.of("ANTHROPIC_API_KEY", "not-a-real-key"), 180);
            assertThat(out.exit()).as(out.stdout() + out.stderr()).isZero();
            List<JsonNode> transcript = lines(FileRunStore.read(ws, "wire").directory()
                    .resolve("transcripts/task_1.jsonl"));
            assertThat(result(transcript, "mcp__everything__echo").path("content").asText())
                    .isEqualTo("Echo: hello over the wire");
            // The model was offered the server's tools on the wire, with schemas it can take.
            assertThat(model.seen).anySatisfy(seen -> assertThat(seen.body().path("_tools").toString())
                    .contains("mcp__everything__echo", "mcp__everything__get-sum"));
            // An MCP tool's schema is handled like a built-in one (Anthropic's wire, a model with strict tools): the
            // server's $schema dialect is dropped, objects the server left open are closed on the wire, and strict
            // is asked only for a schema that declares itself closed with every argument required; the server's
            // schemas say nothing about additionalProperties, so none of them goes strict.
            Map<String, JsonNode> wire = new java.util.HashMap<>();
            model.seen.stream().filter(seen -> seen.body().path("_tools").toString().contains("mcp__"))
                    .findFirst().orElseThrow().body().path("tools").forEach(t -> wire.put(t.path("name").asText(), t));
            assertThat(wire.get("write").path("strict").asBoolean()).as("a built-in with a closed schema").isTrue();
            assertThat(wire.keySet()).filteredOn(name -> name.startsWith("mcp__")).hasSizeGreaterThan(5)
                    .allSatisfy(name -> {
                        JsonNode tool = wire.get(name);
                        assertThat(tool.toString()).doesNotContain("$schema");
                        assertThat(tool.path("input_schema").path("additionalProperties").asBoolean(true)).isFalse();
                        assertThat(tool.has("strict")).as(name).isFalse();
                    });
        }
    }

    /** A .mcp.json in {@code ws} declaring server-everything, over stdio, as "everything". */
    private static void everythingIn(Path ws) throws java.io.IOException {
        Files.writeString(ws.resolve(".mcp.json"), """
                {"mcpServers": {"everything": {"command": "node", "args": ["%s", "stdio"]}}}
                """.formatted(NodePeers.file(EVERYTHING, "dist/index.js")));
    }

    private static JsonNode result(List<JsonNode> transcript, String tool) {
        return transcript.stream().filter(l -> "tool_result".equals(l.path("kind").asText())
                && tool.equals(l.path("tool").asText())).findFirst()
                .orElseThrow(() -> new AssertionError("no result of " + tool + " in the transcript"));
    }

    private static List<JsonNode> lines(Path file) throws Exception {
        List<JsonNode> lines = new ArrayList<>();
        for (String line : Files.readAllLines(file)) {
            lines.add(ScriptedModel.JSON.readTree(line));
        }
        return lines;
    }
}
