package dev.longtask.llm;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.TextContent;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.http.client.HttpClient;
import dev.langchain4j.http.client.HttpClientBuilder;
import dev.langchain4j.http.client.HttpRequest;
import dev.langchain4j.http.client.SuccessfulHttpResponse;
import dev.langchain4j.http.client.sse.ServerSentEventListener;
import dev.langchain4j.http.client.sse.ServerSentEventParser;
import dev.langchain4j.model.anthropic.AnthropicChatModel;
import dev.langchain4j.model.anthropic.AnthropicChatRequestParameters;
import dev.langchain4j.model.anthropic.AnthropicTokenUsage;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequestParameters;
import dev.langchain4j.model.chat.request.ToolChoice;
import dev.langchain4j.model.openai.OpenAiChatModel;
import dev.langchain4j.model.openai.OpenAiChatRequestParameters;
import dev.langchain4j.model.openai.OpenAiTokenUsage;
import dev.langchain4j.model.output.FinishReason;
import dev.langchain4j.model.output.TokenUsage;
import dev.longtask.model.JsonMapping;
import dev.longtask.model.Usage;
import dev.longtask.model.llm.ChatMessage;
import dev.longtask.model.llm.ChatRequest;
import dev.longtask.model.llm.ChatResponse;
import dev.longtask.model.llm.ToolCall;
import dev.longtask.model.llm.ToolSpec;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * How requests went on the wire and answers were read before the client wrote them itself: LangChain4j's chat models
 * mapped our messages and serialized them, and the body was then finished (tool schemas closed, written compact).
 * Kept as the reference the differential test holds the direct writers and readers to; nothing goes on a network.
 */
final class LangChainReference {
    private static final ObjectMapper JSON = JsonMapping.MAPPER;
    private static final Map<String, Object> CACHE_BREAKPOINT = Map.of("cache_control", "ephemeral");

    /** One exchange as the reference made it: where it went, the headers, the bytes, and what it read back. */
    record Exchange(String url, Map<String, List<String>> headers, byte[] body, ChatResponse response,
                    RuntimeException failure) {
    }

    private LangChainReference() {
    }

    /** The request {@code request} as the reference sent it, answered with {@code answer} (a 200 body). */
    static Exchange exchange(ChatRequest request, String modelName, Dialect dialect, String baseUrl, String key,
                             int contextWindow, int defaultMaxOutput, String answer) {
        Capture capture = new Capture(answer);
        ChatModel model = switch (dialect.protocol()) {
            case ANTHROPIC -> AnthropicChatModel.builder().httpClientBuilder(capture).baseUrl(baseUrl).apiKey(key)
                    .modelName(modelName).maxTokens(defaultMaxOutput).timeout(Duration.ofSeconds(30)).maxRetries(0)
                    .build();
            case OPENAI -> OpenAiChatModel.builder().httpClientBuilder(capture).baseUrl(baseUrl).apiKey(key)
                    .modelName(modelName).timeout(Duration.ofSeconds(30)).maxRetries(0).build();
        };
        ChatResponse response = null;
        RuntimeException failure = null;
        try {
            dev.langchain4j.model.chat.response.ChatResponse r = model.chat(toLangChain(sized(request,
                    contextWindow, defaultMaxOutput), defaultMaxOutput, dialect));
            response = fromLangChain(r);
        } catch (RuntimeException e) {
            failure = e;
        }
        return new Exchange(capture.url, capture.headers, capture.body, response, failure);
    }

    private static ChatRequest sized(ChatRequest request, int contextWindow, int defaultMaxOutput) {
        int cap = Math.max(512, contextWindow / 4);
        int asked = request.maxOutputTokens() != null ? request.maxOutputTokens() : defaultMaxOutput;
        return asked <= cap ? request : new ChatRequest(request.messages(), request.tools(), cap,
                request.finishingTool(), request.finishNow(), request.origin());
    }

    private static dev.langchain4j.model.chat.request.ChatRequest toLangChain(ChatRequest request,
                                                                               int defaultMaxOutput, Dialect dialect) {
        List<dev.langchain4j.data.message.ChatMessage> messages = new ArrayList<>();
        List<ChatMessage> ours = request.messages();
        for (int i = 0; i < ours.size(); i++) {
            messages.add(toLangChain(ours.get(i), dialect.promptCaching() && i == ours.size() - 1));
        }
        List<ToolSpecification> tools = request.tools().stream()
                .map(t -> toLangChain(t, dialect.strictTools() && StrictSchemas.allows(t.parameters()))).toList();
        List<ToolSpecification> offered = tools.isEmpty() ? null : tools;
        int maxOutput = request.maxOutputTokens() != null ? request.maxOutputTokens() : defaultMaxOutput;
        String forced = request.forcedTool();
        ChatRequestParameters parameters = switch (dialect.protocol()) {
            case ANTHROPIC -> AnthropicChatRequestParameters.builder()
                    .maxOutputTokens(maxOutput)
                    .toolSpecifications(offered)
                    .cacheSystemMessages(dialect.promptCaching())
                    .cacheTools(dialect.promptCaching() && offered != null)
                    .toolChoice(forced == null ? null : ToolChoice.REQUIRED)
                    .toolChoiceName(forced)
                    .build();
            case OPENAI -> {
                OpenAiChatRequestParameters.Builder b = OpenAiChatRequestParameters.builder().toolSpecifications(offered);
                if (dialect.maxCompletionTokens()) {
                    b.maxCompletionTokens(maxOutput);
                } else {
                    b.maxOutputTokens(maxOutput);
                }
                if (forced != null) {
                    b.customParameters(Map.of("tool_choice",
                            Map.of("type", "function", "function", Map.of("name", forced))));
                }
                yield b.build();
            }
        };
        return dev.langchain4j.model.chat.request.ChatRequest.builder().messages(messages).parameters(parameters)
                .build();
    }

    private static dev.langchain4j.data.message.ChatMessage toLangChain(ChatMessage message, boolean breakpoint) {
        Map<String, Object> attributes = breakpoint ? CACHE_BREAKPOINT : Map.of();
        if (message instanceof ChatMessage.System s) {
            return SystemMessage.from(s.text());
        } else if (message instanceof ChatMessage.User u) {
            return UserMessage.builder().addContent(TextContent.from(u.text())).attributes(attributes).build();
        } else if (message instanceof ChatMessage.Assistant a) {
            List<ToolExecutionRequest> calls = a.toolCalls().stream()
                    .map(c -> ToolExecutionRequest.builder().id(c.id()).name(c.name())
                            .arguments(c.arguments() == null ? "{}" : c.arguments().toString()).build())
                    .toList();
            return AiMessage.builder().text(a.text().isEmpty() ? null : a.text()).toolExecutionRequests(calls)
                    .attributes(attributes).build();
        } else {
            ChatMessage.ToolResult r = (ChatMessage.ToolResult) message;
            return ToolExecutionResultMessage.builder().id(r.toolCallId()).toolName(r.toolName()).text(r.content())
                    .isError(r.error() ? Boolean.TRUE : null).attributes(attributes).build();
        }
    }

    private static ToolSpecification toLangChain(ToolSpec tool, boolean strict) {
        ObjectNode json = JSON.createObjectNode();
        json.put("name", tool.name());
        json.put("description", tool.description());
        json.set("parameters", tool.parameters() != null ? tool.parameters()
                : JSON.createObjectNode().put("type", "object"));
        if (strict) {
            json.put("strict", true);
        }
        return ToolSpecification.fromJson(json.toString());
    }

    private static ChatResponse fromLangChain(dev.langchain4j.model.chat.response.ChatResponse response) {
        AiMessage ai = response.aiMessage();
        List<ToolCall> calls = new ArrayList<>();
        if (ai.hasToolExecutionRequests()) {
            int n = 0;
            for (ToolExecutionRequest r : ai.toolExecutionRequests()) {
                n++;
                String id = r.id() == null || r.id().isBlank() ? "call_" + n : r.id();
                calls.add(new ToolCall(id, r.name(), MessageMapping.arguments(r.arguments())));
            }
        }
        return new ChatResponse(new ChatMessage.Assistant(ai.text(), calls), usage(response.tokenUsage()),
                finishReason(response.finishReason()));
    }

    private static Usage usage(TokenUsage usage) {
        if (usage == null) {
            return Usage.unpriced(0, 0, 0, 0);
        }
        long input = orZero(usage.inputTokenCount());
        long output = orZero(usage.outputTokenCount());
        long cacheRead = 0;
        long cacheWrite = 0;
        if (usage instanceof AnthropicTokenUsage a) {
            cacheRead = orZero(a.cacheReadInputTokens());
            cacheWrite = orZero(a.cacheCreationInputTokens());
        } else if (usage instanceof OpenAiTokenUsage o && o.inputTokensDetails() != null) {
            cacheRead = orZero(o.inputTokensDetails().cachedTokens());
            input = Math.max(0, input - cacheRead);
        }
        return Usage.unpriced(input, output, cacheRead, cacheWrite);
    }

    private static String finishReason(FinishReason reason) {
        if (reason == null) {
            return "unknown";
        }
        return switch (reason) {
            case STOP -> "stop";
            case LENGTH -> "length";
            case TOOL_EXECUTION -> "tool_calls";
            case CONTENT_FILTER -> "content_filter";
            default -> "other";
        };
    }

    private static long orZero(Integer n) {
        return n == null ? 0 : n;
    }

    /** The body as it was finished before it went on the wire: tool schemas closed, compact, UTF-8. */
    static byte[] finished(String body) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(body.length() + 256);
        try (JsonGenerator copy = JSON.getFactory().createGenerator(new OutputStreamWriter(out,
                StandardCharsets.UTF_8))) {
            if (!finish(body, copy)) {
                return body.getBytes(StandardCharsets.UTF_8);
            }
        } catch (IOException e) {
            return body.getBytes(StandardCharsets.UTF_8);
        }
        return out.toByteArray();
    }

    private static boolean finish(String body, JsonGenerator copy) throws IOException {
        try (JsonParser in = JSON.getFactory().createParser(body)) {
            if (in.nextToken() != JsonToken.START_OBJECT) {
                return false;
            }
            copy.writeStartObject();
            while (in.nextToken() == JsonToken.FIELD_NAME) {
                String name = in.currentName();
                copy.writeFieldName(name);
                if (in.nextToken() == JsonToken.START_ARRAY && name.equals("tools")) {
                    JsonNode tools = JSON.readTree(in);
                    for (JsonNode tool : tools) {
                        close(tool.has("function") ? tool.path("function").path("parameters")
                                : tool.path("input_schema"));
                    }
                    JSON.writeTree(copy, tools);
                } else {
                    copy.copyCurrentStructure(in);
                }
            }
            if (in.currentToken() != JsonToken.END_OBJECT || in.nextToken() != null) {
                return false;
            }
            copy.writeEndObject();
            return true;
        }
    }

    private static void close(JsonNode schema) {
        if (!schema.isObject()) {
            return;
        }
        if (schema.has("properties") && !schema.has("additionalProperties")) {
            ((ObjectNode) schema).put("additionalProperties", false);
        }
        for (JsonNode property : schema.path("properties")) {
            close(property);
        }
        close(schema.path("items"));
    }

    /** An HTTP client that keeps what it was asked to send and answers with a set body. */
    private static final class Capture implements HttpClientBuilder, HttpClient {
        private final String answer;
        String url;
        Map<String, List<String>> headers;
        byte[] body;

        Capture(String answer) {
            this.answer = answer;
        }

        @Override
        public SuccessfulHttpResponse execute(HttpRequest request) {
            url = request.url();
            headers = request.headers();
            body = finished(request.body());
            return SuccessfulHttpResponse.builder().statusCode(200).headers(Map.of()).body(answer).build();
        }

        @Override
        public void execute(HttpRequest request, ServerSentEventParser parser, ServerSentEventListener listener) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Duration connectTimeout() {
            return null;
        }

        @Override
        public HttpClientBuilder connectTimeout(Duration timeout) {
            return this;
        }

        @Override
        public Duration readTimeout() {
            return null;
        }

        @Override
        public HttpClientBuilder readTimeout(Duration timeout) {
            return this;
        }

        @Override
        public HttpClient build() {
            return this;
        }
    }
}
