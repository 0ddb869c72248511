package dev.longtask.cli;

import dev.longtask.agent.AgentCatalog;
import dev.longtask.agent.AgentProblem;
import dev.longtask.config.Resolved;
import dev.longtask.config.Settings;
import dev.longtask.config.Source;
import dev.longtask.engine.EngineConfig;
import dev.longtask.engine.RunEngine;
import dev.longtask.engine.RunOutcome;
import dev.longtask.model.Budget;
import dev.longtask.store.CorruptRunException;
import dev.longtask.store.FsyncPolicy;
import dev.longtask.store.NoSuchRunException;
import dev.longtask.store.RunLockedException;
import dev.longtask.store.StoreOptions;
import dev.longtask.tools.Toolbox;
import dev.longtask.tools.Workspace;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * What run, resume and plan share: settings, the model, the agents and tools, the engine, the progress view,
 * Ctrl-C (pause after saving, exit 130), and the exit code of the outcome.
 */
final class RunDriver {
    private final PrintWriter out;
    private final PrintWriter err;
    private final ModelOptions model;
    private final RunOptions options;
    private final Path workspace;
    private final Settings settings;

    RunDriver(PrintWriter out, PrintWriter err, ModelOptions model, RunOptions options) {
        this.out = out;
        this.err = err;
        this.model = model;
        this.options = options;
        this.workspace = Workspaces.directory(options.workdir);
        this.settings = model.settings(workspace, options.flags());
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
        SettingsModelSource models = new SettingsModelSource(model, workspace, settings);
        Toolbox tools = Toolbox.builtIn();
        AgentCatalog agents = AgentCatalog.discover(workspace, Workspaces.home(), new HashSet<>(tools.names()));
        for (AgentProblem problem : agents.problems()) {
            err.println("longtask: warning: " + problem);
        }
        ProgressView view = view();
        RunEngine engine = new RunEngine(workspace(), agents, tools.all(), models,
                new EngineConfig(settings.concurrency().value(), EngineConfig.DEFAULT_MAX_ROUNDS, 0, null),
                StoreOptions.defaults().withFsync(fsync()), view::onEvent);
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
        to.println("run directory: " + outcome.directory());
        switch (outcome.status()) {
            case PAUSED, INTERRUPTED, FAILED -> to.println("continue with: longtask resume " + outcome.runId()
                    + (options.workdir.equals(Path.of(".")) ? "" : " --workdir " + options.workdir));
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
