package dev.longtask.engine;

import dev.longtask.agent.AgentCatalog;
import dev.longtask.llm.TokenCounter;
import dev.longtask.llm.ModelSource;
import dev.longtask.store.StoreOptions;
import dev.longtask.tools.Tool;
import dev.longtask.tools.Workspace;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What an engine works with: the workspace and its agents, the tools, the models, how runs are carried out, how the
 * store writes, the process's token counter, and the finishers a run may name (looked up by name on resume).
 */
public record EngineSetup(Workspace workspace, AgentCatalog agents, List<Tool> tools, ModelSource models,
                          EngineConfig config, StoreOptions storeOptions, TokenCounter tokens,
                          Map<String, Finisher> finishers) {

    public EngineSetup {
        tools = List.copyOf(tools);
        config = config == null ? EngineConfig.defaults() : config;
        storeOptions = storeOptions == null ? StoreOptions.defaults() : storeOptions;
        tokens = tokens == null ? TokenCounter.shared() : tokens;
        finishers = finishers == null ? Map.of() : Map.copyOf(finishers);
    }

    /** The finishers by name, from a list. */
    public static Map<String, Finisher> byName(List<Finisher> finishers) {
        Map<String, Finisher> named = new TreeMap<>();
        finishers.forEach(f -> named.put(f.name(), f));
        return named;
    }
}
