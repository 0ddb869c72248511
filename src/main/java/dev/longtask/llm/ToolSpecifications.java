package dev.longtask.llm;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.model.anthropic.internal.api.AnthropicCacheType;
import dev.langchain4j.model.anthropic.internal.mapper.AnthropicMapper;
import dev.langchain4j.model.openai.internal.OpenAiUtils;
import dev.longtask.model.JsonMapping;
import dev.longtask.model.llm.ToolSpec;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Our tools as they go on the wire for one endpoint, each written once as compact JSON and then copied into every
 * request that offers it: an agent offers the same dozen tools on every call of every task. A tool's schema is read
 * into LangChain4j's schema model and written out as its provider mapping writes it (which keywords survive, in what
 * order, what strict mode adds), then every object that declares properties and says nothing about
 * additionalProperties is closed: every schema longtask offers closes its objects, but LangChain4j 1.19 writes that only
 * for tools in strict mode, and without it a model is free to invent arguments that are then refused. Thread-safe.
 */
final class ToolSpecifications {
    /** More distinct tools than any agent offers; past it the cache starts over rather than grow. */
    private static final int MAX_KEPT = 512;
    /** Writes LangChain4j's wire objects as its own clients do (its annotations decide the names and what is left out). */
    private static final ObjectMapper LANGCHAIN = new ObjectMapper();
    private static final ObjectMapper JSON = JsonMapping.MAPPER;

    /** How a tool goes on the wire: Anthropic's form, the same marked as a prompt-cache breakpoint, OpenAI's form. */
    enum Form { ANTHROPIC, ANTHROPIC_CACHED, OPENAI }

    /**
     * A tool in a form, equal as the spec is, hashed by its name and description alone: hashing a spec walks its whole
     * schema, and every request looks each of its tools up. A kept key holds a copy of the schema, so a node the
     * caller changes later never stands for its old text.
     */
    private record Key(ToolSpec tool, Form form) {
        @Override
        public int hashCode() {
            return Objects.hash(tool.name(), tool.description(), form);
        }

        Key kept() {
            return new Key(tool.detached(), form);
        }
    }

    private final boolean strictTools;
    private final Map<Key, String> written = new ConcurrentHashMap<>();
    /** The long texts the endpoint's requests send again, escaped once, shared as the tools are. */
    private final QuotedTexts texts = new QuotedTexts();

    /** @param strictTools whether the endpoint's dialect takes strict tools (each tool's schema must allow it too) */
    ToolSpecifications(boolean strictTools) {
        this.strictTools = strictTools;
    }

    /** The long texts of the endpoint's requests, each escaped once. */
    QuotedTexts texts() {
        return texts;
    }

    /** The tool's JSON text in {@code form}. */
    String of(ToolSpec tool, Form form) {
        Key key = new Key(tool, form);
        String known = written.get(key);
        if (known != null) {
            return known;
        }
        String made = write(tool, form);
        if (written.size() >= MAX_KEPT) {
            written.clear();
        }
        written.put(key.kept(), made);
        return made;
    }

    private String write(ToolSpec tool, Form form) {
        ToolSpecification specification = specification(tool, strictTools && StrictSchemas.allows(tool.parameters()));
        Object wire = switch (form) {
            case ANTHROPIC -> AnthropicMapper.toAnthropicTools(List.of(specification), AnthropicCacheType.NO_CACHE,
                    null).get(0);
            case ANTHROPIC_CACHED -> AnthropicMapper.toAnthropicTools(List.of(specification),
                    AnthropicCacheType.EPHEMERAL, null).get(0);
            case OPENAI -> OpenAiUtils.toTools(List.of(specification), false).get(0);
        };
        try {
            JsonNode node = JSON.readTree(LANGCHAIN.writeValueAsString(wire));
            close(node.has("function") ? node.path("function").path("parameters") : node.path("input_schema"));
            return WireJson.text(node);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a tool's JSON is written and read in memory", e);
        }
    }

    /**
     * LangChain4j's own JSON reading of a tool, which keeps the whole JSON schema of the parameters.
     * {@code strict} asks the provider to hold the model's arguments to the schema.
     */
    private static ToolSpecification specification(ToolSpec tool, boolean strict) {
        ObjectNode json = JSON.createObjectNode();
        json.put("name", tool.name());
        json.put("description", tool.description());
        json.set("parameters", tool.parameters() != null ? tool.parameters()
                : JSON.createObjectNode().put("type", "object"));
        if (strict) {
            json.put("strict", true);
        }
        return ToolSpecification.fromJson(json.toString());
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
