package dev.longtask.cli;

import dev.longtask.agent.AgentCatalog;
import dev.longtask.agent.AgentProblem;
import dev.longtask.config.Environment;
import dev.longtask.config.Resolved;
import dev.longtask.config.Settings;
import dev.longtask.config.Source;
import dev.longtask.engine.EngineConfig;
import dev.longtask.engine.GoalTooLargeException;
import dev.longtask.engine.ModelSource;
import dev.longtask.engine.RunEngine;
import dev.longtask.engine.RunObserver;
import dev.longtask.engine.RunOutcome;
import dev.longtask.model.Budget;
import dev.longtask.model.Run;
import dev.longtask.model.RunStatus;
import dev.longtask.review.ReviewReportWriter;
import dev.longtask.store.CorruptRunException;
import dev.longtask.store.FileRunStore;
import dev.longtask.store.FsyncPolicy;
import dev.longtask.store.NoSuchRunException;
import dev.longtask.store.RunLockedException;
import dev.longtask.store.StoreException;
import dev.longtask.store.StoreOptions;
import dev.longtask.tools.Toolbox;
import dev.longtask.tools.Workspace;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
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

    ExitCode drive(Function<RunEngine, RunOutcome> session) {
        return drive(session, RunObserver.NONE);
    }

    /** @param also sees every event too, after the progress view */
    ExitCode drive(Function<RunEngine, RunOutcome> session, RunObserver also) {
        ModelSource models = models();
        Toolbox tools = Toolbox.builtIn();
        AgentCatalog agents = AgentCatalog.discover(workspace, Workspaces.home(), new HashSet<>(tools.names()));
        for (AgentProblem problem : agents.problems()) {
            err.println("longtask: warning: " + problem);
        }
        if (settings.budget().maxCostUsd() != null && models.pricer().cost(1_000_000, 1_000_000).isEmpty()) {
            err.println("longtask: warning: the cost budget cannot apply: " + models.runModel() + " has no price (add"
                    + " one under prices: in .longtask/config.yaml)");
        }
        Instant started = Instant.now();
        ProgressView view = ProgressViews.choose(options, out, workspace);
        RunEngine engine = new RunEngine(workspace(), agents, tools.all(), models,
                new EngineConfig(settings.concurrency().value(), EngineConfig.DEFAULT_MAX_ROUNDS, 0, null),
                StoreOptions.defaults().withFsync(fsync()), (event, snapshot) -> {
                    view.onEvent(event, snapshot);
                    also.onEvent(event, snapshot);
                });
        CountDownLatch finished = new CountDownLatch(1);
        Signals signals = Signals.watch();
        Thread onCtrlC = new Thread(() -> {
            engine.interrupt(signals.reason());
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
            } catch (NoSuchRunException | RunLockedException | CorruptRunException | GoalTooLargeException e) {
                throw CliFailure.usage(e.getMessage());
            }
            clock.shutdownNow();
            view.close();
            String reviewFailure = writeReview(outcome);
            Run ended = ended(outcome);
            ExitCode code = new RunEnding(options.jsonEvents ? err : out, workdir, view.columns(),
                    options.jsonEvents ? Palette.NONE : view.palette())
                    .print(outcome, ended, sessionTime(ended, started), review(), signals.terminated());
            if (reviewFailure != null) {
                err.println("longtask: the checked review report could not be written: " + reviewFailure);
                err.flush();
                return code == ExitCode.OK ? ExitCode.FAILED : code;
            }
            return code;
        } finally {
            clock.shutdownNow();
            signals.close();
            finished.countDown();
            try {
                Runtime.getRuntime().removeShutdownHook(onCtrlC);
            } catch (IllegalStateException shuttingDown) {
                // Ctrl-C is being handled: the hook is running and the JVM exits with 130 once it returns.
            }
        }
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

    /** How long this session worked on the run: from its start, or the run's creation, to the run's last event. */
    private static Duration sessionTime(Run run, Instant started) {
        if (run == null || run.created() == null || run.updated() == null) {
            return Duration.between(started, Instant.now());
        }
        Instant from = run.created().isAfter(started) ? run.created() : started;
        return Duration.between(from, run.updated()).isNegative() ? Duration.ZERO : Duration.between(from, run.updated());
    }

    /** The run as the session left it, for its totals; null when it cannot be read (the outcome says why). */
    private Run ended(RunOutcome outcome) {
        try {
            return FileRunStore.read(workspace, outcome.runId()).run();
        } catch (StoreException e) {
            return null;
        }
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
