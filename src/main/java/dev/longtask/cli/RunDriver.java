package dev.longtask.cli;

import dev.longtask.model.JsonMapping;
import dev.longtask.api.Longtask;
import dev.longtask.api.ResumeRequest;
import dev.longtask.api.RunHandle;
import dev.longtask.api.RunRequest;
import dev.longtask.api.Subscription;
import dev.longtask.config.ConfigException;
import dev.longtask.config.Environment;
import dev.longtask.config.Resolved;
import dev.longtask.config.Settings;
import dev.longtask.config.Source;
import dev.longtask.engine.Finisher;
import dev.longtask.engine.RunOutcome;
import dev.longtask.model.Budget;
import dev.longtask.store.CorruptRunException;
import dev.longtask.store.NoSuchRunException;
import dev.longtask.store.RunLockedException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * What run, resume, plan and review share: the runtime built from the command's flags, the progress view, Ctrl-C
 * (pause after saving, exit 130), and the exit code of the outcome. The runtime does the work; this class only
 * turns flags into requests and outcomes into lines and exit codes.
 */
final class RunDriver {
    /** How a runtime is assembled from its builder; tests put a scripted model in. */
    @FunctionalInterface
    interface Assembly {
        Assembly REAL = builder -> builder;

        Longtask.Builder adjust(Longtask.Builder builder);
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
    private RunOutcome outcome;

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

    /** The runtime of this command, built once. */
    Longtask runtime() {
        if (runtime == null) {
            runtime = assembly.adjust(Longtask.builder().workspace(workspace).environment(environment)
                    .tape(model.tape())).build();
        }
        return runtime;
    }

    /** A run of {@code goal} with the settings the flags give (the rest comes from the environment and config). */
    RunRequest request(String goal) {
        return RunRequest.goal(goal).withWorkspace(workspace).withModel(model.model).withBaseUrl(model.baseUrl)
                .withConcurrency(flagConcurrency()).withBudget(flagBudget());
    }

    /** A resume that changes what the flags give and keeps everything else the run recorded. */
    ResumeRequest resume(String runId) {
        return ResumeRequest.of(runId).withWorkspace(workspace).withModel(model.model).withBaseUrl(model.baseUrl)
                .withConcurrency(flagConcurrency()).withBudget(flagBudget()).by("flags");
    }

    /** How the last session driven ended. */
    Optional<RunOutcome> outcome() {
        return Optional.ofNullable(outcome);
    }

    /** What the run's finisher (a review's checked report) produced in the last session driven. */
    Optional<Finisher.Finished> finished() {
        return outcome().map(RunOutcome::finished);
    }

    /** Starts or resumes with {@code session}, shows its progress until it ends, and returns the exit code. */
    int drive(Function<Longtask, RunHandle> session) {
        RunHandle handle;
        try {
            handle = session.apply(runtime());
        } catch (NoSuchRunException | RunLockedException | CorruptRunException | ConfigException
                 | IllegalArgumentException e) {
            throw CliFailure.usage(e.getMessage());
        }
        if (!handle.repairs().isEmpty()) {
            err.println("longtask: note: run " + handle.runId() + " was repaired on open: "
                    + String.join("; ", handle.repairs()));
        }
        if (!handle.settingsChanged().isEmpty()) {
            err.println("longtask: run " + handle.runId() + ": settings changed: " + handle.settingsChanged().entrySet()
                    .stream().map(e -> e.getKey() + " " + e.getValue()).collect(Collectors.joining(", ")));
        }
        err.flush();
        ProgressView view = view();
        Subscription events = handle.events(handle.sessionStart(), event -> view.onEvent(event,
                handle.snapshot().progress()));
        CountDownLatch finished = new CountDownLatch(1);
        Thread onCtrlC = new Thread(() -> {
            handle.interrupt("interrupted by the user (Ctrl-C)");
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
            return report(outcome);
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

    private int report(RunOutcome ended) {
        PrintWriter to = options.jsonEvents ? err : out;
        if (ended.nothingToDo()) {
            to.println("run " + ended.runId() + " is already " + ended.status().wire() + "; there is nothing to do"
                    + (ended.report() != null ? " (report: " + ended.report() + ")" : ""));
            to.flush();
            return exitCode(ended);
        }
        to.println();
        to.println("run " + ended.runId() + ": " + ended.status().wire()
                + (ended.reason().isEmpty() ? "" : " - " + ended.reason()));
        if (ended.estimate() != null) {
            to.println("estimate: " + ended.estimate().text());
        }
        if (ended.report() != null) {
            to.println("report: " + ended.report());
        }
        if (ended.finished() != null && ended.finished().files().containsKey("markdown")) {
            Path json = ended.finished().files().get("json");
            to.println("review: " + ended.finished().files().get("markdown") + " (" + ended.finished().summary()
                    + (json == null ? "" : "; JSON: " + json.getFileName()) + ")");
        }
        to.println("run directory: " + ended.directory());
        switch (ended.status()) {
            case PAUSED, INTERRUPTED, FAILED -> to.println("continue with: longtask resume " + ended.runId()
                    + (workdir.equals(Path.of(".")) ? "" : " --workdir " + workdir));
            default -> {
            }
        }
        to.flush();
        return exitCode(ended);
    }

    private static int exitCode(RunOutcome ended) {
        return switch (ended.status()) {
            case COMPLETED -> Main.OK;
            case PAUSED -> Main.PAUSED;
            case INTERRUPTED -> Main.INTERRUPTED;
            default -> Main.FAILED;
        };
    }

    private ProgressView view() {
        if (options.jsonEvents) {
            return new JsonEventsView(out, dev.longtask.model.JsonMapping.newMapper());
        }
        return System.console() != null && !"dumb".equals(System.getenv("TERM"))
                ? new TerminalProgressView(out) : new PlainProgressView(out);
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
