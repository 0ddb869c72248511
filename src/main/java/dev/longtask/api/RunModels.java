package dev.longtask.api;

import dev.longtask.model.config.ConfigException;
import dev.longtask.model.config.Flags;
import dev.longtask.model.config.Resolved;
import dev.longtask.model.config.SettingKey;
import dev.longtask.model.config.Settings;
import dev.longtask.config.SettingsLoader;
import dev.longtask.llm.AttemptListener;
import dev.longtask.model.llm.LlmClient;
import dev.longtask.llm.LlmClients;
import dev.longtask.llm.ModelClient;
import dev.longtask.llm.ModelConnections;
import dev.longtask.llm.ModelSource;
import dev.longtask.model.llm.Pricing;
import dev.longtask.model.llm.Tape;
import java.nio.file.Path;
import java.util.List;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The models of one run built from settings: the run's model, and for an agent whose definition names its own model
 * a client from the same workspace's settings with that model. Clients come from the runtime's shared cache, so runs
 * on the same model share one.
 */
final class RunModels implements ModelSource {
    private final ModelClient runModel;
    private final Path workspace;
    private final SettingsLoader.Snapshot configuration;
    private final Clients clients;

    /**
     * The runtime's clients, by workspace, model and base URL: the most recently used few kept (a workspace's settings
     * make its client), all of them on the runtime's HTTP connections, one per provider endpoint, so that a process
     * that has served a thousand workspaces holds as many threads and file descriptors as one that has served one.
     */
    static final class Clients {
        /** More than the workspaces a process works in at once, in practice; an evicted client is rebuilt cheaply. */
        static final int KEPT = 64;

        private final Map<String, ModelClient> byKey = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, ModelClient> eldest) {
                return size() > KEPT;
            }
        };
        private final Tape tape;
        private final ModelConnections connections = new ModelConnections();

        Clients(Tape tape) {
            this.tape = tape;
        }

        /** @throws ConfigException when the settings name no usable model (no model, no key, a bad spec) */
        ModelClient of(Path workspace, Settings settings) {
            // A replay names its model in the recording: nothing needs configuring for it.
            String spec = tape instanceof Tape.Replay ? settings.model().map(Resolved::value).orElse("")
                    : settings.requireModel();
            String url = settings.baseUrl().map(Resolved::value).orElse("");
            String key = workspace + "\n" + spec + "\n" + url;
            synchronized (byKey) {
                ModelClient kept = byKey.get(key);
                if (kept != null) {
                    return kept;
                }
            }
            // Built outside the lock: building reads the workspace's model catalog and a replay's tape from disk.
            ModelClient built = LlmClients.create(settings, tape, AttemptListener.NONE, connections);
            synchronized (byKey) {
                return byKey.computeIfAbsent(key, k -> built);
            }
        }

        ModelClient uncached(Settings settings, AttemptListener listener) {
            return LlmClients.create(settings, tape, listener, connections);
        }
    }

    /** {@code configuration}: the run's, as read when it was put together; an agent's own model is resolved in it. */
    RunModels(ModelClient runModel, Path workspace, SettingsLoader.Snapshot configuration, Clients clients) {
        this.runModel = runModel;
        this.workspace = workspace;
        this.configuration = configuration;
        this.clients = clients;
    }

    @Override
    public String runModel() {
        return runModel.modelSpec();
    }

    /** What a user should know about the run's model before relying on it (see {@link dev.longtask.llm.Endpoint#warnings}). */
    List<String> warnings() {
        return runModel.endpoint().warnings();
    }

    /** Where the run's model is served, as resolved (the provider's own URL when none was configured). */
    String baseUrl() {
        return runModel.endpoint().baseUrl();
    }

    @Override
    public LlmClient client(String modelSpec, AttemptListener listener) {
        if (modelSpec == null || modelSpec.isBlank() || modelSpec.equals(runModel.modelSpec())) {
            return runModel.withListener(listener);
        }
        Settings own = configuration.with(Flags.none().set(SettingKey.MODEL, "an agent definition", modelSpec));
        return clients.of(workspace, own).withListener(listener);
    }

    @Override
    public Pricing pricing() {
        return Pricing.of(runModel.endpoint().price().map(Resolved::value).orElse(null));
    }

    /**
     * Every agent on one given client (a library user's own, a test's, or a step's of {@code longtask agent}); a
     * client built from settings reports each task's failed attempts to that task.
     */
    static ModelSource fixed(LlmClient client, Pricing pricing) {
        return new ModelSource() {
            @Override
            public String runModel() {
                return client.modelSpec();
            }

            @Override
            public LlmClient client(String modelSpec, AttemptListener listener) {
                return client instanceof ModelClient model ? model.withListener(listener) : client;
            }

            @Override
            public Pricing pricing() {
                return pricing;
            }
        };
    }
}
