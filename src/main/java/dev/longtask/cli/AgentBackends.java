package dev.longtask.cli;

import dev.longtask.agent.AgentSpec;
import dev.longtask.agent.Approver;
import dev.longtask.agent.Permissions;
import dev.longtask.config.Flags;
import dev.longtask.agent.TokenCounter;
import dev.longtask.config.Environment;
import dev.longtask.llm.LlmClient;
import dev.longtask.store.RunStore;
import dev.longtask.tools.Tool;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

/**
 * What {@code longtask agent} needs from the layers below: the tools, a model client per agent, and a new run.
 * The real one builds them from the settings; tests put a scripted model behind the same seam.
 */
interface AgentBackends {

    /** Opens the backends for a workspace and the command's model options. */
    @FunctionalInterface
    interface Factory {
        /** @param permissionFlags --approval and --sandbox as given */
        AgentBackends open(Path workspace, ModelOptions options, Flags permissionFlags);
    }

    Factory REAL = (workspace, options, flags) -> new RealAgentBackends(workspace, options, flags,
            Environment.system(), new TokenCounter());

    List<Tool> tools();

    /** The process's token counter (its encoding takes a while to load, so it is built once). */
    TokenCounter tokens();

    Set<String> knownTools();

    /**
     * The client for an agent: --model, else the agent's model, else the settings'.
     *
     * @throws CliFailure with exit code 2 when no model is configured
     */
    LlmClient model(AgentSpec agent);

    /** The client for one task: the same model, reporting its failed attempts to the run as llm.retry. */
    LlmClient forTask(LlmClient client, RunStore store, int taskId);

    /** The approval mode, rules and sandbox of the settings, asking {@code approver}. */
    Permissions permissions(Approver approver);

    /** A new ad-hoc run in the workspace. */
    RunStore createRun(String goal, String modelSpec);
}
