package dev.longtask.engine;

import dev.longtask.model.agent.AgentCatalog;
import dev.longtask.model.agent.AgentSpec;
import java.util.Set;
import java.util.TreeSet;

/** Which agents of the catalogue may be given tasks (all but the engine's own roles), as the roles are told. */
final class TaskAgents {
    static final Set<String> ROLES = Set.of("planner", "director", "synthesizer");

    private TaskAgents() {
    }

    /** One line per agent a task may be given: "- name: description (tools: ...)". */
    static String catalogue(AgentCatalog catalog) {
        StringBuilder b = new StringBuilder();
        for (AgentSpec a : catalog.agents()) {
            if (!ROLES.contains(a.name())) {
                b.append("- ").append(a.name()).append(": ").append(a.description().strip())
                        .append(" (tools: ").append(String.join(", ", a.tools())).append("; at most ")
                        .append(a.maxSteps()).append(" steps)\n");
            }
        }
        return b.toString();
    }

    static Set<String> names(AgentCatalog catalog) {
        Set<String> names = new TreeSet<>();
        for (AgentSpec a : catalog.agents()) {
            if (!ROLES.contains(a.name())) {
                names.add(a.name());
            }
        }
        return names;
    }
}
