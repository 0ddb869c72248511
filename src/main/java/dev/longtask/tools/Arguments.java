package dev.longtask.tools;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;

/**
 * Reads a tool call's arguments. A wrong or missing argument throws {@link ToolMistake} naming the argument and
 * what was given, so the model can correct the call. Lenient where a model commonly slips: a number or a boolean
 * sent as a string is accepted, and so is "#3" for a task id.
 */
final class Arguments {
    private final ObjectNode json;

    Arguments(ObjectNode json) {
        this.json = json;
    }

    String string(String name) {
        return optionalString(name).orElseThrow(() -> missing(name));
    }

    Optional<String> optionalString(String name) {
        JsonNode value = value(name);
        if (value == null) {
            return Optional.empty();
        }
        if (!value.isTextual()) {
            throw new ToolMistake("argument '" + name + "' must be a string, got " + value.getNodeType().name().toLowerCase()
                    + " " + shorten(value.toString()));
        }
        return Optional.of(value.asText());
    }

    int integer(String name) {
        return optionalInt(name).orElseThrow(() -> missing(name));
    }

    Optional<Integer> optionalInt(String name) {
        JsonNode value = value(name);
        if (value == null) {
            return Optional.empty();
        }
        return Optional.of(asInt(name, value));
    }

    boolean flag(String name, boolean otherwise) {
        JsonNode value = value(name);
        if (value == null) {
            return otherwise;
        }
        if (value.isBoolean()) {
            return value.booleanValue();
        }
        if (value.isTextual() && (value.asText().equalsIgnoreCase("true") || value.asText().equalsIgnoreCase("false"))) {
            return Boolean.parseBoolean(value.asText());
        }
        throw new ToolMistake("argument '" + name + "' must be true or false, got " + shorten(value.toString()));
    }

    /** A list of integers; a single integer is taken as a list of one. */
    List<Integer> integers(String name) {
        JsonNode value = value(name);
        List<Integer> out = new ArrayList<>();
        if (value == null) {
            return out;
        }
        if (value.isArray()) {
            for (JsonNode item : value) {
                out.add(asInt(name, item));
            }
        } else {
            out.add(asInt(name, value));
        }
        return out;
    }

    boolean has(String name) {
        return value(name) != null;
    }

    private JsonNode value(String name) {
        if (json == null) {
            return null;
        }
        JsonNode value = json.get(name);
        return value == null || value.isNull() ? null : value;
    }

    private static int asInt(String name, JsonNode value) {
        if (value.canConvertToInt() && (value.isIntegralNumber() || value.isNumber() && value.asDouble() == Math.rint(value.asDouble()))) {
            return value.asInt();
        }
        if (value.isTextual()) {
            String text = value.asText().trim();
            if (text.startsWith("#")) {
                text = text.substring(1);
            }
            try {
                return Integer.parseInt(text);
            } catch (NumberFormatException e) {
                // falls through to the error below
            }
        }
        throw new ToolMistake("argument '" + name + "' must be an integer, got " + shorten(value.toString()));
    }

    private ToolMistake missing(String name) {
        List<String> given = new ArrayList<>();
        if (json != null) {
            for (Iterator<String> it = json.fieldNames(); it.hasNext(); ) {
                given.add(it.next());
            }
        }
        return new ToolMistake("missing required argument '" + name + "'"
                + (given.isEmpty() ? "" : " (given: " + String.join(", ", given) + ")"));
    }

    private static String shorten(String text) {
        return text.length() <= 60 ? text : text.substring(0, 57) + "...";
    }
}
