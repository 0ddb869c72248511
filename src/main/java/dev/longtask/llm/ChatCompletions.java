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
 * The OpenAI Chat Completions request body (OpenAI itself, Ollama and other compatible servers), written straight
 * from our messages, and its answer read back. The output limit goes under the name the dialect takes; a forced
 * finishing tool is the named tool choice.
 */
final class ChatCompletions {
    private ChatCompletions() {
    }

    /** The body of {@code request} to {@code model}, for an endpoint of {@code dialect}. */
    static byte[] request(ChatRequest request, String model, int maxOutput, Dialect dialect,
                          ToolSpecifications tools) {
        Requests.check(request);
        return WireJson.bytes(Requests.size(request), json -> {
            json.writeStartObject();
            json.writeStringField("model", model);
            if (!request.messages().isEmpty()) {
                json.writeArrayFieldStart("messages");
                for (ChatMessage message : request.messages()) {
                    message(json, message, tools.texts());
                }
                json.writeEndArray();
            }
            json.writeBooleanField("stream", false);
            json.writeNumberField(dialect.maxCompletionTokens() ? "max_completion_tokens" : "max_tokens", maxOutput);
            List<ToolSpec> offered = request.tools();
            if (!offered.isEmpty()) {
                json.writeArrayFieldStart("tools");
                for (ToolSpec tool : offered) {
                    json.writeRawValue(tools.of(tool, ToolSpecifications.Form.OPENAI));
                }
                json.writeEndArray();
            }
            if (request.forcedTool() != null) {
                json.writeObjectFieldStart("tool_choice");
                json.writeStringField("type", "function");
                json.writeObjectFieldStart("function");
                json.writeStringField("name", request.forcedTool());
                json.writeEndObject();
                json.writeEndObject();
            }
            json.writeEndObject();
        });
    }

    private static void message(JsonGenerator json, ChatMessage message, QuotedTexts texts) throws IOException {
        json.writeStartObject();
        if (message instanceof ChatMessage.System s) {
            json.writeStringField("role", "system");
            texts.field(json, "content", s.text());
        } else if (message instanceof ChatMessage.User u) {
            json.writeStringField("role", "user");
            texts.field(json, "content", u.text());
        } else if (message instanceof ChatMessage.Assistant a) {
            json.writeStringField("role", "assistant");
            List<ToolCall> calls = a.toolCalls();
            if (!calls.isEmpty() && calls.get(0).id() == null) {
                // the legacy form, for a call without an id: only the first call goes
                ToolCall call = calls.get(0);
                json.writeObjectFieldStart("function_call");
                WireJson.nonNull(json, "name", call.name());
                json.writeStringField("arguments", arguments(call));
                json.writeEndObject();
            } else {
                WireJson.nonNull(json, "content", a.text().isEmpty() ? null : a.text());
                if (!calls.isEmpty()) {
                    json.writeArrayFieldStart("tool_calls");
                    for (ToolCall call : calls) {
                        json.writeStartObject();
                        WireJson.nonNull(json, "id", call.id());
                        json.writeStringField("type", "function");
                        json.writeObjectFieldStart("function");
                        WireJson.nonNull(json, "name", call.name());
                        json.writeStringField("arguments", arguments(call));
                        json.writeEndObject();
                        json.writeEndObject();
                    }
                    json.writeEndArray();
                }
            }
        } else {
            ChatMessage.ToolResult r = (ChatMessage.ToolResult) message;
            if (r.toolCallId() == null) {
                json.writeStringField("role", "function");
                WireJson.nonNull(json, "name", r.toolName());
            } else {
                json.writeStringField("role", "tool");
                json.writeStringField("tool_call_id", r.toolCallId());
            }
            texts.field(json, "content", r.content());
        }
        json.writeEndObject();
    }

    private static String arguments(ToolCall call) {
        String text = call.arguments() == null ? "{}" : call.arguments().toString();
        return text.trim().isEmpty() ? "{}" : text;
    }

    /**
     * The answer of its one choice: the text, the function tool calls, the finish reason and the tokens by kind, with
     * the cached tokens taken out of the input (OpenAI counts them inside prompt_tokens).
     */
    static ChatResponse response(String body) throws IOException {
        int choices = 0;
        Choice first = null;
        Usage usage = Usage.unpriced(0, 0, 0, 0);
        try (JsonParser in = JsonMapping.MAPPER.getFactory().createParser(body)) {
            Requests.expectObject(in);
            while (in.nextToken() == JsonToken.FIELD_NAME) {
                String field = in.currentName();
                JsonToken value = in.nextToken();
                switch (field) {
                    case "choices" -> {
                        if (value == JsonToken.VALUE_NULL) {
                            continue;
                        }
                        Requests.expect(value, JsonToken.START_ARRAY);
                        choices = 0;
                        while (in.nextToken() != JsonToken.END_ARRAY) {
                            Choice choice = choice(in);
                            if (choices++ == 0) {
                                first = choice;
                            }
                        }
                    }
                    case "usage" -> usage = usage(in);
                    default -> in.skipChildren();
                }
            }
        }
        if (choices == 0) {
            throw new IOException("Chat completion failed: no choices returned in response");
        }
        if (choices > 1) {
            throw new IOException("Chat completion failed: expected exactly one choice, but got " + choices
                    + " choices");
        }
        if (!first.message) {
            throw new IOException("the choice has no message");
        }
        if (first.refusal != null && !first.refusal.trim().isEmpty()) {
            throw new IOException("the model refused: " + first.refusal);
        }
        String text = first.content == null || first.content.isEmpty() ? null : first.content;
        return new ChatResponse(new ChatMessage.Assistant(text, first.calls), usage, finishReason(first.finish));
    }

    private static final class Choice {
        boolean message;
        String content;
        String refusal;
        String finish;
        final List<ToolCall> calls = new ArrayList<>();
        String[] legacy;
    }

    private static Choice choice(JsonParser in) throws IOException {
        Requests.expect(in.currentToken(), JsonToken.START_OBJECT);
        Choice choice = new Choice();
        while (in.nextToken() == JsonToken.FIELD_NAME) {
            String field = in.currentName();
            JsonToken value = in.nextToken();
            if (field.equals("finish_reason")) {
                choice.finish = WireJson.string(in);
            } else if (field.equals("message") && value != JsonToken.VALUE_NULL) {
                message(in, choice);
            } else {
                in.skipChildren();
            }
        }
        if (choice.legacy != null) {
            choice.calls.add(new ToolCall("call_" + (choice.calls.size() + 1), choice.legacy[0],
                    MessageMapping.arguments(choice.legacy[1])));
        }
        return choice;
    }

    private static void message(JsonParser in, Choice choice) throws IOException {
        Requests.expect(in.currentToken(), JsonToken.START_OBJECT);
        choice.message = true;
        while (in.nextToken() == JsonToken.FIELD_NAME) {
            String field = in.currentName();
            JsonToken value = in.nextToken();
            switch (field) {
                case "content" -> choice.content = WireJson.string(in);
                case "refusal" -> choice.refusal = WireJson.string(in);
                case "tool_calls" -> {
                    if (value == JsonToken.VALUE_NULL) {
                        continue;
                    }
                    Requests.expect(value, JsonToken.START_ARRAY);
                    while (in.nextToken() != JsonToken.END_ARRAY) {
                        ToolCall call = toolCall(in, choice.calls.size() + 1);
                        if (call != null) {
                            choice.calls.add(call);
                        }
                    }
                }
                case "function_call" -> {
                    if (value != JsonToken.VALUE_NULL) {
                        choice.legacy = function(in);
                    }
                }
                default -> in.skipChildren();
            }
        }
    }

    /** One call of the answer; null for a call of a kind other than a function. */
    private static ToolCall toolCall(JsonParser in, int n) throws IOException {
        Requests.expect(in.currentToken(), JsonToken.START_OBJECT);
        String id = null;
        String type = null;
        String[] function = null;
        while (in.nextToken() == JsonToken.FIELD_NAME) {
            String field = in.currentName();
            JsonToken value = in.nextToken();
            switch (field) {
                case "id" -> id = WireJson.string(in);
                case "type" -> type = WireJson.string(in);
                case "function" -> function = value == JsonToken.VALUE_NULL ? null : function(in);
                default -> in.skipChildren();
            }
        }
        if (type == null) {
            return null;
        }
        if (!type.equals("function")) {
            throw new IOException("a tool call of an unknown type: " + type);
        }
        if (function == null) {
            throw new IOException("a function tool call without its function");
        }
        return new ToolCall(id == null || id.isBlank() ? "call_" + n : id, function[0],
                MessageMapping.arguments(function[1]));
    }

    /** A function's name and arguments text. */
    private static String[] function(JsonParser in) throws IOException {
        Requests.expect(in.currentToken(), JsonToken.START_OBJECT);
        String[] function = new String[2];
        while (in.nextToken() == JsonToken.FIELD_NAME) {
            String field = in.currentName();
            in.nextToken();
            switch (field) {
                case "name" -> function[0] = WireJson.string(in);
                case "arguments" -> function[1] = WireJson.string(in);
                default -> in.skipChildren();
            }
        }
        return function;
    }

    private static Usage usage(JsonParser in) throws IOException {
        if (in.currentToken() == JsonToken.VALUE_NULL) {
            return Usage.unpriced(0, 0, 0, 0);
        }
        Requests.expect(in.currentToken(), JsonToken.START_OBJECT);
        long input = 0;
        long output = 0;
        Long cached = null;
        while (in.nextToken() == JsonToken.FIELD_NAME) {
            String field = in.currentName();
            JsonToken value = in.nextToken();
            switch (field) {
                case "prompt_tokens" -> input = Requests.orZero(WireJson.integer(in));
                case "completion_tokens" -> output = Requests.orZero(WireJson.integer(in));
                case "prompt_tokens_details" -> {
                    if (value == JsonToken.VALUE_NULL) {
                        continue;
                    }
                    Requests.expect(value, JsonToken.START_OBJECT);
                    cached = 0L;
                    while (in.nextToken() == JsonToken.FIELD_NAME) {
                        String detail = in.currentName();
                        in.nextToken();
                        if (detail.equals("cached_tokens")) {
                            cached = Requests.orZero(WireJson.integer(in));
                        } else {
                            in.skipChildren();
                        }
                    }
                }
                default -> in.skipChildren();
            }
        }
        if (cached != null) {
            input = Math.max(0, input - cached);
        }
        return Usage.unpriced(input, output, cached == null ? 0 : cached, 0);
    }

    private static String finishReason(String reason) {
        if (reason == null) {
            return "unknown";
        }
        return switch (reason) {
            case "stop" -> "stop";
            case "length" -> "length";
            case "tool_calls", "function_call" -> "tool_calls";
            case "content_filter" -> "content_filter";
            default -> "unknown";
        };
    }
}
