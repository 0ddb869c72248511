package dev.longtask.tools;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** Builds the JSON schema of a tool's arguments: {@code {"type":"object","properties":{...},"required":[...]}}. */
final class Schema {
    private final ObjectNode root = JsonNodeFactory.instance.objectNode();
    private final ObjectNode properties = root.put("type", "object").putObject("properties");
    private final ArrayNode required = JsonNodeFactory.instance.arrayNode();

    static Schema object() {
        return new Schema();
    }

    Schema string(String name, String description, boolean isRequired) {
        return property(name, "string", description, isRequired);
    }

    Schema integer(String name, String description, boolean isRequired) {
        return property(name, "integer", description, isRequired);
    }

    Schema bool(String name, String description, boolean isRequired) {
        return property(name, "boolean", description, isRequired);
    }

    Schema integers(String name, String description) {
        ObjectNode p = properties.putObject(name).put("type", "array").put("description", description);
        p.putObject("items").put("type", "integer");
        return this;
    }

    Schema choice(String name, String description, String... values) {
        ObjectNode p = properties.putObject(name).put("type", "string").put("description", description);
        ArrayNode e = p.putArray("enum");
        for (String v : values) {
            e.add(v);
        }
        return this;
    }

    private Schema property(String name, String type, String description, boolean isRequired) {
        properties.putObject(name).put("type", type).put("description", description);
        if (isRequired) {
            required.add(name);
        }
        return this;
    }

    /** A fresh copy each time, so no caller can change a tool's schema for the others. */
    ObjectNode build() {
        ObjectNode copy = root.deepCopy();
        copy.set("required", required.deepCopy());
        copy.put("additionalProperties", false);
        return copy;
    }
}
