package dev.longtask.llm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.longtask.model.config.Settings;
import dev.longtask.model.llm.ChatMessage;
import dev.longtask.model.llm.ChatRequest;
import dev.longtask.model.llm.ChatResponse;
import dev.longtask.model.llm.LlmException;
import dev.longtask.model.llm.Tape;
import dev.longtask.model.llm.ToolCall;
import dev.longtask.model.llm.ToolSpec;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The Anthropic Messages API on the wire, against a real HTTP server answering with recorded bodies. */
class AnthropicWireTest {
    private static final String KEY = "sk-ant-api03-test-key-0123456789";

    @TempDir
    Path home;
    private MockWebServer server;
    private final List<Duration> waits = new ArrayList<>();
    private final Wire.Attempts attempts = new Wire.Attempts();

    @BeforeEach
    void start() throws IOException {
        server = new MockWebServer();
        server.start();
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private Settings settings() {
        return Wire.settings(home, Map.of("ANTHROPIC_API_KEY", KEY), "anthropic:claude-sonnet-4-5",
                server.url("/v1/").toString());
    }

    private ModelClient client(LlmClients factory) {
        return factory.build(settings(), Tape.NONE, attempts);
    }

    @Test
    void toolCallComesBackWithItsArgumentsAndCacheUsageIsPriced() throws Exception {
        server.enqueue(Wire.json(200, "anthropic-tool-use.json"));

        ChatResponse response = client(Wire.noWaiting(waits)).chat(Wire.toolRequest());

        assertThat(response.message().text()).isEqualTo("I'll start by reading the entry point.");
        assertThat(response.message().toolCalls()).hasSize(1);
        ToolCall call = response.message().toolCalls().get(0);
        assertThat(call.id()).isEqualTo("toolu_01A09q90qw90lq917835lq9");
        assertThat(call.name()).isEqualTo("read");
        assertThat(call.arguments().get("path").asText()).isEqualTo("src/main/java/App.java");
        assertThat(call.arguments().get("limit").asInt()).isEqualTo(200);
        assertThat(response.finishReason()).isEqualTo("tool_calls");

        assertThat(response.usage().inputTokens()).isEqualTo(2095);
        assertThat(response.usage().outputTokens()).isEqualTo(87);
        assertThat(response.usage().cacheReadTokens()).isEqualTo(4096);
        assertThat(response.usage().cacheWriteTokens()).isEqualTo(1024);
        // claude-sonnet-4*: $3 in, $15 out, $0.30 cache read, $3.75 cache write per million tokens
        BigDecimal expected = new BigDecimal("0.006285").add(new BigDecimal("0.001305"))
                .add(new BigDecimal("0.0012288")).add(new BigDecimal("0.00384"));
        assertThat(response.usage().costUsd()).isEqualByComparingTo(expected);
        assertThat(response.usage().unpricedCalls()).isZero();

        RecordedRequest sent = server.takeRequest(5, TimeUnit.SECONDS);
        assertThat(sent.getUrl().encodedPath()).isEqualTo("/v1/messages");
        assertThat(sent.getHeaders().get("x-api-key")).isEqualTo(KEY);
        assertThat(sent.getHeaders().get("anthropic-version")).isNotBlank();
        JsonNode body = Wire.JSON.readTree(sent.getBody().utf8());
        assertThat(body.get("model").asText()).isEqualTo("claude-sonnet-4-5");
        assertThat(body.get("max_tokens").asInt()).isEqualTo(1000);
        assertThat(body.get("system").toString()).contains("You are a careful engineer.");
        JsonNode tool = body.get("tools").get(0);
        assertThat(tool.get("name").asText()).isEqualTo("read");
        assertThat(tool.get("input_schema").get("required").get(0).asText()).isEqualTo("path");
        assertThat(tool.get("input_schema").get("properties").get("path").get("description").asText())
                .isEqualTo("file to read");
        assertThat(attempts.successes).hasSize(1);
        assertThat(attempts.successes.get(0).usage()).isEqualTo(response.usage());
    }

    @Test
    void toolResultsGoBackAsToolResultBlocksOfTheCall() throws Exception {
        server.enqueue(Wire.json(200, "anthropic-text.json"));
        ToolCall call = new ToolCall("toolu_01", "read", Wire.JSON.createObjectNode().put("path", "a.txt"));
        ChatRequest request = new ChatRequest(List.of(
                new ChatMessage.User("read a.txt"),
                new ChatMessage.Assistant("", List.of(call)),
                new ChatMessage.ToolResult("toolu_01", "read", "no such file: a.txt", true)),
                List.of(new ToolSpec("read", "Read a file", Wire.readSchema())), null);

        ChatResponse response = client(Wire.noWaiting(waits)).chat(request);

        assertThat(response.message().text()).isEqualTo("pong");
        JsonNode messages = Wire.JSON.readTree(server.takeRequest(5, TimeUnit.SECONDS).getBody().utf8())
                .get("messages");
        JsonNode toolUse = messages.get(1).get("content").get(0);
        assertThat(toolUse.get("type").asText()).isEqualTo("tool_use");
        assertThat(toolUse.get("input").get("path").asText()).isEqualTo("a.txt");
        JsonNode result = messages.get(2).get("content").get(0);
        assertThat(result.get("type").asText()).isEqualTo("tool_result");
        assertThat(result.get("tool_use_id").asText()).isEqualTo("toolu_01");
        assertThat(result.get("is_error").asBoolean()).isTrue();
        assertThat(result.toString()).contains("no such file: a.txt");
    }

    @Test
    void rateLimitHonoursRetryAfterByReallyWaitingThenSucceeds() throws Exception {
        server.enqueue(new MockResponse.Builder().code(429)
                .addHeader("Content-Type", "application/json")
                .addHeader("retry-after", "2")
                .body(Wire.body("anthropic-429.json"))
                .build());
        server.enqueue(Wire.json(200, "anthropic-text.json"));
        ModelClient client = client(Wire.realWaiting());

        long start = System.nanoTime();
        ChatResponse response = client.chat(Wire.simple("ping"));
        long elapsedMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);

        assertThat(response.message().text()).isEqualTo("pong");
        assertThat(elapsedMs).isGreaterThanOrEqualTo(2000);
        assertThat(server.getRequestCount()).isEqualTo(2);
        assertThat(attempts.failures).hasSize(1);
        AttemptListener.Failure failure = attempts.failures.get(0);
        assertThat(failure.status()).isEqualTo(429);
        assertThat(failure.retryIn()).isEqualTo(Duration.ofSeconds(2));
        assertThat(failure.error()).contains("rate_limit_error").contains("would exceed the rate limit");
        assertThat(attempts.successes.get(0).attempt()).isEqualTo(2);
    }

    @Test
    void overloadedIsRetried() {
        server.enqueue(Wire.json(529, "anthropic-529.json"));
        server.enqueue(Wire.json(200, "anthropic-text.json"));

        ChatResponse response = client(Wire.noWaiting(waits)).chat(Wire.simple("ping"));

        assertThat(response.message().text()).isEqualTo("pong");
        assertThat(waits).hasSize(1);
        assertThat(attempts.failures.get(0).error()).isEqualTo("anthropic answered HTTP 529: overloaded_error: Overloaded");
    }

    @Test
    void badKeyFailsAtOnceWithTheProvidersMessageAndNeverShowsTheKey() throws Exception {
        server.enqueue(Wire.json(401, "anthropic-401.json"));
        ModelClient client = client(Wire.noWaiting(waits));

        assertThatThrownBy(() -> client.chat(Wire.simple("ping")))
                .isInstanceOfSatisfying(LlmException.class, e -> {
                    assertThat(e.status()).isEqualTo(401);
                    assertThat(e.retryable()).isFalse();
                    assertThat(e.getMessage())
                            .isEqualTo("anthropic answered HTTP 401: authentication_error: invalid x-api-key");
                    for (Throwable t = e; t != null; t = t.getCause()) {
                        assertThat(String.valueOf(t.getMessage())).doesNotContain(KEY);
                        assertThat(t.toString()).doesNotContain(KEY);
                    }
                });
        assertThat(server.getRequestCount()).isEqualTo(1);
        assertThat(waits).isEmpty();
        assertThat(attempts.failures).singleElement().satisfies(f -> assertThat(f.willRetry()).isFalse());
    }

    @Test
    void nothingLoggedAtAnyLevelCarriesTheKey() {
        ch.qos.logback.classic.Logger root = (ch.qos.logback.classic.Logger)
                org.slf4j.LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
        ch.qos.logback.core.read.ListAppender<ch.qos.logback.classic.spi.ILoggingEvent> logged =
                new ch.qos.logback.core.read.ListAppender<>();
        logged.start();
        List<ch.qos.logback.classic.Logger> ours = List.of("dev.langchain4j", "dev.longtask").stream()
                .map(name -> (ch.qos.logback.classic.Logger) org.slf4j.LoggerFactory.getLogger(name)).toList();
        ours.forEach(l -> l.setLevel(ch.qos.logback.classic.Level.TRACE));
        root.addAppender(logged);
        try {
            server.enqueue(Wire.json(200, "anthropic-text.json"));
            server.enqueue(Wire.json(401, "anthropic-401.json"));
            ModelClient client = client(Wire.noWaiting(waits));
            client.chat(Wire.simple("ping"));
            assertThatThrownBy(() -> client.chat(Wire.simple("ping"))).isInstanceOf(LlmException.class);
        } finally {
            root.detachAppender(logged);
            ours.forEach(l -> l.setLevel(null));
        }
        assertThat(logged.list).allSatisfy(event -> {
            assertThat(event.getFormattedMessage()).doesNotContain(KEY);
            if (event.getThrowableProxy() != null) {
                assertThat(event.getThrowableProxy().getMessage()).doesNotContain(KEY);
            }
        });
        assertThat(logged.list).as("the request log names the key's header only to redact it")
                .filteredOn(event -> event.getFormattedMessage().contains("x-api-key="))
                .isNotEmpty()
                .allMatch(event -> event.getFormattedMessage().contains("x-api-key=[[redacted]]"));
    }

    @Test
    void invalidRequestIsNotRetried() {
        server.enqueue(Wire.json(400, "anthropic-400.json"));
        ModelClient client = client(Wire.noWaiting(waits));

        assertThatThrownBy(() -> client.chat(Wire.simple("ping")))
                .isInstanceOf(LlmException.class)
                .hasMessageContaining("invalid_request_error: messages.1.content.0.tool_result");
        assertThat(server.getRequestCount()).isEqualTo(1);
    }

    @Test
    void malformedBodyIsAClearNonRetryableError() {
        server.enqueue(new MockResponse.Builder().code(200).addHeader("Content-Type", "application/json")
                .body("<html><body>502 Bad Gateway</body></html>").build());
        ModelClient client = client(Wire.noWaiting(waits));

        assertThatThrownBy(() -> client.chat(Wire.simple("ping")))
                .isInstanceOfSatisfying(LlmException.class, e -> {
                    assertThat(e.retryable()).isFalse();
                    assertThat(e.getMessage()).startsWith("anthropic answered with something longtask could not read");
                });
        assertThat(server.getRequestCount()).isEqualTo(1);
    }
}
