package dev.longtask.api;

import dev.longtask.agent.LoopCaches;
import dev.longtask.agent.AgentDiscovery;
import dev.longtask.model.agent.AgentCatalog;
import dev.longtask.model.agent.Approver;
import dev.longtask.agent.Permissions;
import dev.longtask.model.config.ConfigException;
import dev.longtask.model.config.Environment;
import dev.longtask.config.EnvironmentSection;
import dev.longtask.model.config.Flags;
import dev.longtask.config.McpServersConfig;
import dev.longtask.model.config.Resolved;
import dev.longtask.model.config.SettingKey;
import dev.longtask.model.config.Settings;
import dev.longtask.config.SettingsLoader;
import dev.longtask.engine.EngineConfig;
import dev.longtask.engine.EngineSetup;
import dev.longtask.model.run.Finisher;
import dev.longtask.engine.RunEngine;
import dev.longtask.engine.UsageHistoryCache;
import dev.longtask.model.llm.LlmClient;
import dev.longtask.llm.ModelSource;
import dev.longtask.model.llm.Pricing;
import dev.longtask.llm.TokenCounter;
import dev.longtask.model.ApprovalMode;
import dev.longtask.model.Run;
import dev.longtask.model.SandboxMode;
import dev.longtask.review.map.PlannerMap;
import dev.longtask.model.run.FsyncPolicy;
import dev.longtask.model.run.RunStores;
import dev.longtask.model.run.StoreOptions;
import dev.longtask.tools.Sandbox;
import dev.longtask.tools.Toolbox;
import dev.longtask.tools.Workspace;
import dev.longtask.tools.mcp.McpServers;
import dev.longtask.tools.undo.CheckpointLimits;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * How the runtime puts a run together: the workspace's configuration (read once per run, {@link #configuration}),
 * the run's models, the tools with bash in its sandbox, the MCP servers, the store's options and the engine. The
 * runtime's facade ({@link Longtask}) decides what a run is; this builds what carries it out. One per runtime: what it
 * holds (model clients, tool boxes) is shared by every run of the runtime.
 */
final class RunAssembly {
    private final Environment environment;
    private final Path home;
    /** The built-in agents, parsed once for the runtime rather than at every run's create and resume. */
    private final AgentDiscovery.BuiltIns builtInAgents = new AgentDiscovery.BuiltIns();
    private final LlmClient llm;
    private final Pricing pricing;
    private final int maxRounds;
    private final FsyncPolicy fsync;
    private final Clock clock;
    private final Approver approver;
    private final Map<String, Finisher> finishers;
    private final RunModels.Clients clients;
    private final RunStores stores;
    private final boolean workersOnly;
    private final Map<SandboxMode, Toolbox> toolboxes = new ConcurrentHashMap<>();
    private final AtomicInteger configurationReads = new AtomicInteger();
    /** Every run's counter: the runtime's tools are counted once, not per task. */
    private final TokenCounter tokens = TokenCounter.rememberingTools();
    /** How every run's store writes but for its fsync: the environment's secrets found once, not at every opening. */
    private final StoreOptions storeBase;
    /** The planner's map of a workspace's source, one for the runtime: what it learns once serves every run. */
    private final PlannerMap plannerMap = new PlannerMap(tokens);
    /** The usage histories every run reads when it plans and ends, parsed once while they stay unchanged. */
    private final UsageHistoryCache histories = new UsageHistoryCache();
    /** What every run's agent loops share: the process's secrets found once, the tools' schemas compiled once. */
    private final LoopCaches loops;

    RunAssembly(Environment environment, Path home, LlmClient llm, Pricing pricing, int maxRounds, FsyncPolicy fsync,
                Clock clock, Approver approver, Map<String, Finisher> finishers, RunModels.Clients clients,
                RunStores stores, boolean workersOnly) {
        this.environment = environment;
        this.home = home;
        this.llm = llm;
        this.pricing = pricing;
        this.maxRounds = maxRounds;
        this.fsync = fsync;
        this.clock = clock;
        this.approver = approver;
        this.finishers = finishers;
        this.clients = clients;
        this.stores = stores;
        this.workersOnly = workersOnly;
        this.storeBase = StoreOptions.defaults().withClock(clock)
                .withSecrets(StoreOptions.secretsIn(environment.variables()));
        // The process's own, as every loop redacted before: what the user lets through to bash is shown to the model.
        this.loops = LoopCaches.ofProcess();
    }

    /**
     * The configuration of the workspace at {@code root} as it is now (its config files, Claude Code's permission
     * files, the environment): a run reads it once and takes every setting from it.
     *
     * @throws ConfigException for a bad file, an unknown key or a bad value, naming where it is
     */
    SettingsLoader.Snapshot configuration(Path root) {
        configurationReads.incrementAndGet();
        return SettingsLoader.read(environment, root);
    }

    /** How many times the workspace configuration was read: each run and each reading command reads it once. */
    int configurationReads() {
        return configurationReads.get();
    }

    /** The settings of {@code root} with {@code flags} on top: for a command that reads them once. */
    Settings settings(Path root, Flags flags) {
        return configuration(root).with(flags);
    }

    static Flags flags(String modelSpec, String modelSource, String url, String urlSource) {
        return Flags.none().set(SettingKey.MODEL, modelSource, modelSpec).set(SettingKey.BASE_URL, urlSource, url);
    }

    /**
     * The models of a run in {@code root} with {@code settings}: the runtime's own client when it was given one,
     * otherwise built from the settings (an agent naming its own model gets one from the same configuration).
     *
     * @throws ConfigException when the model cannot be used here; for a resumed run, saying how to resume it otherwise
     */
    ModelSource models(Path root, SettingsLoader.Snapshot configuration, Settings settings, Run resumed) {
        if (llm != null) {
            return RunModels.fixed(llm, pricing);
        }
        try {
            return new RunModels(clients.of(root, settings), root, configuration, clients);
        } catch (ConfigException e) {
            if (resumed == null || resumed.model() == null) {
                throw e;
            }
            throw new ConfigException("run " + resumed.id() + " uses " + resumed.model() + ", which cannot be used "
                    + "here: " + e.getMessage() + " (or resume it with --model SPEC)");
        }
    }

    /** The engine of a run: {@code tasks} at once in this process, none when the runtime leaves them to workers. */
    RunEngine engine(Path root, Settings settings, ModelSource models, int tasks, SandboxMode shell,
                     McpServers servers) {
        return new RunEngine(setup(root, settings, models, workersOnly ? 0 : tasks, shell, servers), null, stores);
    }

    EngineSetup setup(Path root, Settings settings, ModelSource models, int tasks, SandboxMode shell,
                      McpServers servers) {
        EngineConfig config = new EngineConfig(tasks, maxRounds, 0, null, settings.taskTimeout().value(),
                CheckpointLimits.DEFAULT.with(settings.checkpointMaxFiles().map(Resolved::value).orElse(null),
                        settings.checkpointMaxBytes().map(Resolved::value).orElse(null)));
        Toolbox box = tools(shell);
        Permissions permissions = new Permissions(ApprovalMode.AUTO, shell, box.sandbox(),
                settings.permissionRules(), home, approver);
        return new EngineSetup(workspaceOf(root), agents(root), box.all(), models, config, storeOptions(settings),
                tokens, finishers, permissions, servers, plannerMap,
                userHistory(), histories, loops);
    }

    /**
     * The MCP servers configured for {@code root} ({@code .mcp.json}, {@code mcp_servers:}), not started; each stdio
     * server runs in the sandbox bash runs in with {@code shell}, unless the user's own config lets it out.
     */
    McpServers mcpServers(Path root, SandboxMode shell) {
        return McpServers.of(McpServersConfig.load(environment, root), root, environment.variables(),
                McpServers.Confinement.of(() -> tools(shell).sandbox(), workspaceOf(root), environment.variables(),
                        McpServersConfig.unconfined(environment)));
    }

    /**
     * The agents a run in {@code root} may use, with the problems found in their definitions. Their whitelists may
     * name the MCP servers configured there ({@code mcp__server}, {@code mcp__server__tool}).
     */
    AgentCatalog agents(Path root) {
        Set<String> known = new HashSet<>(Toolbox.BUILT_IN);
        McpServersConfig.load(environment, root).values().forEach(server -> known.add(server.prefix()));
        return AgentDiscovery.discover(root, home, known, builtInAgents);
    }

    /** How a run's store writes: the runtime's fsync policy, or the one its settings name. */
    StoreOptions storeOptions(Settings settings) {
        return storeBase.withFsync(fsync(settings));
    }

    /** The tools, with bash in the best sandbox here, or unconfined when the run says {@code sandbox: off}. */
    Toolbox tools(SandboxMode shell) {
        return toolboxes.computeIfAbsent(shell, mode -> Toolbox.builtIn(environment.variables(),
                EnvironmentSection.read(environment), Sandbox.forModeOnFirstUse(mode, environment.variables())));
    }

    static Workspace workspaceOf(Path root) {
        try {
            return new Workspace(root);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot use the workspace " + root + ": " + e.getMessage(), e);
        }
    }

    /** {@code given}, or {@code fallback} when none is given, as a real path; it must be a directory. */
    static Path workspace(Path given, Path fallback) {
        Path dir = given != null ? given : fallback;
        if (!Files.isDirectory(dir)) {
            throw new IllegalArgumentException("workspace " + dir + (Files.exists(dir) ? " is not a directory"
                    : " does not exist") + "; give the directory to work on");
        }
        try {
            return dir.toRealPath();
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot use the workspace " + dir + ": " + e.getMessage(), e);
        }
    }

    private FsyncPolicy fsync(Settings settings) {
        if (fsync != null) {
            return fsync;
        }
        try {
            return settings.fsync().map(r -> FsyncPolicy.fromWire(r.value())).orElse(FsyncPolicy.GROUPED);
        } catch (IllegalArgumentException e) {
            throw new ConfigException("fsync (from " + settings.fsync().get().source() + "): " + e.getMessage());
        }
    }

    /**
     * The user's usage history, beside their config file: where estimates learn from runs in other workspaces. None
     * when the config file's place is not known (no home), rather than a file relative to wherever this runs.
     */
    private Path userHistory() {
        Path config = environment.userConfigFile();
        return config.isAbsolute() ? config.resolveSibling(RunEngine.USER_HISTORY_FILE) : null;
    }
}
