package dev.longtask.model.agent;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The agents a workspace can use, as discovery found them ({@code agent.AgentDiscovery}: the built-ins,
 * {@code ~/.longtask/agents}, {@code .claude/agents} and {@code .longtask/agents}, a later definition of a name
 * replacing an earlier one), with the definitions that were replaced and the ones that are wrong.
 */
public final class AgentCatalog {
    private final Map<String, AgentSpec> agents;
    private final Map<String, List<AgentSpec>> overridden;
    private final List<AgentProblem> problems;

    /**
     * @param agents     every usable agent, by name
     * @param overridden per name, the definitions a higher-precedence one replaced, lowest first
     * @param problems   the definitions that are wrong, left out
     */
    public AgentCatalog(Map<String, AgentSpec> agents, Map<String, List<AgentSpec>> overridden,
                         List<AgentProblem> problems) {
        this.agents = Map.copyOf(agents);
        this.overridden = Map.copyOf(overridden);
        this.problems = List.copyOf(problems);
    }

    /** Every usable agent, by name. */
    public List<AgentSpec> agents() {
        return new TreeMap<>(agents).values().stream().toList();
    }

    public Optional<AgentSpec> find(String name) {
        return Optional.ofNullable(agents.get(name));
    }

    /** @throws IllegalArgumentException naming the agent and the ones there are */
    public AgentSpec require(String name) {
        AgentSpec spec = agents.get(name);
        if (spec == null) {
            throw new IllegalArgumentException("unknown agent '" + name + "'; known agents: "
                    + String.join(", ", new TreeMap<>(agents).keySet())
                    + (problems.isEmpty() ? "" : " (some definitions have problems: run 'longtask agents')"));
        }
        return spec;
    }

    /** The definitions of {@code name} that a higher-precedence one replaced, lowest first. */
    public List<AgentSpec> overridden(String name) {
        return overridden.getOrDefault(name, List.of());
    }

    public List<AgentProblem> problems() {
        return problems;
    }
}
