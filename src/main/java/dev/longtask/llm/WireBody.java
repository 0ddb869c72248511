package dev.longtask.llm;

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
import java.nio.charset.StandardCharsets;
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
 * passes unchanged. The body is copied token by token; only the tools are read into a tree, not the conversation,
 * which is most of a request and grows with every step. {@link #bytes} writes the UTF-8 that goes on the wire at
 * once, without a String between (the body is tens of KB and was copied as characters, then encoded).
 */
final class WireBody implements UnaryOperator<String> {
    private final ObjectMapper json = JsonMapping.MAPPER;

    @Override
    public String apply(String body) {
        if (body == null || body.isEmpty()) {
            return body;
        }
        StringWriter out = new StringWriter(body.length());
        try (JsonGenerator copy = json.getFactory().createGenerator(out)) {
            if (!finish(body, copy)) {
                return body;
            }
        } catch (IOException e) {
            return body;
        }
        return out.toString();
    }

    /**
     * The body as it goes on the wire: {@link #apply}'s String in UTF-8, encoded as it is written rather than
     * collected and copied first. The characters are {@link #apply}'s and so is the encoding (a lone half of a
     * surrogate pair becomes '?', as in {@code String.getBytes}); Jackson's own UTF-8 writer would differ there and
     * for every character beyond the 16-bit range, which it escapes.
     */
    byte[] bytes(String body) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(body.length() + 256);
        try (JsonGenerator copy = json.getFactory().createGenerator(new OutputStreamWriter(out,
                StandardCharsets.UTF_8))) {
            if (!finish(body, copy)) {
                return body.getBytes(StandardCharsets.UTF_8);
            }
        } catch (IOException e) {
            return body.getBytes(StandardCharsets.UTF_8);
        }
        return out.toByteArray();
    }

    /** Copies {@code body} into {@code copy}, finished; false when the body is not one JSON object. */
    private boolean finish(String body, JsonGenerator copy) throws IOException {
        try (JsonParser in = json.getFactory().createParser(body)) {
            if (in.nextToken() != JsonToken.START_OBJECT) {
                return false;
            }
            copy.writeStartObject();
            while (in.nextToken() == JsonToken.FIELD_NAME) {
                String name = in.currentName();
                copy.writeFieldName(name);
                if (in.nextToken() == JsonToken.START_ARRAY && name.equals("tools")) {
                    JsonNode tools = json.readTree(in);
                    for (JsonNode tool : tools) {
                        close(tool.has("function") ? tool.path("function").path("parameters")
                                : tool.path("input_schema"));
                    }
                    json.writeTree(copy, tools);
                } else {
                    copy.copyCurrentStructure(in);
                }
            }
            if (in.currentToken() != JsonToken.END_OBJECT || in.nextToken() != null) {
                return false;
            }
            copy.writeEndObject();
            return true;
        }
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
