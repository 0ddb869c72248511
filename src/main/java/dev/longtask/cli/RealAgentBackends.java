package dev.longtask.cli;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.longtask.agent.AgentSpec;
import dev.longtask.agent.Approver;
import dev.longtask.agent.Permissions;
import dev.longtask.agent.TokenCounter;
import dev.longtask.config.Environment;
import dev.longtask.config.Flags;
import dev.longtask.config.SettingKey;
import dev.longtask.config.Settings;
import dev.longtask.llm.AttemptListener;
import dev.longtask.llm.LlmClient;
import dev.longtask.llm.ModelClient;
import dev.longtask.model.Budget;
import dev.longtask.model.EventType;
import dev.longtask.store.FileRunStore;
import dev.longtask.store.RunStore;
import dev.longtask.store.StoreOptions;
import dev.longtask.tools.Sandbox;
import dev.longtask.tools.Tool;
import dev.longtask.tools.Toolbox;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** The agent command's backends from the real settings, tools and file store. */
final class RealAgentBackends implements AgentBackends {
    private final Path workspace;
    private final ModelOptions options;
    private final Environment environment;
    private final TokenCounter tokens;
    private final Toolbox toolbox;
    private final Settings settings;
    private final Map<String, ModelClient> clients = new HashMap<>();

    RealAgentBackends(Path workspace, ModelOptions options, Flags permissionFlags, Environment environment,
                      TokenCounter tokens) {
        this.tokens = tokens;
        this.workspace = workspace;
        this.options = options;
        this.environment = environment;
        this.settings = options.settings(environment, workspace, permissionFlags);
        this.toolbox = Toolbox.builtIn(environment.variables(),
                Sandbox.forMode(settings.sandbox().value(), environment.variables()));
    }

    @Override
    public Permissions permissions(Approver approver) {
        return new Permissions(settings.approval().value(), settings.sandbox().value(), toolbox.sandbox(),
                settings.permissionRules(), Workspaces.home(), approver);
    }

    @Override
    public List<Tool> tools() {
        return toolbox.all();
    }

    @Override
    public TokenCounter tokens() {
        return tokens;
    }

    @Override
    public Set<String> knownTools() {
        return Set.copyOf(toolbox.names());
    }

    @Override
    public LlmClient model(AgentSpec agent) {
        // --model (applied by the options after these flags) wins over the agent's own model.
        String key = agent.model() == null ? "" : agent.model();
        return clients.computeIfAbsent(key, k -> {
            Settings settings = options.settings(environment, workspace, Flags.none().set(SettingKey.MODEL,
                    "model: of agent " + agent.name(), agent.model()));
            return options.client(settings, AttemptListener.NONE);
        });
    }

    @Override
    public LlmClient forTask(LlmClient client, RunStore store, int taskId) {
        if (!(client instanceof ModelClient model)) {
            return client;
        }
        return model.withListener(new AttemptListener() {
            @Override
            public void attemptFailed(Failure failure) {
                var data = JsonNodeFactory.instance.objectNode().put("model", failure.model())
                        .put("attempt", failure.attempt()).put("status", failure.status()).put("error", failure.error());
                if (failure.retryIn() != null) {
                    data.put("wait_ms", failure.retryIn().toMillis());
                }
                store.append(EventType.LLM_RETRY, taskId, data);
            }
        });
    }

    @Override
    public RunStore createRun(String goal, String modelSpec) {
        return FileRunStore.create(workspace, null, goal, modelSpec, Budget.UNLIMITED, StoreOptions.defaults());
    }
}
