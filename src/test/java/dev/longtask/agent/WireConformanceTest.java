package dev.longtask.agent;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.longtask.model.config.Environment;
import dev.longtask.model.config.Flags;
import dev.longtask.model.config.SettingKey;
import dev.longtask.config.SettingsLoader;
import dev.longtask.llm.AttemptListener;
import dev.longtask.llm.LlmClients;
import dev.longtask.llm.ModelClient;
import dev.longtask.model.agent.AgentOutcome;
import dev.longtask.model.agent.AgentSource;
import dev.longtask.model.agent.AgentSpec;
import dev.longtask.model.llm.Tape;
import dev.longtask.tools.ToolContext;
import dev.longtask.tools.Toolbox;
import dev.longtask.tools.Workspace;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One task agent driven through a real client against a real HTTP server that answers with recorded provider
 * JSON, over each wire: Anthropic Messages, OpenAI Chat Completions and the text protocol. Each conversation has
 * three steps (two calls in parallel, a read, the submit), so the last step is the forced one. What goes over
 * the wire is checked request by request, the way a provider reads it.
 */
class WireConformanceTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final List<String> TOOLS = List.of("read", "grep", "ls", "write");

    @TempDir
    Path dir;
    private MockWebServer server;
    private Workspace workspace;
    private final RecordingTranscript transcript = new RecordingTranscript();

    @BeforeEach
    void start() throws IOException {
        server = new MockWebServer();
        server.start();
        Path root = Files.createDirectories(dir.resolve("ws/src"));
        Files.writeString(root.resolve("App.java"), "class App {\n    String greet() {\n"
                + "        return \"hello\"; // TODO localise\n    }\n}\n");
        workspace = new Workspace(dir.resolve("ws"));
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void anthropicMarksTheStablePrefixAndAMovingBreakpointAndForcesTheFinishOnTheLastStep() throws Exception {
        enqueue("anthropic-1-parallel.json", "anthropic-2-read.json", "anthropic-3-submit.json");

        AgentOutcome outcome = run(client("anthropic:claude-sonnet-4-5",
                Map.of("ANTHROPIC_API_KEY", "sk-ant-test"), server.url("/").toString()));

        assertThat(outcome.ending()).isEqualTo(AgentOutcome.Ending.SUBMITTED);
        List<JsonNode> bodies = bodies(3);
        for (JsonNode body : bodies) {
            JsonNode tools = body.get("tools");
            assertThat(tools.get(tools.size() - 1).path("cache_control").path("type").asText()).isEqualTo("ephemeral");
            JsonNode system = body.get("system");
            assertThat(system.get(system.size() - 1).path("cache_control").path("type").asText()).isEqualTo("ephemeral");
            JsonNode messages = body.get("messages");
            JsonNode lastBlocks = messages.get(messages.size() - 1).get("content");
            assertThat(lastBlocks.get(lastBlocks.size() - 1).has("cache_control")).isTrue();
            assertThat(body.toString().split("\"cache_control\"", -1)).as("breakpoints (at most 4 allowed)")
                    .hasSize(4);
        }
        // two tool_use blocks in one turn: both answered, in one user message, by id
        JsonNode second = bodies.get(1).get("messages");
        JsonNode results = second.get(second.size() - 1).get("content");
        assertThat(results).extracting(r -> r.path("tool_use_id").asText())
                .containsExactly("toolu_01GrepTodoXq7mW2aLpZ9vKe", "toolu_01LsSrc4bN8cR1tYhU6jDs3F");
        assertThat(results.get(0).path("content").asText()).contains("src/App.java:3");
        // Claude Code's file_path reached the file
        JsonNode third = bodies.get(2).get("messages");
        JsonNode read = third.get(third.size() - 1).get("content").get(0);
        assertThat(read.has("is_error")).isFalse();
        assertThat(read.path("content").asText()).contains("TODO localise", "[last step]");
        assertThat(bodies.get(0).has("tool_choice")).isFalse();
        assertThat(bodies.get(1).has("tool_choice")).isFalse();
        assertThat(bodies.get(2).get("tool_choice")).isEqualTo(JSON.readTree(
                "{\"type\":\"tool\",\"name\":\"submit_result\"}"));
        // Sonnet 4.5 takes strict tools: the schema that allows it goes strict, the others stay as declared
        JsonNode write = tool(bodies.get(0), "write");
        assertThat(write.path("strict").asBoolean()).isTrue();
        assertThat(write.path("input_schema").path("additionalProperties").asBoolean(true)).isFalse();
        JsonNode readTool = tool(bodies.get(0), "read");
        assertThat(readTool.has("strict")).isFalse();
        assertThat(readTool.path("input_schema").get("additionalProperties").asBoolean(true)).isFalse();
        assertThat(readTool.path("input_schema").get("required")).hasSize(1);
        // cache reads and writes counted across the three calls and priced: $3 in, $15 out, $0.30 read, $3.75 write
        assertThat(outcome.usage().cacheReadTokens()).isEqualTo(2310 + 2615);
        assertThat(outcome.usage().cacheWriteTokens()).isEqualTo(2310 + 305 + 182);
        assertThat(outcome.usage().costUsd()).isEqualByComparingTo(new BigDecimal("3").multiply(bd(24 + 18 + 12))
                .add(new BigDecimal("15").multiply(bd(96 + 41 + 148)))
                .add(new BigDecimal("0.30").multiply(bd(2310 + 2615)))
                .add(new BigDecimal("3.75").multiply(bd(2310 + 305 + 182)))
                .divide(bd(1_000_000)));
    }

    @Test
    void openAiKeepsThePrefixByteIdenticalAcrossStepsAndNamesTheFunctionOnTheLastStep() throws Exception {
        enqueue("openai-1-parallel.json", "openai-2-read.json", "openai-3-submit.json");

        AgentOutcome outcome = run(client("openai:gpt-4.1", Map.of("OPENAI_API_KEY", "sk-test"),
                server.url("/v1").toString()));

        assertThat(outcome.ending()).isEqualTo(AgentOutcome.Ending.SUBMITTED);
        List<String> raw = rawBodies(3);
        List<JsonNode> bodies = raw.stream().map(WireConformanceTest::parse).toList();
        for (int i = 1; i < bodies.size(); i++) {
            assertThat(bodies.get(i).get("tools").toString()).isEqualTo(bodies.get(0).get("tools").toString());
            String before = bodies.get(i - 1).get("messages").toString();
            String now = bodies.get(i).get("messages").toString();
            assertThat(now).as("messages of step " + (i + 1) + " begin with those of step " + i)
                    .startsWith(before.substring(0, before.length() - 1));
            int toolsAt = raw.get(i).indexOf("\"tools\"");
            assertThat(raw.get(i).substring(0, raw.get(i).indexOf("\"messages\"")))
                    .isEqualTo(raw.get(i - 1).substring(0, raw.get(i - 1).indexOf("\"messages\"")));
            assertThat(toolsAt).isPositive();
        }
        assertThat(raw).noneMatch(b -> b.contains("cache_control"));
        JsonNode second = bodies.get(1).get("messages");
        assertThat(List.of(second.get(second.size() - 2), second.get(second.size() - 1)))
                .extracting(m -> m.path("tool_call_id").asText())
                .containsExactly("call_Gq4Xw9TzL2mKp7Hd1Rn8Vc5B", "call_Ls8Nb3Yq6Wk1Zt5Hm9Pd2Rf7");
        assertThat(bodies.get(0).has("tool_choice")).isFalse();
        assertThat(bodies.get(2).get("tool_choice")).isEqualTo(JSON.readTree(
                "{\"type\":\"function\",\"function\":{\"name\":\"submit_result\"}}"));
        // a compatible server: no strict, but the declared closed schemas reach it
        assertThat(raw.get(0)).doesNotContain("\"strict\"");
        assertThat(tool(bodies.get(0), "grep").path("function").path("parameters").path("additionalProperties")
                .asBoolean(true)).isFalse();
        assertThat(outcome.usage().cacheReadTokens()).isEqualTo(2304 + 2560);
    }

    @Test
    void theTextProtocolRunsEveryCallOfAnAnswerAndTakesFinalAsTheFinishingCall() throws Exception {
        Path home = Files.createDirectories(dir.resolve("home"));
        Files.writeString(home.resolve("user-config.yaml"), "text_protocol: [\"ollama:gemma2:9b\"]\n");
        enqueue("text-1-two-calls.json", "text-2-final.json");

        AgentOutcome outcome = run(client("ollama:gemma2:9b", Map.of(), server.url("/v1").toString(), home));

        assertThat(outcome.ending()).isEqualTo(AgentOutcome.Ending.SUBMITTED);
        assertThat(outcome.success()).isTrue();
        assertThat(outcome.submitted().path("findings").get(0).asText()).isEqualTo("src/App.java:3 carries the only TODO of src");
        List<JsonNode> bodies = bodies(2);
        assertThat(bodies).noneMatch(b -> b.has("tools") || b.has("tool_choice"));
        String system = bodies.get(0).get("messages").get(0).path("content").asText();
        assertThat(system).contains("TOOL_CALL {\"name\": \"<tool>\"", "FINAL {\"success\":true,\"summary\":\"<summary>\"}");
        JsonNode second = bodies.get(1).get("messages");
        String results = second.get(second.size() - 1).path("content").asText();
        assertThat(results).contains("TOOL_RESULT {\"id\":\"call_1\",\"name\":\"grep\"}", "src/App.java:3",
                "TOOL_RESULT {\"id\":\"call_2\",\"name\":\"ls\"}", "App.java");
    }

    private AgentOutcome run(ModelClient client) {
        AgentSpec agent = new AgentSpec("general", "does things", TOOLS, null, 3, "You are a careful engineer.",
                AgentSource.BUILT_IN, null);
        AgentLoop loop = new AgentLoop(client, Toolbox.builtIn().select(TOOLS), transcript, Clock.systemUTC(),
                LoopFixture.TOKENS, null);
        return loop.run(AgentTask.submitting(agent, TaskContract.instruction("Find the open TODOs in src."),
                RunMemory.NONE, new ToolContext(workspace, null, 1)));
    }

    private ModelClient client(String model, Map<String, String> env, String baseUrl) throws IOException {
        return client(model, env, baseUrl, Files.createDirectories(dir.resolve("home")));
    }

    private static ModelClient client(String model, Map<String, String> env, String baseUrl, Path home) {
        Flags flags = Flags.none().set(SettingKey.MODEL, "--model", model).set(SettingKey.BASE_URL, "--base-url", baseUrl);
        return LlmClients.create(SettingsLoader.load(new Environment(env, home.resolve("user-config.yaml")), null,
                flags), Tape.NONE, AttemptListener.NONE);
    }

    private void enqueue(String... resources) throws IOException {
        for (String name : resources) {
            try (InputStream in = WireConformanceTest.class.getResourceAsStream("/conformance/" + name)) {
                server.enqueue(new MockResponse.Builder().code(200).addHeader("Content-Type", "application/json")
                        .body(new String(in.readAllBytes(), StandardCharsets.UTF_8)).build());
            }
        }
    }

    private List<String> rawBodies(int n) throws InterruptedException {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(server.takeRequest(5, TimeUnit.SECONDS).getBody().utf8());
        }
        assertThat(server.getRequestCount()).isEqualTo(n);
        return out;
    }

    private List<JsonNode> bodies(int n) throws InterruptedException {
        return rawBodies(n).stream().map(WireConformanceTest::parse).toList();
    }

    private static JsonNode parse(String body) {
        try {
            return JSON.readTree(body);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    private static JsonNode tool(JsonNode body, String name) {
        for (JsonNode t : body.get("tools")) {
            if (name.equals(t.path("name").asText()) || name.equals(t.path("function").path("name").asText())) {
                return t;
            }
        }
        throw new AssertionError("no tool " + name + " in " + body.get("tools"));
    }

    private static BigDecimal bd(long n) {
        return BigDecimal.valueOf(n);
    }
}
