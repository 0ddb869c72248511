package dev.longtask.cli;

import dev.longtask.agent.AgentCatalog;
import dev.longtask.agent.AgentProblem;
import dev.longtask.agent.Approver;
import dev.longtask.agent.Permissions;
import dev.longtask.config.Environment;
import dev.longtask.config.Resolved;
import dev.longtask.config.Settings;
import dev.longtask.config.Source;
import dev.longtask.engine.EngineConfig;
import dev.longtask.engine.ModelSource;
import dev.longtask.engine.RunEngine;
import dev.longtask.engine.RunObserver;
import dev.longtask.engine.RunOutcome;
import dev.longtask.model.Approval;
import dev.longtask.model.ApprovalMode;
import dev.longtask.model.Budget;
import dev.longtask.model.PermissionRule;
import dev.longtask.model.PermissionSettings;
import dev.longtask.model.RunStatus;
import dev.longtask.model.SandboxMode;
import dev.longtask.review.ReviewReportWriter;
import dev.longtask.store.CorruptRunException;
import dev.longtask.store.FileRunStore;
import dev.longtask.store.FsyncPolicy;
import dev.longtask.store.NoSuchRunException;
import dev.longtask.store.RunLockedException;
import dev.longtask.store.StoreException;
import dev.longtask.store.StoreOptions;
import dev.longtask.tools.PermissionPolicy;
import dev.longtask.tools.Sandbox;
import dev.longtask.tools.Toolbox;
import dev.longtask.tools.Workspace;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * What run, resume, plan and review share: settings, the model, the agents and tools, the engine, the progress
 * view, Ctrl-C (pause after saving, exit 130), and the exit code of the outcome. A review run (one whose run
 * directory holds a review manifest) that ends completed or failed gets its checked review report written here,
 * so {@code longtask resume} finishes a review exactly as {@code longtask review} does.
 */
final class RunDriver {
    /** Where a driver gets its models from the settings; tests give a scripted model. */
    @FunctionalInterface
    interface Models {
        Models FROM_SETTINGS = SettingsModelSource::new;

        ModelSource open(ModelOptions options, Path workspace, Settings settings);
    }

    private final PrintWriter out;
    private final PrintWriter err;
    private final ModelOptions model;
    private final RunOptions options;
    private final Path workdir;
    private final Path workspace;
    private final Settings settings;
    private final Models modelsFactory;
    private ModelSource models;
    private ReviewReportWriter.Written review;
    /** What the run recorded, when this drives a resume: its approval mode, sandbox and own rules are kept. */
    private PermissionSettings recorded;
    private List<PermissionRule> runRules = List.of();
    private ApprovalMode modeUnlessFlag;
    private Approver approver;

    RunDriver(PrintWriter out, PrintWriter err, ModelOptions model, RunOptions options, Path workdir) {
        this(out, err, model, options, workdir, Environment.system(), Models.FROM_SETTINGS);
    }

    RunDriver(PrintWriter out, PrintWriter err, ModelOptions model, RunOptions options, Path workdir,
            Environment environment, Models models) {
        this.out = out;
        this.err = err;
        this.model = model;
        this.options = options;
        this.workdir = workdir;
        this.workspace = Workspaces.directory(workdir);
        this.settings = model.settings(environment, workspace, options.flags());
        this.modelsFactory = models;
    }

    /** The workspace's real path. */
    Path workspacePath() {
        return workspace;
    }

    /** Tasks run at once, from the flags, environment or config files. */
    int concurrency() {
        return settings.concurrency().value();
    }

    /**
     * The run's models, built once; no model configured is a usage error (exit 2) before anything is created,
     * so a command may call this first to fail fast and to price its estimate.
     */
    ModelSource models() {
        if (models == null) {
            models = modelsFactory.open(model, workspace, settings);
        }
        return models;
    }

    /** The checked review report the last session wrote, when the run is a review that ended. */
    Optional<ReviewReportWriter.Written> review() {
        return Optional.ofNullable(review);
    }

    /** This drives a resume of {@code runId}: its recorded approval mode, sandbox and own rules apply unless flags say otherwise. */
    void resuming(String runId) {
        recorded = RunAccess.read(workspace, runId).permissions();
        runRules = Permissions.runRules(recorded);
    }

    /** Rules the run is given itself (a review's rule for its own output files); recorded, so a resume keeps them. */
    void giveRules(List<PermissionRule> rules) {
        runRules = List.copyOf(rules);
    }

    /** The approval mode unless --approval says otherwise (a review runs read-only). */
    void approvalUnlessFlag(ApprovalMode mode) {
        modeUnlessFlag = mode;
    }

    /** Who answers approval questions, instead of the terminal (or nobody, without one): for tests. */
    void answerWith(Approver answering) {
        approver = answering;
    }

    /** The approval mode of this session: a flag, else what the run recorded, else the settings. */
    ApprovalMode approvalMode() {
        Resolved<ApprovalMode> mode = settings.approval();
        if (fromFlag(mode)) {
            return mode.value();
        }
        if (recorded != null) {
            return recorded.approval();
        }
        return modeUnlessFlag != null ? modeUnlessFlag : mode.value();
    }

    private SandboxMode sandboxMode() {
        Resolved<SandboxMode> mode = settings.sandbox();
        return fromFlag(mode) || recorded == null ? mode.value() : recorded.sandbox();
    }

    /** Every budget the settings give (flags, environment, config files): for a new run. */
    Budget budget() {
        return settings.budget();
    }

    /** Only the budgets given as flags: what a resume changes. */
    Budget flagBudget() {
        return new Budget(
                settings.maxTokens().filter(RunDriver::fromFlag).map(Resolved::value).orElse(null),
                settings.maxCostUsd().filter(RunDriver::fromFlag).map(Resolved::value).orElse(null),
                settings.maxTime().filter(RunDriver::fromFlag).map(r -> r.value().toSeconds()).orElse(null));
    }

    int drive(Function<RunEngine, RunOutcome> session) {
        return drive(session, RunObserver.NONE);
    }

    /** @param also sees every event too, after the progress view */
    int drive(Function<RunEngine, RunOutcome> session, RunObserver also) {
        ModelSource models = models();
        SandboxMode sandboxMode = sandboxMode();
        Sandbox sandbox = Sandbox.forMode(sandboxMode, System.getenv());
        Toolbox tools = Toolbox.builtIn(System.getenv(), sandbox);
        tellAboutTheShell(sandbox);
        AgentCatalog agents = AgentCatalog.discover(workspace, Workspaces.home(), new HashSet<>(tools.names()));
        for (AgentProblem problem : agents.problems()) {
            err.println("longtask: warning: " + problem);
        }
        ProgressView view = view();
        Permissions permissions = new Permissions(approvalMode(), sandboxMode, sandbox, rules(), Workspaces.home(),
                approver != null ? approver : System.console() != null
                        ? new TerminalApprover(System.in, options.jsonEvents ? err : out, view) : Approver.NOBODY);
        RunEngine engine = new RunEngine(workspace(), agents, tools.all(), models,
                new EngineConfig(settings.concurrency().value(), EngineConfig.DEFAULT_MAX_ROUNDS, 0, null),
                StoreOptions.defaults().withFsync(fsync()), (event, snapshot) -> {
                    view.onEvent(event, snapshot);
                    also.onEvent(event, snapshot);
                }, permissions);
        CountDownLatch finished = new CountDownLatch(1);
        Thread onCtrlC = new Thread(() -> {
            engine.interrupt("interrupted by the user (Ctrl-C)");
            awaitQuietly(finished);
        }, "longtask-ctrl-c");
        Runtime.getRuntime().addShutdownHook(onCtrlC);
        ScheduledExecutorService clock = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "longtask-progress-clock");
            t.setDaemon(true);
            return t;
        });
        clock.scheduleAtFixedRate(() -> engine.progress().ifPresent(view::tick), 1, 1, TimeUnit.SECONDS);
        try {
            RunOutcome outcome;
            try {
                outcome = session.apply(engine);
            } catch (NoSuchRunException | RunLockedException | CorruptRunException e) {
                throw CliFailure.usage(e.getMessage());
            }
            clock.shutdownNow();
            view.close();
            String reviewFailure = writeReview(outcome);
            int code = report(outcome);
            if (reviewFailure != null) {
                err.println("longtask: the checked review report could not be written: " + reviewFailure);
                err.flush();
                return code == Main.OK ? Main.FAILED : code;
            }
            return code;
        } finally {
            clock.shutdownNow();
            finished.countDown();
            try {
                Runtime.getRuntime().removeShutdownHook(onCtrlC);
            } catch (IllegalStateException shuttingDown) {
                // Ctrl-C is being handled: the hook is running and the JVM exits with 130 once it returns.
            }
        }
    }

    /** The settings files' rules and the run's own; a rule whose path pattern cannot be used is exit 2. */
    private List<PermissionRule> rules() {
        List<PermissionRule> all = new ArrayList<>(settings.permissionRules());
        all.addAll(runRules);
        try {
            PermissionPolicy.of(ApprovalMode.AUTO, all, workspace(), Workspaces.home());
        } catch (IllegalArgumentException e) {
            throw CliFailure.usage(e.getMessage());
        }
        return all;
    }

    /** Said once at the start: bash is off (and how to turn it on), or runs unconfined because the user said so. */
    private void tellAboutTheShell(Sandbox sandbox) {
        if (sandbox.kind() == Sandbox.Kind.OFF) {
            err.println("longtask: note: " + sandbox.description());
        } else if (sandbox.kind() == Sandbox.Kind.UNCONFINED) {
            err.println("longtask: warning: " + sandbox.description());
        }
        err.flush();
    }

    /**
     * Writes the checked review report of a review run that has ended (completed, or failed with some chunks
     * unreviewed); a paused or interrupted review gets it when a resume ends it. Returns why it failed, or null.
     */
    private String writeReview(RunOutcome outcome) {
        review = null;
        if (!ReviewReportWriter.isReview(outcome.directory())
                || (outcome.status() != RunStatus.COMPLETED && outcome.status() != RunStatus.FAILED)) {
            return null;
        }
        try (FileRunStore store = FileRunStore.open(workspace, outcome.runId(),
                StoreOptions.defaults().withFsync(fsync()))) {
            review = new ReviewReportWriter(workspace).write(store);
            return null;
        } catch (IOException | StoreException e) {
            return e.getMessage();
        }
    }

    private int report(RunOutcome outcome) {
        PrintWriter to = options.jsonEvents ? err : out;
        to.println();
        to.println("run " + outcome.runId() + ": " + outcome.status().wire()
                + (outcome.reason().isEmpty() ? "" : " - " + outcome.reason()));
        if (outcome.estimate() != null) {
            to.println("estimate: " + outcome.estimate().text());
        }
        if (outcome.report() != null) {
            to.println("report: " + outcome.report());
        }
        if (review != null) {
            to.println("review: " + review.markdown() + " (" + review.line() + "; JSON: " + review.json().getFileName()
                    + ")");
        }
        to.println("run directory: " + outcome.directory());
        String where = workdir.equals(Path.of(".")) ? "" : " --workdir " + workdir;
        if (outcome.status() == RunStatus.PAUSED) {
            List<Approval> open = RunAccess.read(workspace, outcome.runId()).openApprovals();
            for (Approval waiting : open) {
                to.println("waiting: " + ApprovalText.line(waiting.question()));
                to.println("answer with: longtask approve " + outcome.runId() + (open.size() == 1 ? "" : " --question "
                        + waiting.id()) + " [--always | --deny REASON]" + where);
            }
        }
        switch (outcome.status()) {
            case PAUSED, INTERRUPTED, FAILED -> to.println("continue with: longtask resume " + outcome.runId()
                    + where);
            default -> {
            }
        }
        to.flush();
        return switch (outcome.status()) {
            case COMPLETED -> Main.OK;
            case PAUSED -> Main.PAUSED;
            case INTERRUPTED -> Main.INTERRUPTED;
            default -> Main.FAILED;
        };
    }

    private ProgressView view() {
        if (options.jsonEvents) {
            return new JsonEventsView(out, dev.longtask.store.StoreJson.newMapper());
        }
        return System.console() != null && !"dumb".equals(System.getenv("TERM"))
                ? new TerminalProgressView(out) : new PlainProgressView(out);
    }

    private Workspace workspace() {
        try {
            return new Workspace(workspace);
        } catch (IOException e) {
            throw CliFailure.usage("cannot use the workspace " + workspace + ": " + e.getMessage());
        }
    }

    private FsyncPolicy fsync() {
        try {
            return settings.fsync().map(r -> FsyncPolicy.fromWire(r.value())).orElse(FsyncPolicy.ALWAYS);
        } catch (IllegalArgumentException e) {
            throw CliFailure.usage("fsync (from " + settings.fsync().get().source() + "): " + e.getMessage());
        }
    }

    private static boolean fromFlag(Resolved<?> value) {
        return value.source().kind() == Source.Kind.FLAG;
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await(60, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
