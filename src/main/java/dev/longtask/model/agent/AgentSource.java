package dev.longtask.model.agent;

/**
 * Where a definition came from, lowest precedence first: a later source overrides an earlier one of the
 * same name. Claude Code's {@code .claude/agents} sit between the user's and the project's own directory:
 * they belong to the project, but a file written for longtask itself says more precisely what is wanted.
 */
public enum AgentSource {
    BUILT_IN("built-in"),
    USER("user"),
    CLAUDE("claude"),
    PROJECT("project");

    private final String label;

    AgentSource(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }
}
