package dev.longtask.model.agent;

/**
 * One invocation of an agent run directly ({@code longtask agent}, {@code Subagents}): an agent's name and the task
 * text for it.
 */
public record AgentStep(String agent, String task) {
    public AgentStep {
        if (agent == null || agent.isBlank()) {
            throw new IllegalArgumentException("a step needs an agent name");
        }
        task = task == null ? "" : task;
    }

    /**
     * Parses {@code NAME=TASK} (split at the first '=').
     *
     * @throws IllegalArgumentException saying what the form should be
     */
    public static AgentStep parse(String text) {
        int eq = text.indexOf('=');
        if (eq <= 0 || text.substring(0, eq).isBlank() || text.substring(eq + 1).isBlank()) {
            throw new IllegalArgumentException("'" + text + "' is not AGENT=TASK (for example "
                    + "analyzer=\"Analyze src/core\")");
        }
        return new AgentStep(text.substring(0, eq).strip(), text.substring(eq + 1).strip());
    }
}
