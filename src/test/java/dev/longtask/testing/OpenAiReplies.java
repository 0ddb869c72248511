package dev.longtask.testing;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import mockwebserver3.MockResponse;

/** Answers of an OpenAI-compatible server, as a mock server plays the model in wire-level tests. */
public final class OpenAiReplies {
    private static final ObjectMapper JSON = new ObjectMapper();

    private OpenAiReplies() {
    }

    /** A chat completion that calls one tool. */
    public static MockResponse toolCall(String id, String tool, String arguments) {
        String body;
        try {
            body = JSON.writeValueAsString(Map.of(
                    "id", "chatcmpl-" + id, "object", "chat.completion", "created", 1, "model", "llama3.1",
                    "choices", List.of(Map.of("index", 0, "finish_reason", "tool_calls",
                            "message", Map.of("role", "assistant", "tool_calls", List.of(Map.of(
                                    "id", id, "type", "function",
                                    "function", Map.of("name", tool, "arguments", arguments)))))),
                    "usage", Map.of("prompt_tokens", 120, "completion_tokens", 15, "total_tokens", 135)));
        } catch (IOException e) {
            throw new AssertionError(e);
        }
        return new MockResponse.Builder().code(200).addHeader("Content-Type", "application/json").body(body).build();
    }
}
