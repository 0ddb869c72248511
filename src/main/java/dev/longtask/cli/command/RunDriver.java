package dev.longtask.cli.command;

import dev.longtask.model.agent.Approver;
import dev.longtask.api.Cancellation;
import dev.longtask.api.Longtask;
import dev.longtask.api.LongtaskBuilder;
import dev.longtask.api.Outcome;
import dev.longtask.api.ResumeRequest;
import dev.longtask.api.RunHandle;
import dev.longtask.api.RunRequest;
import dev.longtask.api.Shell;
import dev.longtask.api.Snapshot;
import dev.longtask.api.Stores;
import dev.longtask.api.Subscription;
import dev.longtask.cli.CliFailure;
import dev.longtask.cli.ExitCode;
import dev.longtask.cli.Workspaces;
import dev.longtask.cli.view.Palette;
import dev.longtask.cli.view.ProgressView;
import dev.longtask.cli.view.ProgressViews;
import dev.longtask.cli.view.TerminalSize;
import dev.longtask.cli.view.RunEnding;
import dev.longtask.cli.view.TerminalApprover;
import dev.longtask.model.config.ConfigException;
import dev.longtask.model.config.Environment;
import dev.longtask.model.config.Resolved;
import dev.longtask.model.config.Settings;
import dev.longtask.model.config.Source;
import dev.longtask.model.run.Finisher;
import dev.longtask.model.plan.ProgressSnapshot;
import dev.longtask.model.ApprovalMode;
import dev.longtask.model.Budget;
import dev.longtask.model.Durations;
import dev.longtask.model.Event;
import dev.longtask.model.Run;
import dev.longtask.model.SandboxMode;
import dev.longtask.model.run.CorruptRunException;
import dev.longtask.model.run.NoSuchRunException;
import dev.longtask.model.run.RunLockedException;
import dev.longtask.model.run.RunStores;
import dev.longtask.model.run.StoreException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * What run, resume, plan and review share: the runtime built from the command's flags, the progress view, Ctrl-C
 * and SIGTERM (pause after saving, exit 130 or 143), and the exit code of the outcome. The runtime does the work;
 * this class only turns flags into requests and outcomes into lines ({@link RunEnding}) and exit codes.
 */
final class RunDriver {
    /** How a runtime is assembled from its builder; tests put a scripted model in. */
    @FunctionalInterface
    interface Assembly {
        Assembly REAL = builder -> builder;

        LongtaskBuilder adjust(LongtaskBuilder builder);
    }

    private final PrintWriter out;
    private final PrintWriter err;
    private final ModelOptions model;
    private final RunOptions options;
    private final Path workdir;
    private final Path workspace;
    private final Environment environment;
    private final Settings settings;
    private final Assembly assembly;
    private Longtask runtime;
    private TrustOption trust;
    /** The sandbox a new run or a resume's flag asks for, told once the session has started. */
    private SandboxMode shellToTell;
    private RunStores stores = Stores.files();
    private boolean workersOnly;
    private Outcome outcome;
    /** The view on screen while a session is driven, held while the terminal asks a question. */
    private volatile ProgressView shown;
    private ApprovalMode modeUnlessFlag;

    RunDriver(PrintWriter out, PrintWriter err, ModelOptions model, RunOptions options, Path workdir) {
        this(out, err, model, options, workdir, Environment.system(), Assembly.REAL);
    }

    RunDriver(PrintWriter out, PrintWriter err, ModelOptions model, RunOptions options, Path workdir,
            Environment environment, Assembly assembly) {
        this.out = out;
        this.err = err;
        this.model = model;
        this.options = options;
        this.workdir = workdir;
        this.workspace = Workspaces.directory(workdir);
        this.environment = environment;
        // Read once to check the flags: a bad value is a usage error before anything runs.
        this.settings = model.settings(environment, workspace, options.flags());
        this.assembly = assembly;
    }

    /** The workspace's real path. */
    Path workspacePath() {
        return workspace;
    }

    /**
     * Keeps the runs in {@code where} (the caller closes it); with {@code noAgents} the tasks are left to workers
     * ({@code --slots 0}). Called before the runtime is built.
     */
    void useStores(RunStores where, boolean noAgents) {
        this.stores = where;
        this.workersOnly = noAgents;
    }

    /** Trusts the workspace's config whatever it loosens when {@code trust} says so (said on stderr at start). */
    void trustEveryWorkspaceConfig(TrustOption trust) {
        this.trust = trust;
    }

    /** The runtime of this command, built once. */
    Longtask runtime() {
        if (runtime == null) {
            LongtaskBuilder builder = trust == null ? Longtask.builder() : trust.applyTo(Longtask.builder(), err);
            runtime = assembly.adjust(builder.workspace(workspace).environment(environment)
                    .tape(model.tape()).approver(approver())).stores(stores).workersOnly(workersOnly).build();
        }
        return runtime;
    }

    /** A run of {@code goal} with the settings the flags give (the rest comes from the environment and config). */
    RunRequest request(String goal) {
        Resolved<ApprovalMode> approval = settings.approval();
        ApprovalMode mode = fromFlag(approval) || modeUnlessFlag == null ? approval.value() : modeUnlessFlag;
        shellToTell = settings.sandbox().value();
        return RunRequest.goal(goal).withWorkspace(workspace).withModel(model.model).withBaseUrl(model.baseUrl)
                .withConcurrency(flagConcurrency()).withBudget(flagBudget()).withApproval(mode)
                .withSandbox(settings.sandbox().value());
    }

    /** The approval mode of a new run unless --approval says otherwise (a review runs read-only). */
    void approvalUnlessFlag(ApprovalMode mode) {
        modeUnlessFlag = mode;
    }

    /** A resume that changes what the flags give and keeps everything else the run recorded. */
    ResumeRequest resume(String runId) {
        ResumeRequest request = ResumeRequest.of(runId).withWorkspace(workspace).withModel(model.model)
                .withBaseUrl(model.baseUrl).withConcurrency(flagConcurrency()).withBudget(flagBudget()).by("flags");
        if (fromFlag(settings.approval())) {
            request = request.withApproval(settings.approval().value());
        }
        if (fromFlag(settings.sandbox())) {
            request = request.withSandbox(settings.sandbox().value());
            shellToTell = settings.sandbox().value();
        }
        return request;
    }

    /** How the last session driven ended. */
    Optional<Outcome> outcome() {
        return Optional.ofNullable(outcome);
    }

    /** What the run's finisher (a review's checked report) produced in the last session driven. */
    Optional<Finisher.Finished> finished() {
        return outcome().map(Outcome::finished);
    }

    /** Starts or resumes with {@code session}, shows its progress until it ends, and returns the exit code. */
    ExitCode drive(Function<Longtask, RunHandle> session) {
        Instant started = Instant.now();
        RunHandle handle;
        try {
            TrustCommand.askOnTerminal(runtime(), workspace, err, System.in);
            handle = session.apply(runtime());
        } catch (NoSuchRunException | RunLockedException | CorruptRunException | ConfigException
                 | IllegalArgumentException e) {
            throw CliFailure.usage(e.getMessage());
        }
        // Only now: a workspace's `sandbox: off` that is not trusted stops the start above, and runs nothing unconfined.
        if (shellToTell != null) {
            tellAboutTheShell(shellToTell);
            shellToTell = null;
        }
        // The run's totals as this session found them (a resumed run's earlier sessions), before its first call.
        long tokensBefore = handle.snapshot().figures().usage().totalTokens();
        if (!handle.repairs().isEmpty()) {
            err.println("longtask: note: run " + handle.runId() + " was repaired on open: "
                    + String.join("; ", handle.repairs()));
        }
        handle.warnings().forEach(w -> err.println("longtask: warning: " + w));
        if (!handle.settingsChanged().isEmpty()) {
            err.println("longtask: run " + handle.runId() + ": settings changed: " + handle.settingsChanged().entrySet()
                    .stream().map(e -> e.getKey() + " " + e.getValue()).collect(Collectors.joining(", ")));
        }
        boolean priced = priced(handle);
        if (!priced && handle.snapshot().figures().budget().maxCostUsd() != null) {
            err.println("longtask: warning: the cost budget cannot apply: " + handle.snapshot().figures().model()
                    + " has no price (add one under prices: in .longtask/config.yaml)");
        }
        err.flush();
        handle.watchStore(new dev.longtask.api.DatabaseWatcher() {
            @Override
            public void away(String runId, String why) {
                say("longtask: the database is away (" + why + "); waiting for it, the run goes on when it is back");
            }

            @Override
            public void back(String runId, java.time.Duration after) {
                say("longtask: the database is back after " + Durations.text(after) + "; the run goes on");
            }

            private void say(String line) {
                synchronized (err) {
                    err.println(line);
                    err.flush();
                }
            }
        });
        // review draws its view on stderr (stdout carries the report): a person watches when that is a terminal
        boolean watched = out == err ? TerminalSize.stderrIsTerminal() : System.console() != null;
        ProgressView view = ProgressViews.choose(options.jsonEvents, options.globals(), out, watched, workspace, priced,
                runId -> handle.firstPlan());
        shown = view;
        Subscription events = handle.events(handle.sessionStart(), event -> view.onEvent(event,
                handle.snapshot().progress()));
        CountDownLatch finished = new CountDownLatch(1);
        Signals signals = Signals.watch(() -> Cancellation.requested(workspace, handle.runId()).map(why -> {
            handle.cancel(why);
            return true;
        }).orElse(false));
        Thread onCtrlC = new Thread(() -> {
            handle.interrupt(signals.reason());
            awaitQuietly(finished);
        }, "longtask-ctrl-c");
        Runtime.getRuntime().addShutdownHook(onCtrlC);
        ScheduledExecutorService clock = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "longtask-progress-clock");
            t.setDaemon(true);
            return t;
        });
        clock.scheduleAtFixedRate(() -> {
            if (!handle.isDone()) {
                view.tick(handle.snapshot().progress());
            }
        }, 1, 1, TimeUnit.SECONDS);
        try {
            outcome = handle.await();
            clock.shutdownNow();
            events.close();
            view.close();
            Run ended = ended(outcome);
            return new RunEnding(options.jsonEvents ? err : out, workdir, view.columns(),
                    options.jsonEvents ? Palette.NONE : view.palette())
                    .print(outcome, ended, sessionTime(ended, started), tokensBefore, signals.terminated(), workspace);
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
     * Whether the run's model has a price. A cost budget needs one: for a model without, the budget can never be
     * reached, which the user learns at the start rather than after the money is spent; and the views show the
     * cost as unknown from the start.
     */
    private boolean priced(RunHandle handle) {
        Snapshot snapshot = handle.snapshot();
        if (snapshot.figures().model() == null) {
            return true;
        }
        try {
            return runtime().hasPrice(RunRequest.goal("-").withWorkspace(workspace)
                    .withModel(snapshot.figures().model()).withBaseUrl(snapshot.settings().baseUrl()));
        } catch (ConfigException | IllegalArgumentException e) {
            // The session resolved its model already; one that cannot be resolved here is not known to cost nothing.
            return true;
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
    private Run ended(Outcome outcome) {
        try {
            return stores.read(workspace, outcome.runId()).run();
        } catch (StoreException e) {
            return null;
        }
    }

    /**
     * On a terminal, the person there answers questions (the live view held meanwhile); without one nobody can, and
     * a run that asks pauses with the question open.
     */
    private Approver approver() {
        if (System.console() == null) {
            return Approver.NOBODY;
        }
        ProgressView held = new ProgressView() {
            @Override
            public void onEvent(Event event, ProgressSnapshot snapshot) {
            }

            @Override
            public void hold() {
                ProgressView v = shown;
                if (v != null) {
                    v.hold();
                }
            }

            @Override
            public void release() {
                ProgressView v = shown;
                if (v != null) {
                    v.release();
                }
            }
        };
        return new TerminalApprover(System.in, options.jsonEvents ? err : out, held);
    }

    /** Said once at the start: bash is off (and how to turn it on), or runs unconfined because the user said so. */
    private void tellAboutTheShell(SandboxMode mode) {
        Shell shell = Shell.of(mode, environment);
        if (!shell.runsCommands()) {
            err.println("longtask: note: " + shell.description());
        } else if (!shell.confined()) {
            err.println("longtask: warning: " + shell.description());
        }
        err.flush();
    }

    /** Tasks run at once when the flag sets it; else the run's (recorded, or configured for a new run). */
    private Integer flagConcurrency() {
        return settings.concurrency().source().kind() == Source.Kind.FLAG ? settings.concurrency().value() : null;
    }

    /** Only the budgets given as flags: the rest come from the environment and config (new run) or the run. */
    private Budget flagBudget() {
        return new Budget(
                settings.maxTokens().filter(RunDriver::fromFlag).map(Resolved::value).orElse(null),
                settings.maxCostUsd().filter(RunDriver::fromFlag).map(Resolved::value).orElse(null),
                settings.maxTime().filter(RunDriver::fromFlag).map(r -> r.value().toSeconds()).orElse(null));
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
