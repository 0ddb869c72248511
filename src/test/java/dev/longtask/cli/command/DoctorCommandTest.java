package dev.longtask.cli.command;

import static org.assertj.core.api.Assertions.assertThat;

import dev.longtask.cli.CliFailure;
import dev.longtask.cli.Main;
import dev.longtask.model.config.Environment;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class DoctorCommandTest {
    private static final String KEY = "sk-ant-api03-doctor-secret-42";

    @TempDir
    Path tmp;
    private MockWebServer server;
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @BeforeEach
    void start() throws IOException {
        server = new MockWebServer();
        server.start();
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private int doctor(Map<String, String> env, String... args) {
        CommandLine cli = new CommandLine(new DoctorCommand(new Environment(env, tmp.resolve("user.yaml"))));
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
        String[] all = new String[args.length + 2];
        all[0] = "--workdir";
        all[1] = tmp.toString();
        System.arraycopy(args, 0, all, 2, args.length);
        return cli.execute(all);
    }

    private static MockResponse body(int code, String resource) {
        try (InputStream in = DoctorCommandTest.class.getResourceAsStream("/dev/longtask/llm/wire/" + resource)) {
            return new MockResponse.Builder().code(code).addHeader("Content-Type", "application/json")
                    .body(new String(in.readAllBytes(), StandardCharsets.UTF_8)).build();
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void healthyProviderShowsEverySettingWithItsSourceAndExitsZero() throws Exception {
        Files.createDirectories(tmp.resolve(".longtask"));
        Files.writeString(tmp.resolve(".longtask/config.yaml"), "concurrency: 3\ncontext_window:\n  llama3.1: 32768\n");
        server.enqueue(body(200, "openai-text.json"));

        int code = doctor(Map.of(), "--model", "ollama:llama3.1", "--base-url", server.url("/v1").toString());

        String shown = out.toString();
        assertThat(code).as(shown + err).isZero();
        assertThat(shown).contains("model           ollama:llama3.1   [flag --model]")
                .contains("protocol        OpenAI Chat Completions API with native tool calls")
                .contains("base URL        " + server.url("/v1") + "   [flag --base-url]")
                .contains("API key         none needed")
                .contains("context window  32,768 tokens   [" + tmp.resolve(".longtask/config.yaml") + "]")
                .contains("concurrency     3   [" + tmp.resolve(".longtask/config.yaml") + "]")
                .contains("retry.max_attempts 6   [default]")
                .contains("request         ok in ")
                .contains("\"pong\"")
                .contains("status          healthy")
                .doesNotContain("warning");
        assertThat(server.getRequestCount()).isEqualTo(1);
    }

    @Test
    void anOllamaModelOnAnAssumedWindowIsWarnedAbout() {
        server.enqueue(body(200, "openai-text.json"));

        int code = doctor(Map.of(), "--model", "ollama:qwen2.5-coder", "--base-url", server.url("/v1").toString());

        assertThat(code).isZero();
        assertThat(out.toString()).contains("context window  8,192 tokens   [default")
                .contains("warning         ollama:qwen2.5-coder runs on an assumed context window of 8,192 tokens, "
                        + "and Ollama cuts longer prompts silently at its own num_ctx");
    }

    @Test
    void jsonHoldsTheSameFindingsWithTheirSources() throws Exception {
        server.enqueue(body(200, "openai-text.json"));

        int code = doctor(Map.of(), "--json", "--model", "ollama:llama3.1", "--base-url", server.url("/v1").toString());

        assertThat(code).as(out.toString() + err).isZero();
        com.fasterxml.jackson.databind.JsonNode json = new com.fasterxml.jackson.databind.ObjectMapper()
                .readTree(out.toString());
        assertThat(json.get("model").get("value").asText()).isEqualTo("ollama:llama3.1");
        assertThat(json.get("model").get("source").asText()).isEqualTo("flag --model");
        assertThat(json.get("retry.max_attempts").get("value").isInt()).as("a count is a number").isTrue();
        assertThat(json.get("retry.max_attempts").get("value").asInt()).isEqualTo(6);
        assertThat(json.get("context_window").get("value").asInt()).isEqualTo(8_192);
        assertThat(json.get("context_window").get("value").isInt()).isTrue();
        assertThat(json.get("api_key").asText()).isEqualTo("none needed");
        assertThat(json.get("status").asText()).isEqualTo("healthy");
        assertThat(json.get("warnings")).as("every warning, in a list").hasSize(1);
        assertThat(json.get("warnings").get(0).asText()).startsWith("ollama:llama3.1 runs on an assumed context window");
    }

    @Test
    void theApprovalModeTheRulesWithTheirFilesAndHowBashRunsAreShown() throws Exception {
        Files.createDirectories(tmp.resolve(".claude"));
        Files.writeString(tmp.resolve(".claude/settings.json"), "{\"permissions\": {\"deny\": [\"Read(./.env)\"]}}");
        Files.createDirectories(tmp.resolve(".longtask"));
        Files.writeString(tmp.resolve(".longtask/config.yaml"), "approval: ask\nsandbox: off\n");

        doctor(Map.of());

        String rules = tmp.resolve(".claude/settings.json").toString();
        assertThat(out.toString()).contains("approval        ask   [" + tmp.resolve(".longtask/config.yaml") + "]\n")
                .contains("rules           1 rule\n                deny Read(./.env) (" + rules + ")\n")
                .contains("sandbox         off   [")
                .contains("shell           bash runs commands UNCONFINED (--sandbox off)");
    }

    @Test
    void aBrokenRuleIsExitTwoNamingItsFile() throws Exception {
        Files.createDirectories(tmp.resolve(".claude"));
        Files.writeString(tmp.resolve(".claude/settings.local.json"), "{\"permissions\": {\"ask\": [\"Bash()\"]}}");

        int code = doctor(Map.of());

        assertThat(code).isEqualTo(2);
        assertThat(err.toString()).isEqualTo("longtask: " + tmp.resolve(".claude/settings.local.json")
                + ": permissions.ask: invalid rule 'Bash()': the parentheses are empty; leave them out to mean every "
                + "call of Bash\n");
    }

    @Test
    void keyPresenceIsShownButNeverItsValue() {
        server.enqueue(body(200, "anthropic-text.json"));

        int code = doctor(Map.of("ANTHROPIC_API_KEY", KEY), "--base-url", server.url("/v1/").toString());

        assertThat(code).as(out.toString() + err).isZero();
        assertThat(out.toString())
                .contains("model           anthropic:claude-sonnet-4-5   [default (ANTHROPIC_API_KEY is set)]")
                .contains("API key         ANTHROPIC_API_KEY is set (value not shown)")
                .contains("price           $3 in, $15 out, $0.3 cache read, $3.75 cache write per million tokens");
        assertThat(out.toString() + err).doesNotContain(KEY);
    }

    @Test
    void nothingConfiguredExitsTwoSayingHowToAddAModel() {
        int code = doctor(Map.of());

        assertThat(code).isEqualTo(2);
        assertThat(out.toString()).contains("model           not configured")
                .contains("export ANTHROPIC_API_KEY=...")
                .contains("--model ollama:llama3.1")
                .contains("--base-url URL --model openai:NAME");
        assertThat(server.getRequestCount()).isZero();
    }

    @Test
    void missingKeyForTheChosenModelExitsTwo() {
        int code = doctor(Map.of(), "--model", "anthropic:claude-haiku-4-5");

        assertThat(code).isEqualTo(2);
        assertThat(out.toString()).contains("API key         ANTHROPIC_API_KEY is NOT set")
                .contains("what to do      export ANTHROPIC_API_KEY=...");
    }

    @Test
    void refusedKeyExitsOneWithTheProvidersMessageAndWhatToDo() {
        server.enqueue(body(401, "anthropic-401.json"));

        int code = doctor(Map.of("ANTHROPIC_API_KEY", KEY), "--base-url", server.url("/v1/").toString());

        assertThat(code).isEqualTo(1);
        assertThat(out.toString())
                .contains("request         FAILED: anthropic answered HTTP 401: authentication_error: invalid x-api-key")
                .contains("what to do      the key in ANTHROPIC_API_KEY was refused");
        assertThat(server.getRequestCount()).isEqualTo(1);
        assertThat(out.toString() + err).doesNotContain(KEY);
    }

    @Test
    void ollamaNotRunningSaysToStartIt() throws IOException {
        MockWebServer closed = new MockWebServer();
        closed.start();
        String url = closed.url("/v1").toString();
        closed.close();

        int code = doctor(Map.of(), "--model", "ollama:llama3.1", "--base-url", url);

        assertThat(code).isEqualTo(1);
        assertThat(out.toString()).contains("connection refused")
                .contains("what to do      is Ollama running? start it with 'ollama serve'");
    }

    @Test
    void anUnreachableProviderNamesDoctorsOwnAttemptLimitNotTheSettingItListsOtherwise() throws IOException {
        MockWebServer closed = new MockWebServer();
        closed.start();
        String url = closed.url("/v1").toString();
        closed.close();

        int code = doctor(Map.of(), "--model", "openai:gpt-4o", "--base-url", url);

        String shown = out.toString();
        assertThat(code).isEqualTo(1);
        assertThat(shown).contains("retry.max_attempts 6   [default]")
                .contains("check           one short request, at most 2 attempts within 10s (doctor's own limits")
                .contains("gave up after 2 attempts (the most doctor tries; a run tries up to retry.max_attempts)")
                .doesNotContain("attempts (retry.max_attempts)");
    }

    @Test
    void anEmptyAnswerIsAWarningThatTheModelSaidNothingNotHealthy() throws IOException {
        server.enqueue(new MockResponse.Builder().code(200).addHeader("Content-Type", "application/json")
                .body(readWire("openai-text.json").replace("\"content\": \"pong\"", "\"content\": \"\"")).build());

        int code = doctor(Map.of(), "--model", "openai:gpt-4o", "--base-url", server.url("/v1").toString());

        assertThat(code).isZero();
        assertThat(out.toString()).contains("request         answered in ").contains(" with no text (")
                .contains("warning         the model answered nothing")
                .contains("status          reachable, but the model answered nothing")
                .doesNotContain("healthy").doesNotContain("ok in");
    }

    @Test
    void anOutputLimitAboveAQuarterOfTheWindowIsShownWithTheFigureACallGets() {
        server.enqueue(body(200, "openai-text.json"));

        int code = doctor(Map.of(), "--model", "openai:my-local", "--base-url", server.url("/v1").toString());

        assertThat(code).isZero();
        assertThat(out.toString()).contains("context window  8,192 tokens")
                .contains("max_output_tokens 8,192, but a call gets at most 2,048 (a quarter of the 8,192-token context"
                        + " window)");
    }

    @Test
    void onATerminalLongLinesWrapAtSpacesUnderTheValueColumn() {
        server.enqueue(body(200, "openai-text.json"));
        DoctorCommand command = new DoctorCommand(new Environment(Map.of(), tmp.resolve("user.yaml")));
        command.columns = () -> 80;
        CommandLine cli = new CommandLine(command);
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));

        int code = cli.execute("--workdir", tmp.toString(), "--model", "openai:my-local", "--base-url",
                server.url("/v1").toString());

        assertThat(code).as(err.toString()).isZero();
        java.util.List<String> lines = out.toString().lines().toList();
        assertThat(lines).allSatisfy(line -> assertThat(line.length()).as(line).isLessThan(80));
        // A wrapped value goes on under the value column, whole words only.
        assertThat(lines).anySatisfy(line -> assertThat(line).startsWith(" ".repeat(16)).matches(" {16}\\S.*"));
        String joined = String.join(" ", lines).replaceAll(" +", " ");
        assertThat(joined).contains("doctor's own limits; a run retries as retry.* says");
    }

    private static String readWire(String resource) throws IOException {
        try (InputStream in = DoctorCommandTest.class.getResourceAsStream("/dev/longtask/llm/wire/" + resource)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void badConfigFileIsAUsageError() throws Exception {
        Files.createDirectories(tmp.resolve(".longtask"));
        Files.writeString(tmp.resolve(".longtask/config.yaml"), "concurency: 3\n");

        int code = doctor(Map.of());

        assertThat(code).isEqualTo(2);
        assertThat(err.toString()).contains("config.yaml: unknown key 'concurency'");
    }
}
