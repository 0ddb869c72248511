package dev.longtask.llm;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.longtask.model.JsonMapping;
import dev.longtask.model.llm.ToolCall;

/** A tool call's arguments as the model wrote them, read into what our tools take. */
final class MessageMapping {
    private static final ObjectMapper JSON = JsonMapping.MAPPER;

    private MessageMapping() {
    }

    /** The arguments as an object; text that is not a JSON object is kept under {@link ToolCall#INVALID_ARGUMENTS}. */
    static ObjectNode arguments(String text) {
        if (text == null || text.isBlank()) {
            return JSON.createObjectNode();
        }
        try {
            JsonNode node = JSON.readTree(text);
            if (node != null && node.isObject()) {
                return (ObjectNode) node;
            }
        } catch (JsonProcessingException ignored) {
            // kept as invalid below
        }
        return JSON.createObjectNode().put(ToolCall.INVALID_ARGUMENTS, text);
    }
}
