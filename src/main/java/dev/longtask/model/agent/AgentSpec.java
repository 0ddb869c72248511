package dev.longtask.model.agent;

import java.nio.file.Path;
import java.util.List;

/**
 * One agent definition: a system prompt, the work tools it may call (its whitelist), an optional model spec
 * (null: the run's model) and the most model calls one task may take. {@code file} is null for built-ins.
 */
public record AgentSpec(
        String name,
        String description,
        List<String> tools,
        String model,
        int maxSteps,
        String systemPrompt,
        AgentSource source,
        Path file) {

    public static final int DEFAULT_MAX_STEPS = 40;

    public AgentSpec {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("an agent needs a name");
        }
        if (maxSteps < 1) {
            throw new IllegalArgumentException("agent " + name + ": max_steps must be at least 1, got " + maxSteps);
        }
        description = description == null ? "" : description;
        tools = List.copyOf(tools == null ? List.of() : tools);
        systemPrompt = systemPrompt == null ? "" : systemPrompt;
        source = source == null ? AgentSource.BUILT_IN : source;
    }

    /** "built-in", or "project /path/to/file.md". */
    public String origin() {
        return file == null ? source.label() : source.label() + " " + file;
    }

    public AgentSpec withMaxSteps(int steps) {
        return new AgentSpec(name, description, tools, model, steps, systemPrompt, source, file);
    }

    /** The same agent with another whitelist (an MCP server's name replaced by its tools). */
    public AgentSpec withTools(List<String> whitelist) {
        return new AgentSpec(name, description, whitelist, model, maxSteps, systemPrompt, source, file);
    }

    public AgentSpec withModel(String modelSpec) {
        return new AgentSpec(name, description, tools, modelSpec, maxSteps, systemPrompt, source, file);
    }
}
