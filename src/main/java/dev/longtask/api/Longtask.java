package dev.longtask.api;

import dev.longtask.model.agent.AgentCatalog;
import dev.longtask.model.agent.AgentSpec;
import dev.longtask.model.agent.AgentStep;
import dev.longtask.model.agent.Approver;
import dev.longtask.agent.Permissions;
import dev.longtask.model.config.ConfigException;
import dev.longtask.model.config.Environment;
import dev.longtask.model.config.Flags;
import dev.longtask.model.config.Resolved;
import dev.longtask.model.config.Settings;
import dev.longtask.config.SettingsLoader;
import dev.longtask.engine.EngineSession;
import dev.longtask.engine.EngineSetup;
import dev.longtask.engine.NewRun;
import dev.longtask.engine.Resumption;
import dev.longtask.engine.RunEngine;
import dev.longtask.model.llm.LlmClient;
import dev.longtask.llm.LlmClients;
import dev.longtask.llm.ModelClient;
import dev.longtask.llm.ModelSource;
import dev.longtask.llm.ModelSpec;
import dev.longtask.model.llm.Pricing;
import dev.longtask.model.ApprovalMode;
import dev.longtask.model.Budget;
import dev.longtask.model.Isolation;
import dev.longtask.model.Run;
import dev.longtask.model.RunSettings;
import dev.longtask.model.SandboxMode;
import dev.longtask.model.run.RunStore;
import dev.longtask.model.run.RunStores;
import dev.longtask.tools.PermissionPolicy;
import dev.longtask.tools.Sandbox;
import dev.longtask.tools.Toolbox;
import dev.longtask.tools.Workspace;
import dev.longtask.tools.mcp.McpServers;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The longtask runtime: built once per JVM by {@link #builder()}, it starts and resumes runs, each carried out on a
 * thread of its own and reached through its {@link RunHandle}, several at once, in one workspace or many. The runs
 * share the model clients (one per workspace, model and base URL, the recently used kept) and their HTTP connections
 * (one per provider endpoint, dropped when idle), the process's token counter, the tools and the
 * post-run steps; each run has its own workspace, model, budgets, concurrency and approval mode, recorded with it so
 * that a resume in any process keeps them. {@link #runs} reads any run without disturbing it.
 *
 * <pre>{@code
 * try (Longtask longtask = Longtask.builder().workspace(dir).model("openai:gpt-4.1").build()) {
 *     RunHandle run = longtask.start("Summarise the design documents into docs/summary.md");
 *     run.events(0, event -> System.out.println(event.type()));
 *     Outcome outcome = run.await();
 * }
 * }</pre>
 */
public final class Longtask implements AutoCloseable {
    private final Path workspace;
    private final Environment environment;
    private final Path home;
    private final String model;
    private final String baseUrl;
    private final LlmClient llm;
    private final Budget budget;
    private final Integer concurrency;
    private final ApprovalMode approval;
    private final SandboxMode sandbox;
    private final Clock clock;
    private final Approver approver;
    private final RunModels.Clients clients;
    private final RunAssembly assembly;
    private final ReviewPlanning reviews;
    private final Set<RunHandle> running = ConcurrentHashMap.newKeySet();
    private final RunStores stores;
    private final boolean trustWorkspaceConfig;
    private final WorkspaceTrust trust;

    /** Built by {@link LongtaskBuilder#build()}. */
    Longtask(LongtaskBuilder b) {
        this.workspace = b.workspace;
        this.environment = b.environment;
        this.home = b.home;
        this.model = b.model;
        this.baseUrl = b.baseUrl;
        this.llm = b.llm;
        this.budget = b.budget;
        this.concurrency = b.concurrency;
        this.approval = b.approval;
        this.sandbox = b.sandbox;
        this.approver = b.approver;
        this.clock = b.clock;
        this.clients = new RunModels.Clients(b.tape);
        this.stores = b.stores;
        this.assembly = new RunAssembly(b.environment, b.home, b.llm, b.pricing, b.maxRounds, b.fsync, b.clock,
                b.approver, EngineSetup.byName(b.finishers), clients, b.stores, b.workersOnly);
        this.reviews = new ReviewPlanning(assembly, b.clock);
        this.trustWorkspaceConfig = b.trustWorkspaceConfig;
        this.trust = new WorkspaceTrust(b.environment, b.home);
    }

    /** A builder with every setting at its default: the current directory, the environment's model and keys. */
    public static LongtaskBuilder builder() {
        return new LongtaskBuilder();
    }

    /** Starts a run the planner plans, in the default workspace, with the runtime's settings. */
    public RunHandle start(String goal) {
        return start(RunRequest.goal(goal));
    }

    /**
     * Creates the run (its directory and first event exist when this returns) and carries it out on a new thread.
     *
     * @throws ConfigException          when no usable model is configured (saying how to add one); nothing is created
     * @throws IllegalArgumentException for a bad workspace, run id or plan; nothing is created
     */
    public RunHandle start(RunRequest request) {
        Prepared run = prepared(request);
        return launch(run.root(), run.settings(), assembly.mcpServers(run.root(), run.shell()), run.models(),
                run.tasks(), run.shell(), 0, List.of(), engine -> engine.create(run.newRun()));
    }

    /**
     * Creates the run as {@link #start} does (its directory, first event, model, budgets and settings) without
     * carrying it out: for a caller that keeps runs waiting in a queue of its own (the server) and carries each out
     * later with {@link #resume}. A plan the request gives (a code review's, {@link ReviewPlan#request}) is recorded
     * now and its post-run step named, so the resume carries out that plan and ends the run that way, in this
     * process or another. Returns the run's id.
     *
     * @throws ConfigException          when no usable model is configured (saying how to add one); nothing is created
     * @throws IllegalArgumentException for a bad workspace, run id or plan; nothing is created
     */
    public String create(RunRequest request) {
        return create(request, null);
    }

    /**
     * Creates the run as {@link #create(RunRequest)} does and records it {@code queued} for {@code reason} before
     * its store is closed: one opening of the run's files where a create followed by a change of status took two.
     * Durable, status and all, when this returns; a null reason leaves the run {@code created}.
     */
    public String createQueued(RunRequest request, String reason) {
        return create(request, java.util.Objects.requireNonNull(reason, "reason"));
    }

    private String create(RunRequest request, String queuedBecause) {
        Prepared run = prepared(request);
        // the MCP servers of a session start only when an agent needs one: creating the run starts none
        try (McpServers servers = assembly.mcpServers(run.root(), run.shell());
             EngineSession session = assembly.engine(run.root(), run.settings(), run.models(), run.tasks(),
                     run.shell(), servers).create(run.newRun())) {
            session.recordGivenPlan();
            if (queuedBecause != null) {
                session.queue(queuedBecause);
            }
            return session.runId();
        }
    }

    /** A run about to be created: its workspace, settings, models, agents at once, shell and first event. */
    private record Prepared(Path root, Settings settings, ModelSource models, int tasks, SandboxMode shell,
                            NewRun newRun) {
    }

    private Prepared prepared(RunRequest request) {
        Path root = workspace(request.workspace());
        requireTrusted(root);
        SettingsLoader.Snapshot configuration = assembly.configuration(root);
        Settings settings = configuration.with(runFlags(request));
        ModelSource models = assembly.models(root, configuration, settings, null);
        int tasks = firstSet(request.concurrency(), concurrency, settings.concurrency().value());
        RunSettings recorded = new RunSettings(servedAt(models), tasks,
                firstSet(request.approval(), approval, ApprovalMode.AUTO),
                firstSet(request.sandbox(), sandbox, SandboxMode.AUTO),
                request.isolation() == Isolation.WORKTREE ? Isolation.WORKTREE : null);
        Budget limits = settings.budget().overriddenBy(budget).overriddenBy(
                request.budget() == null ? Budget.UNLIMITED : request.budget());
        NewRun newRun = new NewRun(request.goal(), request.runId(), limits, recorded, request.plan(),
                request.estimate(), request.finisher(), request.planOnly());
        return new Prepared(root, settings, models, tasks, recorded.sandbox(), newRun);
    }

    /** The model and base URL a new run of {@code request} uses, as flags over the workspace's settings. */
    private Flags runFlags(RunRequest request) {
        return RunAssembly.flags(request.model() != null ? request.model() : model, "the run's model",
                request.baseUrl() != null ? request.baseUrl() : baseUrl, "the run's base URL");
    }

    /**
     * What a resume records: the fields the request changes, and the fields the run did not record (it was made
     * before settings were) as they are now, so that later resumes keep them too.
     */
    private RunSettings settingsToRecord(ResumeRequest request, RunSettings was, String url, int tasks) {
        return new RunSettings(
                request.baseUrl() != null || was.baseUrl() == null ? url : null,
                request.concurrency() != null || was.concurrency() == null ? Integer.valueOf(tasks) : null,
                request.approval() != null ? request.approval()
                        : was.approval() == null ? firstSet(approval, ApprovalMode.AUTO) : null,
                request.sandbox() != null ? request.sandbox()
                        : was.sandbox() == null ? firstSet(sandbox, SandboxMode.AUTO) : null);
    }

    /** Where a run's model is served, to record with it; null for a client of the user's own. */
    private static String servedAt(ModelSource models) {
        return models instanceof RunModels settingsBuilt ? settingsBuilt.baseUrl() : null;
    }

    /** Resumes a run of the default workspace as it was recorded. */
    public RunHandle resume(String runId) {
        return resume(ResumeRequest.of(runId));
    }

    /**
     * Opens the run for writing (repairing what a crash left) and carries it on on a new thread. It keeps the model,
     * base URL, concurrency, budgets, approval and sandbox modes it recorded, except what {@code request} changes.
     * A run that has ended is left as it was ({@link Outcome#nothingToDo()}).
     *
     * @throws dev.longtask.model.run.NoSuchRunException  when the workspace has no such run
     * @throws dev.longtask.model.run.RunLockedException  when another process runs it
     * @throws ConfigException                        when its model cannot be used here (a key is missing)
     */
    public RunHandle resume(ResumeRequest asked) {
        Path root = workspace(asked.workspace());
        requireTrusted(root);
        Run run = stores.readRun(root, asked.runId());
        SettingsLoader.Snapshot configuration = assembly.configuration(root);
        RunSettings was = run.recordedSettings();
        RecordedLoosening.Decision decided = RecordedLoosening.decide(run, asked, trusted(configuration, asked, run),
                () -> stores.seal(root, run.id(), was));
        List<String> notes = new ArrayList<>(decided.notes());
        ResumeRequest request = decided.request();
        Settings settings;
        ModelSource models;
        Integer tasks;
        RunSettings now;
        if (!run.status().isResumable()) {
            settings = configuration.with(Flags.none());
            models = RunModels.fixed(new EndedRunModel(run.model()), Pricing.unknown());
            tasks = firstSet(was.concurrency(), concurrency, RunSettings.DEFAULTS.concurrency());
            now = RunSettings.NONE;
        } else {
            String spec = request.model() != null ? request.model() : run.model() != null ? run.model() : model;
            String url = request.baseUrl() != null ? request.baseUrl() : was.baseUrl() != null ? was.baseUrl() : baseUrl;
            settings = configuration.with(RunAssembly.flags(spec, request.model() != null ? request.by() : "run "
                    + run.id(), url, request.baseUrl() != null ? request.by() : "run " + run.id()));
            models = assembly.models(root, configuration, settings, run);
            // The history is read only for a run made before its concurrency was recorded.
            tasks = firstSet(request.concurrency(), was.concurrency());
            if (tasks == null) {
                tasks = firstSet(stores.read(root, run.id()).history().sessionConcurrency(), concurrency,
                        settings.concurrency().value());
            }
            now = settingsToRecord(request, was, servedAt(models), tasks);
        }
        Resumption change = new Resumption(request.budget(), request.model(), now, request.by());
        SandboxMode shell = firstSet(request.sandbox(), was.sandbox(), sandbox, SandboxMode.AUTO);
        McpServers servers = assembly.mcpServers(root, shell);
        BackgroundOpen opening = BackgroundOpen.start(stores, root, request.runId(), assembly.storeOptions(settings));
        try {
            return launch(root, settings, servers, models, tasks, shell, run.lastSeq(), notes,
                    engine -> engine.open(opening.take(), change));
        } catch (RuntimeException e) {
            opening.abandon();
            throw e;
        }
    }

    /**
     * Runs agents directly, each step as a task of a new run (transcripts and results are kept there), on this
     * thread; an interrupt of this thread stops them, records their state and leaves the flag set. Every model is
     * resolved before the run is created.
     *
     * @throws IllegalArgumentException naming an unknown agent (and the problems of its definition file)
     * @throws ConfigException          when a step's model cannot be used (none configured, a key missing)
     */
    public AgentsOutcome runAgents(AgentsRequest request) {
        Path root = workspace(request.workspace());
        requireTrusted(root);
        SettingsLoader.Snapshot configuration = assembly.configuration(root);
        AgentCatalog catalog = assembly.agents(root);
        Map<String, AgentSpec> specs = new LinkedHashMap<>();
        Map<String, LlmClient> chosen = new LinkedHashMap<>();
        for (AgentStep step : request.steps()) {
            AgentSpec agent;
            try {
                agent = catalog.require(step.agent());
            } catch (IllegalArgumentException e) {
                String problems = catalog.problems().stream().filter(p -> p.file().contains(step.agent()))
                        .map(Object::toString).collect(Collectors.joining("; "));
                throw new IllegalArgumentException(e.getMessage() + (problems.isEmpty() ? "" : "; " + problems), e);
            }
            AgentSpec used = request.maxSteps() == null ? agent : agent.withMaxSteps(request.maxSteps());
            specs.put(used.name(), used);
            chosen.computeIfAbsent(used.name(), name -> llm != null ? llm : clients.of(root, configuration.with(
                    RunAssembly.flags(request.model() != null ? request.model()
                                    : agent.model() != null ? agent.model() : model,
                            request.model() != null ? "--model" : "model: of agent " + agent.name(),
                            request.baseUrl() != null ? request.baseUrl() : baseUrl, "--base-url"))));
        }
        Workspace ws = RunAssembly.workspaceOf(root);
        Settings settings = configuration.with(Flags.none());
        SandboxMode shell = firstSet(sandbox, SandboxMode.AUTO);
        Toolbox box = assembly.tools(shell);
        Permissions permissions = new Permissions(firstSet(approval, ApprovalMode.AUTO), shell,
                box.sandbox(), settings.permissionRules(), home, approver);
        try (McpServers servers = assembly.mcpServers(root, shell)) {
            return new AgentRuns(ws, box.all(), servers, assembly.storeOptions(settings), clock, permissions)
                    .run(request, specs, chosen);
        }
    }

    /**
     * What the files of {@code dir} (the default workspace when null) loosen or start, and whether a person trusted
     * exactly that; runs there start only when nothing loosens, it is trusted, or this runtime trusts every workspace.
     */
    public WorkspaceTrust.Review trustReview(Path dir) {
        return trust.review(workspace(dir));
    }

    /** Records that a person trusts what {@code review} showed; runs in its workspace may start from now on. */
    public void trust(WorkspaceTrust.Review review) {
        trust.trust(review);
    }

    /** Whether this runtime applies every workspace's configuration untrusted (--trust-workspace-config). */
    public boolean trustsEveryWorkspaceConfig() {
        return trustWorkspaceConfig;
    }

    /** Forgets the trust given to {@code dir}'s configuration; true when there was one. */
    public boolean revokeTrust(Path dir) {
        return trust.revoke(workspace(dir));
    }

    /** Where the trust given to workspaces is recorded (outside every workspace). */
    public Path trustRecord() {
        return trust.recordFile();
    }

    /**
     * What the person's own sources give a resume of {@code run} now, before the run's record is consulted: whether
     * a person, not a file an agent could have written, says bash may run unconfined (this runtime's own setting,
     * the environment, the user's config, or the workspace's config once trusted).
     */
    private RecordedLoosening.Trusted trusted(SettingsLoader.Snapshot configuration, ResumeRequest asked, Run run) {
        Settings now = configuration.with(Flags.none());
        String spec = asked.model() != null ? asked.model() : run.model() != null ? run.model() : model;
        return new RecordedLoosening.Trusted(firstSet(approval, now.approval().value()), () -> {
            Settings withUrl = configuration.with(RunAssembly.flags(spec, "the resume", baseUrl, "--base-url"));
            try {
                return withUrl.baseUrl().map(Resolved::value)
                        .orElseGet(() -> ModelSpec.parse(spec).provider().defaultBaseUrl());
            } catch (RuntimeException noModel) {
                return null; // no model here to resume with: the resume says so when it builds it
            }
        }, sandbox == SandboxMode.OFF || now.sandbox().value() == SandboxMode.OFF);
    }

    /**
     * @throws UntrustedWorkspaceException when {@code root}'s own files loosen confinement or start programs and
     *                                     nobody trusted them (nor this runtime every workspace)
     */
    private void requireTrusted(Path root) {
        if (trustWorkspaceConfig) {
            return;
        }
        WorkspaceTrust.Review review = trust.review(root);
        if (review.blocks()) {
            throw new UntrustedWorkspaceException(review);
        }
    }

    /** The runs of the default workspace, read-only. */
    public Runs runs() {
        return runs(null);
    }

    /** The runs of {@code dir}, read-only; reading never takes a lock or changes a file. */
    public Runs runs(Path dir) {
        return new Runs(workspace(dir), clock, stores);
    }

    /**
     * The settings a run in {@code dir} would use (flag-level {@code model} and {@code baseUrl} may be null), each
     * with where it came from.
     */
    public Settings settings(Path dir, String modelSpec, String url) {
        return assembly.settings(workspace(dir), RunAssembly.flags(modelSpec, "--model", url, "--base-url"));
    }

    /**
     * The settings of {@code dir} with {@code flags} on top (what a command line gives), each with where it came
     * from.
     */
    public Settings settings(Path dir, Flags flags) {
        return assembly.settings(workspace(dir), flags);
    }

    /**
     * What {@code settings} point at: model, protocol, base URL, key presence, price, context window.
     *
     * @throws ConfigException when no model is configured (saying how to add one) or the spec is bad
     */
    public ModelInfo modelInfo(Settings settings) {
        return ModelInfo.of(LlmClients.endpoint(settings));
    }

    /**
     * Sends one tiny request to {@code settings}' model (with their retry limits) and says how it went; each failed
     * attempt that is tried again is told to {@code retrying} first.
     *
     * @throws ConfigException when no usable model is configured
     */
    public ModelCheck checkModel(Settings settings, Consumer<ModelCheck.Retry> retrying) {
        ModelClient client = clients.uncached(settings, ModelProbe.reporting(retrying));
        return ModelProbe.send(client, client.endpoint());
    }

    /** How {@code bash} runs here in {@code mode}: which sandbox confines it, or that it runs unconfined. */
    public String shell(SandboxMode mode) {
        return Sandbox.forMode(mode, environment.variables()).description();
    }

    /**
     * Checks that {@code settings}' permission rules can be used in {@code dir}.
     *
     * @throws IllegalArgumentException naming a bad rule, or a workspace that cannot be used
     */
    public void checkPermissions(Path dir, Settings settings) {
        try {
            PermissionPolicy.of(ApprovalMode.AUTO, settings.permissionRules(), new Workspace(dir), home);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot use " + dir + ": " + e.getMessage(), e);
        }
    }

    /**
     * Whether the model a run started with {@code request} would use has a price, so that a cost budget can apply.
     *
     * @throws ConfigException when that model cannot be used (as {@link #start} would)
     */
    public boolean hasPrice(RunRequest request) {
        Path root = workspace(request.workspace());
        SettingsLoader.Snapshot configuration = assembly.configuration(root);
        return assembly.models(root, configuration, configuration.with(runFlags(request)), null).pricing()
                .cost(1_000_000, 1_000_000).isPresent();
    }

    /**
     * Plans a code review of {@code base}'s workspace as a new run on {@code base}'s model, without starting it: the
     * map, the chunks, the plan, the estimate, and the problems that would stop it. Start it with
     * {@code start(plan.request(base))}. A repository with nothing in scope has no plan.
     *
     * @throws ConfigException          when no usable model is configured
     * @throws IllegalArgumentException for a bad focus area or workspace
     * @throws UncheckedIOException     when the repository cannot be listed
     */
    public ReviewPlan planReview(RunRequest base, ReviewOptions options) {
        Path root = workspace(base.workspace());
        SettingsLoader.Snapshot configuration = assembly.configuration(root);
        Settings settings = configuration.with(runFlags(base));
        ModelSource source = assembly.models(root, configuration, settings, null);
        int tasks = firstSet(base.concurrency(), concurrency, settings.concurrency().value());
        return reviews.plan(root, options, source, tasks, reviewBudget(settings, base));
    }

    /** The budget a review of {@code base} would run under, which cuts the part of the repository it reviews. */
    private Budget reviewBudget(Settings settings, RunRequest base) {
        return settings.budget().overriddenBy(budget).overriddenBy(base.budget() == null ? Budget.UNLIMITED
                : base.budget());
    }

    /**
     * The repository map a code review of {@code base}'s workspace plans from (the options' tests and map budget), with
     * nothing else: no chunks, plan or estimate, no settings read, no model. A map of a tree in which nothing changed
     * since the last one is read whole from the workspace's map cache.
     *
     * @throws IllegalArgumentException for a bad workspace
     * @throws UncheckedIOException     when the repository cannot be listed
     */
    public ReviewMap reviewMap(RunRequest base, ReviewOptions options) {
        return reviews.map(workspace(base.workspace()), options);
    }

    /**
     * A code review of {@code base}'s workspace as {@link #planReview} would plan it, with no model needed: the model
     * and price the settings name, if any (or the options' price), for the estimate. With {@code estimated} false
     * only the map counts and nothing is read of the settings.
     *
     * @throws ConfigException          when the settings name a model that is malformed
     * @throws IllegalArgumentException for a bad focus area or workspace
     * @throws UncheckedIOException     when the repository cannot be listed
     */
    public ReviewPlan previewReview(RunRequest base, ReviewOptions options, boolean estimated) {
        Path root = workspace(base.workspace());
        if (!estimated) {
            return reviews.preview(root, options, null, 1, Budget.UNLIMITED);
        }
        SettingsLoader.Snapshot configuration = assembly.configuration(root);
        Settings settings = configuration.with(RunAssembly.flags(base.model() != null ? base.model() : model,
                "--model", base.baseUrl() != null ? base.baseUrl() : baseUrl, "--base-url"));
        return reviews.preview(root, options, new ReviewPlanning.Configured(configuration, settings),
                firstSet(base.concurrency(), concurrency, settings.concurrency().value()), reviewBudget(settings, base));
    }

    /**
     * What a worker runs the tasks of a run with: the run's recorded model, base URL and sandbox, and the agents and
     * permission rules of the run's workspace, read once for the run as a session reads them, not at every claim.
     * Close it when the worker is done with the run.
     *
     * @throws ConfigException when the run's model cannot be used here (a key is missing)
     */
    WorkerRunParts workerParts(RunStore store) {
        Run run = store.run();
        Path root = store.workspace();
        requireTrusted(root);
        RunSettings was = run.recordedSettings();
        String url = was.baseUrl() != null ? was.baseUrl() : baseUrl;
        SettingsLoader.Snapshot configuration = assembly.configuration(root);
        Settings settings = configuration.with(RunAssembly.flags(run.model() != null ? run.model() : model,
                "run " + run.id(), url, "run " + run.id()));
        ModelSource models = assembly.models(root, configuration, settings, run);
        SandboxMode shell = firstSet(was.sandbox(), sandbox, SandboxMode.AUTO);
        McpServers servers = assembly.mcpServers(root, shell);
        try {
            return new WorkerRunParts(assembly.setup(root, settings, models, 1, shell, servers), servers);
        } catch (RuntimeException e) {
            servers.close();
            throw e;
        }
    }

    /** How many times this runtime read a workspace's configuration: once for each run it started or resumed. */
    int configurationReads() {
        return assembly.configurationReads();
    }

    /** Interrupts every run still going in this runtime and waits (up to a minute each) until each has saved. */
    @Override
    public void close() {
        for (RunHandle handle : List.copyOf(running)) {
            handle.interrupt("the runtime is closing");
        }
        for (RunHandle handle : List.copyOf(running)) {
            handle.await(Duration.ofMinutes(1));
        }
    }

    /**
     * Begins a session with its own MCP servers (none started yet: each starts when an agent first needs it) and
     * carries it out on a thread of its own; the servers stop when the session ends.
     */
    private RunHandle launch(Path root, Settings settings, McpServers servers, ModelSource models, int tasks,
                             SandboxMode shell, long sessionStart, List<String> notes,
                             Function<RunEngine, EngineSession> begin) {
        EngineSession session;
        try {
            session = begin.apply(assembly.engine(root, settings, models, tasks, shell, servers));
        } catch (RuntimeException e) {
            servers.close();
            throw e;
        }
        List<String> warnings = new ArrayList<>(notes);
        if (models instanceof RunModels settingsBuilt) {
            warnings.addAll(settingsBuilt.warnings());
        }
        RunHandle handle = new RunHandle(session, root, clock, sessionStart, warnings, stores);
        running.add(handle);
        handle.launch(servers::close);
        handle.whenDone(() -> running.remove(handle));
        return handle;
    }

    private Path workspace(Path given) {
        return RunAssembly.workspace(given, workspace);
    }

    @SafeVarargs
    private static <T> T firstSet(T... values) {
        for (T v : values) {
            if (v != null) {
                return v;
            }
        }
        return null;
    }
}
