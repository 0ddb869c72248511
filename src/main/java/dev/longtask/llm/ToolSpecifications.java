package dev.longtask.llm;

import dev.langchain4j.agent.tool.ToolSpecification;
import dev.longtask.model.llm.ToolSpec;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Our tools in LangChain4j's terms for one endpoint, each converted once. A conversion writes the tool as JSON and
 * has LangChain4j read its schema back, and an agent offers the same dozen tools on every call of every task, so
 * converting each call was a tenth of the agent loop's own processor time. LangChain4j's specifications are
 * immutable, so one is shared by every request that offers the tool. Thread-safe.
 */
final class ToolSpecifications {
    /** More distinct tools than any agent offers; past it the cache starts over rather than grow. */
    private static final int MAX_KEPT = 512;

    private final boolean strictTools;
    private final Map<ToolSpec, ToolSpecification> converted = new ConcurrentHashMap<>();

    /** @param strictTools whether the endpoint's dialect takes strict tools (each tool's schema must allow it too) */
    ToolSpecifications(boolean strictTools) {
        this.strictTools = strictTools;
    }

    ToolSpecification of(ToolSpec tool) {
        ToolSpecification known = converted.get(tool);
        if (known != null) {
            return known;
        }
        ToolSpecification made = MessageMapping.toLangChain(tool,
                strictTools && StrictSchemas.allows(tool.parameters()));
        if (converted.size() >= MAX_KEPT) {
            converted.clear();
        }
        converted.put(tool, made);
        return made;
    }
}
