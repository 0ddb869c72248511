package dev.longtask.llm;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.longtask.model.JsonMapping;
import dev.longtask.model.Usage;
import dev.longtask.model.llm.ChatMessage;
import dev.longtask.model.llm.ChatRequest;
import dev.longtask.model.llm.ChatResponse;
import dev.longtask.model.llm.ToolCall;
import dev.longtask.model.llm.ToolSpec;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The Anthropic Messages API's request body, written straight from our messages, and its answer read back. The
 * prompt-cache breakpoints go on the tools and the system prompt (the stable prefix of every step) and on the last
 * message (a breakpoint that moves with the conversation, so each step reads the one before from the cache); tool
 * results that follow each other go in one user message; a forced finishing tool is the named tool choice.
 */
final class AnthropicMessages {
    private AnthropicMessages() {
    }

    /** The body of {@code request} to {@code model}, for an endpoint of {@code dialect}. */
    static byte[] request(ChatRequest request, String model, int maxOutput, Dialect dialect,
                          ToolSpecifications tools) {
        Requests.check(request);
        return WireJson.bytes(Requests.size(request), json -> {
            json.writeStartObject();
            json.writeStringField("model", model);
            List<ChatMessage> messages = request.messages();
            boolean conversation = false;
            for (ChatMessage m : messages) {
                conversation |= !(m instanceof ChatMessage.System);
            }
            if (conversation) {
                json.writeArrayFieldStart("messages");
                messages(json, messages, dialect.promptCaching(), tools.texts());
                json.writeEndArray();
            }
            system(json, messages, dialect.promptCaching(), tools.texts());
            json.writeNumberField("max_tokens", maxOutput);
            json.writeBooleanField("stream", false);
            List<ToolSpec> offered = request.tools();
            if (!offered.isEmpty()) {
                ToolSpec last = offered.get(offered.size() - 1);
                json.writeArrayFieldStart("tools");
                for (ToolSpec tool : offered) {
                    json.writeRawValue(tools.of(tool, dialect.promptCaching() && tool.equals(last)
                            ? ToolSpecifications.Form.ANTHROPIC_CACHED : ToolSpecifications.Form.ANTHROPIC));
                }
                json.writeEndArray();
                if (request.forcedTool() != null) {
                    json.writeObjectFieldStart("tool_choice");
                    json.writeStringField("type", "tool");
                    json.writeStringField("name", request.forcedTool());
                    json.writeEndObject();
                }
            }
            json.writeEndObject();
        });
    }

    private static void messages(JsonGenerator json, List<ChatMessage> messages, boolean caching, QuotedTexts texts)
            throws IOException {
        boolean results = false;
        for (int i = 0; i < messages.size(); i++) {
            ChatMessage message = messages.get(i);
            boolean breakpoint = caching && i == messages.size() - 1;
            if (message instanceof ChatMessage.System) {
                continue;
            }
            if (message instanceof ChatMessage.ToolResult r) {
                if (!results) {
                    json.writeStartObject();
                    json.writeStringField("role", "user");
                    json.writeArrayFieldStart("content");
                    results = true;
                }
                json.writeStartObject();
                json.writeStringField("type", "tool_result");
                cacheControl(json, breakpoint);
                WireJson.nonNull(json, "tool_use_id", r.toolCallId());
                texts.field(json, "content", r.content());
                if (r.error()) {
                    json.writeBooleanField("is_error", true);
                }
                json.writeEndObject();
                continue;
            }
            if (results) {
                json.writeEndArray();
                json.writeEndObject();
                results = false;
            }
            json.writeStartObject();
            if (message instanceof ChatMessage.User u) {
                json.writeStringField("role", "user");
                json.writeArrayFieldStart("content");
                text(json, u.text(), breakpoint, texts);
            } else {
                ChatMessage.Assistant a = (ChatMessage.Assistant) message;
                json.writeStringField("role", "assistant");
                json.writeArrayFieldStart("content");
                List<ToolCall> calls = a.toolCalls();
                if (!a.text().trim().isEmpty()) {
                    text(json, a.text(), breakpoint && calls.isEmpty(), texts);
                }
                for (int c = 0; c < calls.size(); c++) {
                    ToolCall call = calls.get(c);
                    json.writeStartObject();
                    json.writeStringField("type", "tool_use");
                    cacheControl(json, breakpoint && c == calls.size() - 1);
                    WireJson.nonNull(json, "id", call.id());
                    WireJson.nonNull(json, "name", call.name());
                    json.writeFieldName("input");
                    if (call.arguments() == null || call.arguments().isEmpty()) {
                        json.writeStartObject();
                        json.writeEndObject();
                    } else {
                        WireJson.arguments(json, call.arguments());
                    }
                    json.writeEndObject();
                }
            }
            json.writeEndArray();
            json.writeEndObject();
        }
        if (results) {
            json.writeEndArray();
            json.writeEndObject();
        }
    }

    /** Every system message as a text block; the last (and any of the same text) a cache breakpoint. */
    private static void system(JsonGenerator json, List<ChatMessage> messages, boolean caching, QuotedTexts texts)
            throws IOException {
        String last = null;
        for (ChatMessage m : messages) {
            if (m instanceof ChatMessage.System s) {
                last = s.text();
            }
        }
        if (last == null) {
            return;
        }
        json.writeArrayFieldStart("system");
        for (ChatMessage m : messages) {
            if (m instanceof ChatMessage.System s) {
                text(json, s.text(), caching && s.text().equals(last), texts);
            }
        }
        json.writeEndArray();
    }

    private static void text(JsonGenerator json, String text, boolean breakpoint, QuotedTexts texts)
            throws IOException {
        json.writeStartObject();
        json.writeStringField("type", "text");
        cacheControl(json, breakpoint);
        texts.field(json, "text", text);
        json.writeEndObject();
    }

    private static void cacheControl(JsonGenerator json, boolean breakpoint) throws IOException {
        if (breakpoint) {
            json.writeObjectFieldStart("cache_control");
            json.writeStringField("type", "ephemeral");
            json.writeEndObject();
        }
    }

    /**
     * The answer: the text blocks joined by new lines, the tool calls with their input, the stop reason and the
     * tokens by kind (input counting only the uncached input, as Anthropic reports it).
     */
    static ChatResponse response(String body) throws IOException {
        StringBuilder text = null;
        List<ToolCall> calls = new ArrayList<>();
        boolean content = false;
        String stop = null;
        Usage usage = Usage.unpriced(0, 0, 0, 0);
        try (JsonParser in = JsonMapping.MAPPER.getFactory().createParser(body)) {
            Requests.expectObject(in);
            while (in.nextToken() == JsonToken.FIELD_NAME) {
                String field = in.currentName();
                JsonToken value = in.nextToken();
                switch (field) {
                    case "content" -> {
                        if (value == JsonToken.VALUE_NULL) {
                            continue;
                        }
                        Requests.expect(value, JsonToken.START_ARRAY);
                        content = true;
                        while (in.nextToken() != JsonToken.END_ARRAY) {
                            Block block = block(in);
                            if ("text".equals(block.type)) {
                                text = text == null ? new StringBuilder() : text.append('\n');
                                text.append(block.text);
                            } else if ("tool_use".equals(block.type)) {
                                String id = block.id == null || block.id.isBlank() ? "call_" + (calls.size() + 1)
                                        : block.id;
                                calls.add(new ToolCall(id, block.name, block.input != null ? block.input
                                        : MessageMapping.arguments("null")));
                            }
                        }
                    }
                    case "stop_reason" -> stop = WireJson.string(in);
                    case "usage" -> usage = usage(in);
                    default -> in.skipChildren();
                }
            }
        }
        if (!content) {
            throw new IOException("the answer has no content");
        }
        String said = text == null || text.length() == 0 ? null : text.toString();
        return new ChatResponse(new ChatMessage.Assistant(said, calls), usage, finishReason(stop));
    }

    private static final class Block {
        String type;
        String text;
        String id;
        String name;
        com.fasterxml.jackson.databind.node.ObjectNode input;
    }

    private static Block block(JsonParser in) throws IOException {
        Requests.expect(in.currentToken(), JsonToken.START_OBJECT);
        Block block = new Block();
        while (in.nextToken() == JsonToken.FIELD_NAME) {
            String field = in.currentName();
            in.nextToken();
            switch (field) {
                case "type" -> block.type = WireJson.string(in);
                case "text" -> block.text = WireJson.string(in);
                case "id" -> block.id = WireJson.string(in);
                case "name" -> block.name = WireJson.string(in);
                case "input" -> block.input = WireJson.arguments(in);
                default -> in.skipChildren();
            }
        }
        return block;
    }

    private static Usage usage(JsonParser in) throws IOException {
        if (in.currentToken() == JsonToken.VALUE_NULL) {
            return Usage.unpriced(0, 0, 0, 0);
        }
        Requests.expect(in.currentToken(), JsonToken.START_OBJECT);
        long input = 0;
        long output = 0;
        long cacheRead = 0;
        long cacheWrite = 0;
        while (in.nextToken() == JsonToken.FIELD_NAME) {
            String field = in.currentName();
            in.nextToken();
            switch (field) {
                case "input_tokens" -> input = Requests.orZero(WireJson.integer(in));
                case "output_tokens" -> output = Requests.orZero(WireJson.integer(in));
                case "cache_read_input_tokens" -> cacheRead = Requests.orZero(WireJson.integer(in));
                case "cache_creation_input_tokens" -> cacheWrite = Requests.orZero(WireJson.integer(in));
                default -> in.skipChildren();
            }
        }
        return Usage.unpriced(input, output, cacheRead, cacheWrite);
    }

    private static String finishReason(String stop) {
        if (stop == null) {
            return "unknown";
        }
        return switch (stop) {
            case "end_turn", "stop_sequence" -> "stop";
            case "max_tokens" -> "length";
            case "tool_use" -> "tool_calls";
            default -> "other";
        };
    }
}
