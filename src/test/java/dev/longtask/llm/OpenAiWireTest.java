package dev.longtask.llm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
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

/** The OpenAI Chat Completions protocol on the wire (OpenAI itself, Ollama and other compatible servers). */
class OpenAiWireTest {
    private static final String KEY = "sk-test-abcdefghijklmnopqrstuvwx7890";

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

    private ModelClient client(String model, Map<String, String> env) {
        return Wire.noWaiting(waits).build(Wire.settings(home, env, model, server.url("/v1").toString()),
                Tape.NONE, attempts);
    }

    /** A client that talks as to OpenAI's own API (its dialect), at the local server. */
    private ProviderLlmClient ownApi(String model, int window) {
        ProviderHttpClient http = new ProviderHttpClient(server.url("/v1/chat/completions").toString(),
                Map.of("Authorization", "Bearer " + KEY), Duration.ofSeconds(30), new ModelConnections(), "test");
        return new ProviderLlmClient(http::post, model, "openai:" + model, window, 8192,
                Dialect.of(Provider.OPENAI, model, Provider.OPENAI.defaultBaseUrl()),
                new ProviderErrors("openai", "https://api.openai.com/v1", java.time.Clock.systemUTC()),
                new ToolSpecifications(true));
    }

    private ModelClient openai() {
        return client("openai:gpt-4o", Map.of("OPENAI_API_KEY", KEY));
    }

    @Test
    void toolCallsComeBackWithTheirArgumentsAndCachedTokensAreSeparated() throws Exception {
        server.enqueue(Wire.json(200, "openai-tool-calls.json"));

        ChatResponse response = openai().chat(Wire.toolRequest());

        List<ToolCall> calls = response.message().toolCalls();
        assertThat(calls).extracting(ToolCall::id)
                .containsExactly("call_8qty38FHCj3tZHqk1hYVF7ug", "call_Kx1LmN0pQrStUvWxYz012345");
        assertThat(calls.get(0).name()).isEqualTo("grep");
        assertThat(calls.get(0).arguments().get("pattern").asText()).isEqualTo("TODO");
        assertThat(calls.get(0).arguments().get("glob").asText()).isEqualTo("*.java");
        assertThat(calls.get(1).arguments().isEmpty()).isTrue();
        assertThat(response.finishReason()).isEqualTo("tool_calls");
        // prompt_tokens 1117 of which 1024 were cached
        assertThat(response.usage().inputTokens()).isEqualTo(93);
        assertThat(response.usage().cacheReadTokens()).isEqualTo(1024);
        assertThat(response.usage().outputTokens()).isEqualTo(46);
        // gpt-4o*: $2.50 in, $10 out, $1.25 cached
        assertThat(response.usage().costUsd()).isEqualByComparingTo(new BigDecimal("0.0002325")
                .add(new BigDecimal("0.00046")).add(new BigDecimal("0.00128")));

        RecordedRequest sent = server.takeRequest(5, TimeUnit.SECONDS);
        assertThat(sent.getUrl().encodedPath()).isEqualTo("/v1/chat/completions");
        assertThat(sent.getHeaders().get("Authorization")).isEqualTo("Bearer " + KEY);
        JsonNode body = Wire.JSON.readTree(sent.getBody().utf8());
        assertThat(body.get("model").asText()).isEqualTo("gpt-4o");
        JsonNode function = body.get("tools").get(0).get("function");
        assertThat(function.get("name").asText()).isEqualTo("read");
        assertThat(function.get("parameters").get("properties").has("offset")).isTrue();
        assertThat(body.get("messages").get(0).get("role").asText()).isEqualTo("system");
    }

    @Test
    void toolCallsAndResultsGoBackInOpenAiShape() throws Exception {
        server.enqueue(Wire.json(200, "openai-text.json"));
        ToolCall call = new ToolCall("call_1", "read", Wire.JSON.createObjectNode().put("path", "a.txt"));
        ChatRequest request = new ChatRequest(List.of(
                new ChatMessage.User("read a.txt"),
                new ChatMessage.Assistant("", List.of(call)),
                new ChatMessage.ToolResult("call_1", "read", "hello", false)),
                List.of(new ToolSpec("read", "Read a file", Wire.readSchema())), null);

        openai().chat(request);

        JsonNode messages = Wire.JSON.readTree(server.takeRequest(5, TimeUnit.SECONDS).getBody().utf8())
                .get("messages");
        JsonNode sentCall = messages.get(1).get("tool_calls").get(0);
        assertThat(sentCall.get("id").asText()).isEqualTo("call_1");
        assertThat(Wire.JSON.readTree(sentCall.get("function").get("arguments").asText()).get("path").asText())
                .isEqualTo("a.txt");
        assertThat(messages.get(2).get("role").asText()).isEqualTo("tool");
        assertThat(messages.get(2).get("tool_call_id").asText()).isEqualTo("call_1");
        assertThat(messages.get(2).get("content").asText()).isEqualTo("hello");
    }

    @Test
    void openAisOwnApiGetsMaxCompletionTokens() throws Exception {
        server.enqueue(Wire.json(200, "openai-text.json"));
        ProviderLlmClient client = ownApi("o4-mini", 200_000);

        client.chat(Wire.simple("ping"));

        JsonNode body = Wire.JSON.readTree(server.takeRequest(5, TimeUnit.SECONDS).getBody().utf8());
        assertThat(body.get("max_completion_tokens").asInt()).isEqualTo(16);
        assertThat(body.has("max_tokens")).isFalse();
    }

    @Test
    void openAisOwnApiTakesStrictToolsWhereTheSchemaAllowsAndEveryToolArrivesClosed() throws Exception {
        server.enqueue(Wire.json(200, "openai-text.json"));
        ProviderLlmClient client = ownApi("gpt-4.1", 1_000_000);
        ToolSpec write = new ToolSpec("write", "Write a file", (com.fasterxml.jackson.databind.node.ObjectNode)
                Wire.JSON.readTree("""
                        {"type":"object","properties":{"path":{"type":"string","description":"where"},
                         "content":{"type":"string","description":"what"}},
                         "required":["path","content"],"additionalProperties":false}"""));
        ToolSpec read = new ToolSpec("read", "Read a file", Wire.readSchema().put("additionalProperties", false));

        client.chat(new ChatRequest(List.of(new ChatMessage.User("go")), List.of(write, read), 100));

        JsonNode tools = Wire.JSON.readTree(server.takeRequest(5, TimeUnit.SECONDS).getBody().utf8()).get("tools");
        JsonNode strict = tools.get(0).get("function");
        assertThat(strict.get("strict").asBoolean()).isTrue();
        assertThat(strict.get("parameters").get("additionalProperties").asBoolean(true)).isFalse();
        assertThat(strict.get("parameters").get("required")).hasSize(2);
        JsonNode loose = tools.get(1).get("function");
        assertThat(loose.has("strict")).isFalse();
        assertThat(loose.get("parameters").get("additionalProperties").asBoolean(true)).isFalse();
        assertThat(loose.get("parameters").get("properties").get("offset").get("type").asText()).isEqualTo("integer");
    }

    @Test
    void aToolConvertedOnceIsSentTheSameOnEveryCallAndAChangedToolAsItNowIs() throws Exception {
        server.enqueue(Wire.json(200, "openai-text.json"));
        server.enqueue(Wire.json(200, "openai-text.json"));
        server.enqueue(Wire.json(200, "openai-text.json"));
        ProviderLlmClient client = ownApi("gpt-4.1", 1_000_000);
        ToolSpec read = new ToolSpec("read", "Read a file", Wire.readSchema());
        ToolSpec changed = new ToolSpec("read", "Read a file or some of its lines", Wire.readSchema());

        List<JsonNode> sent = new java.util.ArrayList<>();
        for (ToolSpec tool : List.of(read, read, changed)) {
            client.chat(new ChatRequest(List.of(new ChatMessage.User("go")), List.of(tool), 100));
            sent.add(Wire.JSON.readTree(server.takeRequest(5, TimeUnit.SECONDS).getBody().utf8()).get("tools"));
        }

        assertThat(sent.get(1)).isEqualTo(sent.get(0));
        assertThat(sent.get(0).get(0).get("function").get("description").asText()).isEqualTo("Read a file");
        assertThat(sent.get(0).get(0).get("function").get("parameters").get("properties").has("path")).isTrue();
        assertThat(sent.get(2).get(0).get("function").get("description").asText())
                .isEqualTo("Read a file or some of its lines");
    }

    @Test
    void theOutputLimitIsAtMostAQuarterOfTheContextWindow() throws Exception {
        server.enqueue(Wire.json(200, "openai-text.json"));
        server.enqueue(Wire.json(200, "openai-text.json"));
        ModelClient ollama = client("ollama:llama3.1", Map.of());
        assertThat(ollama.contextWindowTokens()).isEqualTo(8192);

        ollama.chat(new ChatRequest(List.of(new ChatMessage.User("go")), List.of(), null));
        ollama.chat(Wire.simple("ping"));

        assertThat(Wire.JSON.readTree(server.takeRequest(5, TimeUnit.SECONDS).getBody().utf8()).get("max_tokens")
                .asInt()).isEqualTo(2048);
        assertThat(Wire.JSON.readTree(server.takeRequest(5, TimeUnit.SECONDS).getBody().utf8()).get("max_tokens")
                .asInt()).isEqualTo(16);
    }

    @Test
    void serverErrorIsRetriedThenSucceeds() {
        server.enqueue(Wire.json(500, "openai-500.json"));
        server.enqueue(Wire.json(200, "openai-text.json"));

        ChatResponse response = openai().chat(Wire.simple("ping"));

        assertThat(response.message().text()).isEqualTo("pong");
        assertThat(server.getRequestCount()).isEqualTo(2);
        assertThat(waits).hasSize(1);
        assertThat(attempts.failures).singleElement().satisfies(f -> {
            assertThat(f.status()).isEqualTo(500);
            assertThat(f.error()).contains("The server had an error while processing your request");
            assertThat(f.willRetry()).isTrue();
        });
    }

    @Test
    void badKeyFailsAtOnceWithTheProvidersMessage() {
        server.enqueue(Wire.json(401, "openai-401.json"));
        ModelClient client = openai();

        assertThatThrownBy(() -> client.chat(Wire.simple("ping")))
                .isInstanceOfSatisfying(LlmException.class, e -> {
                    assertThat(e.status()).isEqualTo(401);
                    assertThat(e.retryable()).isFalse();
                    assertThat(e.getMessage()).startsWith("openai answered HTTP 401: invalid_request_error: "
                            + "Incorrect API key provided");
                    for (Throwable t = e; t != null; t = t.getCause()) {
                        assertThat(t.toString()).doesNotContain(KEY);
                    }
                });
        assertThat(server.getRequestCount()).isEqualTo(1);
        assertThat(waits).isEmpty();
    }

    @Test
    void unknownModelIsNotRetried() {
        server.enqueue(Wire.json(404, "openai-404-model.json"));
        ModelClient client = openai();

        assertThatThrownBy(() -> client.chat(Wire.simple("ping")))
                .isInstanceOf(LlmException.class)
                .hasMessageContaining("The model `gpt-9-ultra` does not exist");
        assertThat(server.getRequestCount()).isEqualTo(1);
    }

    @Test
    void malformedBodyIsAClearError() {
        server.enqueue(new MockResponse.Builder().code(200).addHeader("Content-Type", "application/json")
                .body("{\"id\": \"chatcmpl-1\", \"choices\": [ {\"message\": ").build());
        ModelClient client = openai();

        assertThatThrownBy(() -> client.chat(Wire.simple("ping")))
                .isInstanceOfSatisfying(LlmException.class, e -> {
                    assertThat(e.retryable()).isFalse();
                    assertThat(e.getMessage()).startsWith("openai answered with something longtask could not read");
                });
        assertThat(server.getRequestCount()).isEqualTo(1);
    }

    @Test
    void ollamaNeedsNoKeyAndNeverReceivesOne() throws Exception {
        server.enqueue(Wire.json(200, "openai-text.json"));
        ModelClient client = client("ollama:llama3.1", Map.of("OPENAI_API_KEY", KEY));

        ChatResponse response = client.chat(Wire.simple("ping"));

        assertThat(response.message().text()).isEqualTo("pong");
        assertThat(response.usage().unpricedCalls()).isZero();
        assertThat(response.usage().costUsd()).isEqualByComparingTo(BigDecimal.ZERO);
        RecordedRequest sent = server.takeRequest(5, TimeUnit.SECONDS);
        assertThat(sent.getHeaders().get("Authorization")).isNull();
        JsonNode body = Wire.JSON.readTree(sent.getBody().utf8());
        assertThat(body.get("model").asText()).isEqualTo("llama3.1");
        assertThat(body.get("max_tokens").asInt()).isEqualTo(16);
        assertThat(body.has("max_completion_tokens")).isFalse();
    }

    @Test
    void compatibleServerWithoutKeyWorksAndUnknownModelIsUnpriced() throws Exception {
        server.enqueue(Wire.json(200, "openai-text.json"));
        ModelClient client = client("openai:Qwen/Qwen2.5-7B-Instruct", Map.of());

        ChatResponse response = client.chat(Wire.simple("ping"));

        assertThat(response.usage().unpricedCalls()).isEqualTo(1);
        assertThat(response.usage().costText()).isEqualTo("unknown");
        assertThat(server.takeRequest(5, TimeUnit.SECONDS).getHeaders().get("Authorization")).isNull();
    }

    @Test
    void interruptDuringARequestEndsItPromptlyAsAnInterruption() throws Exception {
        server.enqueue(new MockResponse.Builder().code(200).headersDelay(30, TimeUnit.SECONDS)
                .body(Wire.body("openai-text.json")).build());
        ModelClient client = openai();
        java.util.concurrent.CompletableFuture<Throwable> outcome = new java.util.concurrent.CompletableFuture<>();
        Thread worker = new Thread(() -> {
            try {
                client.chat(Wire.simple("ping"));
                outcome.complete(null);
            } catch (Throwable t) {
                outcome.complete(Thread.currentThread().isInterrupted() ? t : new AssertionError("flag lost", t));
            }
        });
        worker.start();
        assertThat(server.takeRequest(5, TimeUnit.SECONDS)).isNotNull();
        long start = System.nanoTime();
        worker.interrupt();

        Throwable thrown = outcome.get(5, TimeUnit.SECONDS);
        assertThat(TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start)).isLessThan(5);
        assertThat(thrown).isInstanceOf(LlmInterruptedException.class);
        assertThat(attempts.failures).isEmpty();
    }

    @Test
    void unreachableServerIsRetriedThenReportedWithWhereItTried() throws IOException {
        MockWebServer closed = new MockWebServer();
        closed.start();
        String url = closed.url("/v1").toString();
        closed.close();
        ModelClient client = Wire.noWaiting(waits).build(Wire.settings(home, Map.of(), "ollama:llama3.1", url),
                Tape.NONE, attempts);

        assertThatThrownBy(() -> client.chat(Wire.simple("ping")))
                .isInstanceOfSatisfying(LlmException.class, e -> {
                    assertThat(e.status()).isZero();
                    assertThat(e.retryable()).isTrue();
                    assertThat(e.getMessage()).contains("ollama: ").contains(url.replace("/v1", ""))
                            .contains("gave up after 6 attempts");
                });
        assertThat(attempts.failures).hasSize(6);
        assertThat(waits).hasSize(5);
    }

    @Test
    void anAnswerThatDoesNotComeWithinTheRequestTimeoutFailsAsATimeoutAndIsRetried() {
        server.enqueue(new MockResponse.Builder().code(200).headersDelay(30, TimeUnit.SECONDS)
                .body(Wire.body("openai-text.json")).build());
        server.enqueue(new MockResponse.Builder().code(200).headersDelay(30, TimeUnit.SECONDS)
                .body(Wire.body("openai-text.json")).build());
        ModelClient client = client("openai:gpt-4o", Map.of("OPENAI_API_KEY", KEY,
                "LONGTASK_REQUEST_TIMEOUT", "1s", "LONGTASK_RETRY_MAX_ATTEMPTS", "2"));

        assertThatThrownBy(() -> client.chat(Wire.simple("ping")))
                .isInstanceOfSatisfying(LlmException.class, e -> {
                    assertThat(e.retryable()).isTrue();
                    assertThat(e.getMessage()).contains("timed out talking to ").contains("gave up after 2 attempts");
                });
        assertThat(attempts.failures).hasSize(2);
    }

    @Test
    void callsInFlightTogetherOnOneConnectionPoolEachGetTheirOwnAnswerAndASlowOneHoldsNoOther() throws Exception {
        server.setDispatcher(new mockwebserver3.Dispatcher() {
            @Override
            public MockResponse dispatch(RecordedRequest request) {
                String asked = Wire.parse(request.getBody().utf8()).at("/messages/0/content").asText();
                String answer = Wire.body("openai-text.json").replace("\"content\": \"", "\"content\": \"" + asked + ": ");
                MockResponse.Builder b = new MockResponse.Builder().code(200)
                        .addHeader("Content-Type", "application/json").body(answer);
                return asked.equals("slow") ? b.headersDelay(30, TimeUnit.SECONDS).build() : b.build();
            }
        });
        ModelClient client = openai();
        java.util.concurrent.ExecutorService callers = java.util.concurrent.Executors.newFixedThreadPool(9);
        try {
            java.util.concurrent.Future<ChatResponse> slow = callers.submit(() -> client.chat(Wire.simple("slow")));
            assertThat(server.takeRequest(5, TimeUnit.SECONDS)).isNotNull();
            List<java.util.concurrent.Future<ChatResponse>> fast = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                String asked = "call " + i;
                fast.add(callers.submit(() -> client.chat(Wire.simple(asked))));
            }

            for (int i = 0; i < 8; i++) {
                assertThat(fast.get(i).get(20, TimeUnit.SECONDS).message().text()).startsWith("call " + i + ": ");
            }
            assertThat(slow).isNotDone();
            slow.cancel(true);
        } finally {
            callers.shutdownNow();
        }
    }
}
