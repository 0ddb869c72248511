package dev.longtask.agent;

import dev.longtask.model.JsonMapping;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.UncheckedIOException;

/** The package's one Jackson mapper (thread-safe once configured). */
final class Json {
    static final ObjectMapper MAPPER = JsonMapping.MAPPER;

    private Json() {
    }

    static ObjectNode object() {
        return MAPPER.createObjectNode();
    }

    static String pretty(JsonNode node) {
        try {
            return MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(node);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A stable text of the arguments, keys sorted, so the same call made twice compares equal. */
    static String canonical(JsonNode node) {
        if (node == null) {
            return "null";
        }
        try {
            Object tree = MAPPER.treeToValue(node, Object.class);
            return MAPPER.writeValueAsString(tree);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    static ObjectNode parseObject(String text) {
        try {
            return (ObjectNode) MAPPER.readTree(text);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}
