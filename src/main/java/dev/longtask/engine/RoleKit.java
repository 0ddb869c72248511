package dev.longtask.engine;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.longtask.agent.AgentRunner;
import dev.longtask.agent.RunMemory;
import dev.longtask.model.agent.AgentCatalog;
import dev.longtask.model.run.RunStore;
import dev.longtask.tools.ToolContext;
import dev.longtask.tools.Workspace;

/**
 * What the role agents of one session (planner, director, synthesizer) share; {@code context} is where their tool
 * calls act (the run's store, task 0, the run's approval and sandbox modes).
 */
record RoleKit(AgentCatalog agents, AgentRunner runner, RunStore store, PlanValidator validator, RoleTools roles,
               ObjectMapper json, Workspace workspace, PlanBook book, ToolContext context) {

    /** The run's memory as of every event so far. */
    RunMemory memory() {
        return RunMemory.of(store.memoryFiles());
    }
}
