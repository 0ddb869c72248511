package dev.longtask.llm;

import java.util.List;

/** One call to the model. {@code maxOutputTokens} null leaves the provider's default. */
public record ChatRequest(List<ChatMessage> messages, List<ToolSpec> tools, Integer maxOutputTokens) {
    public ChatRequest {
        messages = List.copyOf(messages);
        tools = List.copyOf(tools == null ? List.of() : tools);
    }
}
