package dev.longtask.engine;

import dev.longtask.agent.AgentCatalog;
import dev.longtask.agent.AgentSpec;
import java.util.Set;
import java.util.TreeSet;

/** Which agents of the catalogue may be given tasks: all but the engine's own roles. */
final class TaskAgents {
    static final Set<String> ROLES = Set.of("planner", "director", "synthesizer");

    private TaskAgents() {
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
