package dev.longtask.engine;

import dev.longtask.agent.LoopCaches;
import dev.longtask.agent.Permissions;
import dev.longtask.llm.ModelSource;
import dev.longtask.llm.TokenCounter;
import dev.longtask.model.agent.AgentCatalog;
import dev.longtask.model.run.Finisher;
import dev.longtask.model.run.StoreOptions;
import dev.longtask.tools.Tool;
import dev.longtask.tools.Workspace;
import dev.longtask.tools.mcp.McpServers;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What an engine works with: the workspace and its agents, the tools and the session's MCP servers, the models, how
 * runs are carried out, how the store writes, the process's token counter, the finishers a run may name (looked up
 * by name on resume), and the permissions of its tool calls (rules, who answers questions, the sandbox; the approval
 * mode is the run's own), the ranked map of the workspace's source the planner is shown, and the user's usage
 * history across workspaces ({@code userHistory}, beside the user's config file; null for none), which estimates
 * learn from after the workspace's own, and the usage histories the runtime keeps parsed ({@code histories}; one
 * of the setup's own when null), and what its agent loops share ({@code loops}).
 */
public record EngineSetup(Workspace workspace, AgentCatalog agents, List<Tool> tools, ModelSource models,
                          EngineConfig config, StoreOptions storeOptions, TokenCounter tokens,
                          Map<String, Finisher> finishers, Permissions permissions, McpServers mcp,
                          WorkspaceMap workspaceMap, java.nio.file.Path userHistory, UsageHistoryCache histories,
                          LoopCaches loops) {

    /** A setup whose agent loops share caches of its own ({@code loops}: the environment's secrets found once). */
    public EngineSetup(Workspace workspace, AgentCatalog agents, List<Tool> tools, ModelSource models,
                       EngineConfig config, StoreOptions storeOptions, TokenCounter tokens,
                       Map<String, Finisher> finishers, Permissions permissions, McpServers mcp,
                       WorkspaceMap workspaceMap, java.nio.file.Path userHistory, UsageHistoryCache histories) {
        this(workspace, agents, tools, models, config, storeOptions, tokens, finishers, permissions, mcp, workspaceMap,
                userHistory, histories, null);
    }

    /** A setup that keeps the usage histories it reads to itself. */
    public EngineSetup(Workspace workspace, AgentCatalog agents, List<Tool> tools, ModelSource models,
                       EngineConfig config, StoreOptions storeOptions, TokenCounter tokens,
                       Map<String, Finisher> finishers, Permissions permissions, McpServers mcp,
                       WorkspaceMap workspaceMap, java.nio.file.Path userHistory) {
        this(workspace, agents, tools, models, config, storeOptions, tokens, finishers, permissions, mcp, workspaceMap,
                userHistory, null);
    }

    /** A setup whose estimates learn from the workspace's history alone. */
    public EngineSetup(Workspace workspace, AgentCatalog agents, List<Tool> tools, ModelSource models,
                       EngineConfig config, StoreOptions storeOptions, TokenCounter tokens,
                       Map<String, Finisher> finishers, Permissions permissions, McpServers mcp,
                       WorkspaceMap workspaceMap) {
        this(workspace, agents, tools, models, config, storeOptions, tokens, finishers, permissions, mcp, workspaceMap,
                null);
    }

    /** A setup whose planner sees the workspace's shape without a map of its source. */
    public EngineSetup(Workspace workspace, AgentCatalog agents, List<Tool> tools, ModelSource models,
                       EngineConfig config, StoreOptions storeOptions, TokenCounter tokens,
                       Map<String, Finisher> finishers, Permissions permissions, McpServers mcp) {
        this(workspace, agents, tools, models, config, storeOptions, tokens, finishers, permissions, mcp, null);
    }

    /** A setup whose agents have no MCP servers. */
    public EngineSetup(Workspace workspace, AgentCatalog agents, List<Tool> tools, ModelSource models,
                       EngineConfig config, StoreOptions storeOptions, TokenCounter tokens,
                       Map<String, Finisher> finishers, Permissions permissions) {
        this(workspace, agents, tools, models, config, storeOptions, tokens, finishers, permissions, null);
    }

    public EngineSetup {
        mcp = mcp == null ? McpServers.none() : mcp;
        workspaceMap = workspaceMap == null ? WorkspaceMap.NONE : workspaceMap;
        tools = List.copyOf(tools);
        config = config == null ? EngineConfig.defaults() : config;
        storeOptions = storeOptions == null ? StoreOptions.defaults() : storeOptions;
        tokens = tokens == null ? TokenCounter.shared() : tokens;
        finishers = finishers == null ? Map.of() : Map.copyOf(finishers);
        permissions = permissions == null ? Permissions.AUTO : permissions;
        histories = histories == null ? new UsageHistoryCache() : histories;
        loops = loops == null ? LoopCaches.ofProcess() : loops;
    }

    /** A setup whose runs allow every tool call no rule denies, with nobody to ask. */
    public EngineSetup(Workspace workspace, AgentCatalog agents, List<Tool> tools, ModelSource models,
                       EngineConfig config, StoreOptions storeOptions, TokenCounter tokens,
                       Map<String, Finisher> finishers) {
        this(workspace, agents, tools, models, config, storeOptions, tokens, finishers, Permissions.AUTO);
    }

    /** The finishers by name, from a list. */
    public static Map<String, Finisher> byName(List<Finisher> finishers) {
        Map<String, Finisher> named = new TreeMap<>();
        finishers.forEach(f -> named.put(f.name(), f));
        return named;
    }
}
