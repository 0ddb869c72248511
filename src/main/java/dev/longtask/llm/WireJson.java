package dev.longtask.llm;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.longtask.model.JsonMapping;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Iterator;
import java.util.Map;

/**
 * The JSON of a provider request, written straight from our messages, and the pieces of an answer read back. A body
 * is written compact, as characters encoded to UTF-8 as they are written (a lone half of a surrogate pair becomes
 * '?', as in {@code String.getBytes}; Jackson's own UTF-8 writer would differ there and escape every character beyond
 * the 16-bit range), so the bytes are the ones the provider always got and a prompt prefix stays byte-identical from
 * step to step.
 */
final class WireJson {
    /** What a request's body writes. */
    interface Body {
        void write(JsonGenerator json) throws IOException;
    }

    private static final ObjectMapper JSON = JsonMapping.MAPPER;
    private static final JsonFactory FACTORY = JSON.getFactory();

    private WireJson() {
    }

    /** The body's UTF-8 bytes; {@code size} is a guess of their number. */
    static byte[] bytes(int size, Body body) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(size);
        try (JsonGenerator json = FACTORY.createGenerator(new OutputStreamWriter(out, StandardCharsets.UTF_8))) {
            body.write(json);
        } catch (IOException e) {
            throw new UncheckedIOException("a request body is written to memory", e);
        }
        return out.toByteArray();
    }

    /** A text field, left out when its value is null (as the provider always got it). */
    static void nonNull(JsonGenerator json, String name, String value) throws IOException {
        if (value != null) {
            json.writeStringField(name, value);
        }
    }

    /** {@code text} as a JSON string literal, quotes included, as {@link #bytes} would write it. */
    static String literal(String text) {
        StringWriter out = new StringWriter(text.length() + 16);
        try (JsonGenerator json = FACTORY.createGenerator(out)) {
            json.writeString(text);
        } catch (IOException e) {
            throw new UncheckedIOException("JSON is written to memory", e);
        }
        return out.toString();
    }

    /** {@code node} as compact JSON text, as {@link #bytes} would write it. */
    static String text(JsonNode node) {
        StringWriter out = new StringWriter();
        try (JsonGenerator json = FACTORY.createGenerator(out)) {
            JSON.writeTree(json, node);
        } catch (IOException e) {
            throw new UncheckedIOException("JSON is written to memory", e);
        }
        return out.toString();
    }

    /**
     * A tool call's arguments as the provider always got them: written as JSON text and read back, so every number
     * with a fraction goes as the nearest double ({@code 1.50} as {@code 1.5}) and every other value as it is.
     */
    static void arguments(JsonGenerator json, JsonNode node) throws IOException {
        switch (node.getNodeType()) {
            case OBJECT -> {
                json.writeStartObject();
                for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
                    Map.Entry<String, JsonNode> field = it.next();
                    json.writeFieldName(field.getKey());
                    arguments(json, field.getValue());
                }
                json.writeEndObject();
            }
            case ARRAY -> {
                json.writeStartArray();
                for (JsonNode item : node) {
                    arguments(json, item);
                }
                json.writeEndArray();
            }
            case NUMBER -> {
                if (node.isBigDecimal() && node.decimalValue().scale() == 0) {
                    // written as digits alone, so read back as a whole number
                    json.writeNumber(node.decimalValue().unscaledValue());
                } else if (node.isFloat()) {
                    json.writeNumber(Double.parseDouble(Float.toString(node.floatValue())));
                } else if (!node.isIntegralNumber()) {
                    json.writeNumber(node.doubleValue());
                } else if (node.isBigInteger()) {
                    json.writeNumber(node.bigIntegerValue());
                } else if (node.isLong()) {
                    json.writeNumber(node.longValue());
                } else {
                    json.writeNumber(node.intValue());
                }
            }
            default -> JSON.writeTree(json, node);
        }
    }

    /**
     * The value the parser stands on (an Anthropic tool call's {@code input}) as the arguments of a call: copied as
     * JSON text, every number with a fraction as the nearest double, and read as {@link MessageMapping#arguments}
     * reads any arguments. JSON null is the text {@code null}, kept as arguments that are not an object.
     */
    static ObjectNode arguments(JsonParser in) throws IOException {
        if (in.currentToken() == JsonToken.VALUE_NULL) {
            return MessageMapping.arguments("null");
        }
        if (in.currentToken() != JsonToken.START_OBJECT) {
            throw new IOException("a tool call's input is not an object: " + in.currentToken());
        }
        StringWriter text = new StringWriter();
        try (JsonGenerator copy = FACTORY.createGenerator(text)) {
            copy.copyCurrentStructure(in);
        }
        return MessageMapping.arguments(text.toString());
    }

    /** The text value the parser stands on, or null for JSON null; any other value is not an answer we read. */
    static String string(JsonParser in) throws IOException {
        JsonToken t = in.currentToken();
        if (t == JsonToken.VALUE_NULL) {
            return null;
        }
        if (t == JsonToken.VALUE_STRING) {
            return in.getText();
        }
        if (t == JsonToken.VALUE_NUMBER_INT || t == JsonToken.VALUE_NUMBER_FLOAT || t == JsonToken.VALUE_TRUE
                || t == JsonToken.VALUE_FALSE) {
            return in.getText();
        }
        throw new IOException("expected text, found " + t);
    }

    /** The whole number the parser stands on, or null for JSON null. */
    static Integer integer(JsonParser in) throws IOException {
        JsonToken t = in.currentToken();
        if (t == JsonToken.VALUE_NULL) {
            return null;
        }
        if (t == JsonToken.VALUE_NUMBER_INT) {
            return in.getIntValue();
        }
        throw new IOException("expected a whole number, found " + t);
    }
}
