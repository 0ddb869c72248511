package dev.longtask.engine;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.longtask.agent.AgentCatalog;
import dev.longtask.store.RunStore;
import dev.longtask.tools.Workspace;

/** What the role agents of one session (planner, director, synthesizer) share. */
record RoleKit(AgentCatalog agents, AgentRunner runner, RunStore store, PlanValidator validator, RoleTools roles,
               ObjectMapper json, Workspace workspace, PlanBook book) {
}
