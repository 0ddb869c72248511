package dev.longtask.cli.command;

import static dev.longtask.testing.OpenAiReplies.toolCall;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.longtask.cli.CliFailure;
import dev.longtask.cli.ExitCode;
import dev.longtask.cli.Main;
import dev.longtask.model.config.Environment;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code longtask agent} end to end: real settings, tools, file store and the OpenAI wire protocol against a
 * local mock server that plays the model.
 */
class AgentCommandTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path tmp;
    private Path ws;
    private MockWebServer server;
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @BeforeEach
    void start() throws IOException {
        ws = Files.createDirectories(tmp.resolve("ws"));
        Files.createDirectories(ws.resolve(".longtask"));
        Files.writeString(ws.resolve(".longtask/config.yaml"), "context_window:\n  llama3.1: 32768\n");
        Files.writeString(ws.resolve("notes.txt"), "The cache is never invalidated (notes.txt:1).\n");
        server = new MockWebServer();
        server.start();
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private int agent(Map<String, String> env, String... args) {
        Environment environment = new Environment(env, tmp.resolve("user.yaml"));
        CommandLine cli = new CommandLine(new AgentCommand(environment));
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        cli.setExecutionStrategy(Main::executeLast);
        cli.setExecutionExceptionHandler((e, c, parsed) -> {
            if (e instanceof CliFailure f) {
                c.getErr().println("longtask: " + f.getMessage());
                return f.exitCode().code();
            }
            throw e;
        });
        return cli.execute(args);
    }

    private int agentWithModel(String... args) {
        String[] all = Stream.concat(Stream.of("--workdir", ws.toString(), "--model", "ollama:llama3.1",
                "--base-url", server.url("/v1").toString()), Stream.of(args)).toArray(String[]::new);
        return agent(Map.of(), all);
    }

    private Path onlyRun() throws IOException {
        try (Stream<Path> runs = Files.list(ws.resolve(".longtask/runs"))) {
            List<Path> all = runs.toList();
            assertThat(all).hasSize(1);
            return all.get(0);
        }
    }

    private static List<JsonNode> lines(Path file) throws IOException {
        return Files.readAllLines(file).stream().filter(l -> !l.isBlank()).map(l -> {
            try {
                return JSON.readTree(l);
            } catch (IOException e) {
                throw new AssertionError(e);
            }
        }).toList();
    }

    @Test
    void oneAgentRunsAsATaskOfANewRunAndPrintsItsOutput() throws Exception {
        server.enqueue(toolCall("c1", "read", "{\"path\":\"notes.txt\"}"));
        server.enqueue(toolCall("c2", "submit_result", "{\"success\":true,\"summary\":\"The cache is stale.\","
                + "\"details\":\"notes.txt:1 says it is never invalidated.\",\"findings\":[\"cache never invalidated\"]}"));

        int code = agentWithModel("reviewer", "Review notes.txt");

        assertThat(code).as(out + "\n" + err).isZero();
        assertThat(out.toString()).contains("The cache is stale.", "notes.txt:1 says it is never invalidated.");
        assertThat(err.toString()).contains("1 of 1 agent succeeded", "(240 in, ");
        RecordedRequest first = server.takeRequest();
        JsonNode request = JSON.readTree(first.getBody().utf8());
        assertThat(request.at("/messages/0/content").asText()).contains("code reviewer", "Review notes.txt");
        assertThat(request.path("tools").findValuesAsText("name")).contains("read", "grep", "note", "submit_result")
                .doesNotContain("bash");
        JsonNode second = JSON.readTree(server.takeRequest().getBody().utf8());
        assertThat(second.toString()).contains("The cache is never invalidated");

        Path run = onlyRun();
        JsonNode task = JSON.readTree(run.resolve("tasks/task_1.json").toFile());
        assertThat(task.path("status").asText()).isEqualTo("completed");
        assertThat(task.path("agent").asText()).isEqualTo("reviewer");
        List<JsonNode> transcript = lines(run.resolve("transcripts/task_1.jsonl"));
        assertThat(transcript).extracting(l -> l.path("kind").asText())
                .containsExactly("system", "user", "assistant", "tool_call", "tool_result", "assistant", "tool_call",
                        "tool_result", "outcome");
        JsonNode result = JSON.readTree(run.resolve("results/task_1/result.json").toFile());
        assertThat(result.path("success").asBoolean()).isTrue();
        assertThat(result.path("summary").asText()).isEqualTo("The cache is stale.");
        List<JsonNode> events = lines(run.resolve("events.jsonl"));
        assertThat(events).filteredOn(e -> e.path("type").asText().equals("llm.call")).hasSize(2);
        assertThat(events).anySatisfy(e -> {
            assertThat(e.path("type").asText()).isEqualTo("finding.added");
            assertThat(e.at("/data/text").asText()).isEqualTo("cache never invalidated");
        });
        assertThat(Files.readString(run.resolve("findings.md"))).contains("cache never invalidated");
    }

    @Test
    void noModelConfiguredIsExitTwoAndCreatesNoRun() {
        int code = agent(Map.of(), "--workdir", ws.toString(), "general", "Do something");

        assertThat(code).isEqualTo(ExitCode.USAGE.code());
        assertThat(err.toString()).contains("longtask:").containsIgnoringCase("model");
        assertThat(ws.resolve(".longtask/runs")).doesNotExist();
        assertThat(server.getRequestCount()).isZero();
    }

    @Test
    void aChainStopsAtTheFirstFailureAndCancelsTheRest() throws Exception {
        server.enqueue(toolCall("c1", "submit_result", "{\"success\":true,\"summary\":\"STEP-ONE-OUTPUT\"}"));
        server.enqueue(toolCall("c2", "submit_result", "{\"success\":false,\"summary\":\"cannot do it\"}"));

        int code = agentWithModel("--chain", "analyzer=Analyze notes.txt", "summarizer=Summarise: {previous}",
                "documenter=Document: {previous}");

        assertThat(code).isEqualTo(ExitCode.FAILED.code());
        server.takeRequest();
        JsonNode second = JSON.readTree(server.takeRequest().getBody().utf8());
        assertThat(second.at("/messages/0/content").asText()).contains("Summarise: STEP-ONE-OUTPUT");
        assertThat(out.toString()).contains("[1/3] analyzer (task #1): completed", "[2/3] summarizer (task #2): failed",
                "FAILED: the agent reported failure: cannot do it");
        Path run = onlyRun();
        assertThat(JSON.readTree(run.resolve("tasks/task_2.json").toFile()).path("instruction").asText())
                .isEqualTo("Summarise: STEP-ONE-OUTPUT");
        assertThat(JSON.readTree(run.resolve("tasks/task_3.json").toFile()).path("status").asText())
                .isEqualTo("cancelled");
        assertThat(JSON.readTree(run.resolve("run.json").toFile()).path("status").asText()).isEqualTo("failed");
    }

    @Test
    void parallelStepsAllRunAndPrintInOrder() throws Exception {
        server.enqueue(toolCall("c1", "submit_result", "{\"success\":true,\"summary\":\"one result\"}"));
        server.enqueue(toolCall("c2", "submit_result", "{\"success\":true,\"summary\":\"one result\"}"));

        int code = agentWithModel("--parallel", "analyzer=Analyze a", "reviewer=Review b", "--concurrency", "2");

        assertThat(code).as(out + "\n" + err).isZero();
        assertThat(out.toString()).contains("[1/2] analyzer (task #1): completed", "[2/2] reviewer (task #2): completed");
        assertThat(JSON.readTree(onlyRun().resolve("run.json").toFile()).path("status").asText()).isEqualTo("completed");
    }

    @Test
    void usageMistakesAreExitTwoWithALine() {
        assertThat(agent(Map.of(), "--workdir", ws.toString(), "--parallel", "--chain", "a=b")).isEqualTo(2);
        assertThat(err.toString()).contains("--parallel and --chain cannot be used together");
        assertThat(agent(Map.of(), "--workdir", ws.toString(), "--chain", "analyzer")).isEqualTo(2);
        assertThat(err.toString()).contains("is not AGENT=TASK");
        assertThat(agent(Map.of(), "--workdir", ws.toString(), "analyzer")).isEqualTo(2);
        assertThat(err.toString()).contains("give an agent and its task");
        assertThat(agent(Map.of(), "--workdir", ws.toString(), "--chain", "analyzer=x {previous}")).isEqualTo(2);
        assertThat(err.toString()).contains("first step of a chain");
        assertThat(agentWithModel("wizard", "do magic")).isEqualTo(2);
        assertThat(err.toString()).contains("unknown agent 'wizard'", "analyzer");
        assertThat(agent(Map.of(), "--workdir", tmp.resolve("nope").toString(), "general", "x")).isEqualTo(2);
        assertThat(err.toString()).contains("nope does not exist");
        assertThat(ws.resolve(".longtask/runs")).doesNotExist();
    }
}
