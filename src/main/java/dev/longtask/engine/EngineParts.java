package dev.longtask.engine;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.longtask.agent.AgentCatalog;
import dev.longtask.agent.Permissions;
import dev.longtask.agent.TokenCounter;
import dev.longtask.tools.Tool;
import dev.longtask.tools.Workspace;
import java.time.Clock;
import java.util.List;

/** What every session of the engine shares: built once per process. */
record EngineParts(Workspace workspace, AgentCatalog agents, List<Tool> tools, ModelSource models, EngineConfig config,
                   Clock clock, ObjectMapper json, TokenCounter tokens, RoleTools roles, Permissions permissions) {
}
