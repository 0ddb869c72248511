package dev.longtask.api;

import dev.longtask.agent.AgentDiscovery;
import dev.longtask.model.config.ConfigException;
import dev.longtask.model.config.Environment;
import dev.longtask.config.McpServersConfig;
import dev.longtask.model.agent.AgentCatalog;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;

/** The agents a run in a workspace can use: the built-in ones and those defined in its files and the user's. */
public final class Agents {

    private Agents() {
    }

    /**
     * The agents of {@code workspace} and {@code home} ({@code ~/.longtask/agents}), each checked against the tools
     * there are: the built-in ones and the MCP servers configured for the workspace ({@code mcp__<server>}); the
     * definitions that are wrong are in the catalog's problems. No tool is started.
     *
     * @param home the user's home directory, or null when unknown
     * @throws ConfigException when the workspace's MCP server configuration cannot be read
     */
    public static AgentCatalog discover(Path workspace, Path home, Environment environment) {
        Set<String> known = new TreeSet<>(AgentDiscovery.BUILT_IN_TOOLS);
        McpServersConfig.load(environment, workspace).values().forEach(s -> known.add(s.prefix()));
        return AgentDiscovery.discover(workspace, home, known);
    }
}
