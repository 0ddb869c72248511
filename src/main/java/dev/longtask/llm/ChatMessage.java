package dev.longtask.llm;

import java.util.List;

/** One message of a conversation. */
public sealed interface ChatMessage {

    record System(String text) implements ChatMessage {
    }

    record User(String text) implements ChatMessage {
    }

    /** What the model said: text, tool calls, or both. */
    record Assistant(String text, List<ToolCall> toolCalls) implements ChatMessage {
        public Assistant {
            text = text == null ? "" : text;
            toolCalls = List.copyOf(toolCalls == null ? List.of() : toolCalls);
        }

        public boolean hasToolCalls() {
            return !toolCalls.isEmpty();
        }
    }

    /** The answer to one tool call, matched by {@code toolCallId}. */
    record ToolResult(String toolCallId, String toolName, String content, boolean error) implements ChatMessage {
    }
}
