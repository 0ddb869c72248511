package dev.longtask.model.llm;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import java.util.List;

/** One message of a conversation. As JSON it carries its kind in "role" (system, user, assistant, tool). */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "role")
@JsonSubTypes({
        @JsonSubTypes.Type(value = ChatMessage.System.class, name = "system"),
        @JsonSubTypes.Type(value = ChatMessage.User.class, name = "user"),
        @JsonSubTypes.Type(value = ChatMessage.Assistant.class, name = "assistant"),
        @JsonSubTypes.Type(value = ChatMessage.ToolResult.class, name = "tool"),
})
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
