package dev.longtask.llm;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.function.UnaryOperator;

/**
 * Puts {@code additionalProperties: false} back into the tool schemas of a request body. Every schema longtask
 * offers closes its objects, but LangChain4j 1.19 sends that only for tools in strict mode and drops it from the
 * others; without it a model is free to invent arguments that are then refused. An object schema that says
 * anything about additionalProperties (a name-to-path map says {@code {"type": "string"}}) is left as it is.
 * Bodies without tools pass unchanged; the result is deterministic, so a prompt prefix stays byte-identical.
 */
final class ClosedSchemas implements UnaryOperator<String> {
    private final ObjectMapper json = new ObjectMapper();

    @Override
    public String apply(String body) {
        if (body == null || !body.contains("\"tools\"")) {
            return body;
        }
        JsonNode root;
        try {
            root = json.readTree(body);
        } catch (JsonProcessingException e) {
            return body;
        }
        boolean changed = false;
        for (JsonNode tool : root.path("tools")) {
            JsonNode schema = tool.has("function") ? tool.path("function").path("parameters") : tool.path("input_schema");
            changed |= close(schema);
        }
        return changed ? root.toString() : body;
    }

    private static boolean close(JsonNode schema) {
        if (!schema.isObject()) {
            return false;
        }
        boolean changed = false;
        if (schema.has("properties") && !schema.has("additionalProperties")) {
            ((ObjectNode) schema).put("additionalProperties", false);
            changed = true;
        }
        for (JsonNode property : schema.path("properties")) {
            changed |= close(property);
        }
        return close(schema.path("items")) | changed;
    }
}
