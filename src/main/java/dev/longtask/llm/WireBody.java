package dev.longtask.llm;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.longtask.model.JsonMapping;
import java.util.function.UnaryOperator;

/**
 * Finishes a request body LangChain4j wrote, before it goes on the wire:
 * <ul>
 *   <li>puts {@code additionalProperties: false} back into the tool schemas. Every schema longtask offers closes
 *   its objects, but LangChain4j 1.19 sends that only for tools in strict mode; without it a model is free to
 *   invent arguments that are then refused. An object schema that says anything about additionalProperties (a
 *   name-to-path map says {@code {"type": "string"}}) is left as it is;</li>
 *   <li>writes the JSON compact: LangChain4j indents it, which is a fifth of the bytes and nothing a provider
 *   reads.</li>
 * </ul>
 * The result is deterministic, so a prompt prefix stays byte-identical from step to step. A body that is not JSON
 * passes unchanged.
 */
final class WireBody implements UnaryOperator<String> {
    private final ObjectMapper json = JsonMapping.MAPPER;

    @Override
    public String apply(String body) {
        if (body == null || body.isEmpty()) {
            return body;
        }
        JsonNode root;
        try {
            root = json.readTree(body);
        } catch (JsonProcessingException e) {
            return body;
        }
        if (root == null || !root.isObject()) {
            return body;
        }
        for (JsonNode tool : root.path("tools")) {
            close(tool.has("function") ? tool.path("function").path("parameters") : tool.path("input_schema"));
        }
        return root.toString();
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
}
