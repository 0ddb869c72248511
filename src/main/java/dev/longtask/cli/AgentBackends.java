package dev.longtask.cli;

import dev.longtask.agent.AgentSpec;
import dev.longtask.llm.TokenCounter;
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
        AgentBackends open(Path workspace, ModelOptions options);
    }

    Factory REAL = (workspace, options) -> new RealAgentBackends(workspace, options, Environment.system(),
            TokenCounter.shared());

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

    /** The same model, reporting its failed attempts to {@code listener}. */
    LlmClient withListener(LlmClient client, dev.longtask.llm.AttemptListener listener);

    /** A new ad-hoc run in the workspace. */
    RunStore createRun(String goal, String modelSpec);
}
