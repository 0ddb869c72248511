package dev.longtask.llm;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.HashSet;
import java.util.Iterator;
import java.util.Set;

/**
 * Whether a tool's schema can go out in strict mode unchanged: every object closed
 * ({@code additionalProperties: false}) with all its properties required, and only the keywords both providers'
 * strict modes take (type, description, enum, properties, required, items). A schema with optional arguments
 * or name-to-path maps does not qualify: strict mode would make the model send {@code null} for every optional
 * argument, or cannot express a map at all, so such tools go out as declared, without strict.
 */
final class StrictSchemas {
    private static final Set<String> OBJECT_KEYS = Set.of("type", "description", "properties", "required",
            "additionalProperties");
    private static final Set<String> ARRAY_KEYS = Set.of("type", "description", "items");
    private static final Set<String> STRING_KEYS = Set.of("type", "description", "enum");
    private static final Set<String> SCALAR_KEYS = Set.of("type", "description");

    private StrictSchemas() {
    }

    static boolean allows(JsonNode schema) {
        if (schema == null || !schema.isObject() || !schema.path("type").isTextual()) {
            return false;
        }
        return switch (schema.get("type").asText()) {
            case "object" -> object((ObjectNode) schema);
            case "array" -> only(schema, ARRAY_KEYS) && allows(schema.get("items"));
            case "string" -> only(schema, STRING_KEYS);
            case "integer", "number", "boolean" -> only(schema, SCALAR_KEYS);
            default -> false;
        };
    }

    private static boolean object(ObjectNode schema) {
        if (!only(schema, OBJECT_KEYS) || !schema.path("additionalProperties").isBoolean()
                || schema.get("additionalProperties").booleanValue()) {
            return false;
        }
        Set<String> required = new HashSet<>();
        schema.path("required").forEach(r -> required.add(r.asText()));
        for (Iterator<String> it = schema.path("properties").fieldNames(); it.hasNext(); ) {
            String name = it.next();
            if (!required.contains(name) || !allows(schema.get("properties").get(name))) {
                return false;
            }
        }
        return true;
    }

    private static boolean only(JsonNode schema, Set<String> keys) {
        for (Iterator<String> it = schema.fieldNames(); it.hasNext(); ) {
            if (!keys.contains(it.next())) {
                return false;
            }
        }
        return true;
    }
}
