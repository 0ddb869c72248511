package dev.longtask.cli.command;

import dev.longtask.api.Configuration;
import dev.longtask.api.Longtask;
import dev.longtask.api.Worker;
import dev.longtask.cli.CliFailure;
import dev.longtask.cli.ExitCode;
import dev.longtask.cli.Workspaces;
import dev.longtask.cli.view.Formats;
import dev.longtask.model.config.DurationText;
import dev.longtask.model.config.Environment;
import dev.longtask.model.config.Flags;
import dev.longtask.model.RunSettings;
import dev.longtask.model.Task;
import dev.longtask.model.run.TaskDone;
import dev.longtask.model.run.RunStores;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code longtask worker --store URL [--slots N]}: runs the agents of the tasks of every running run of a PostgreSQL
 * store, on this machine, until Ctrl-C or SIGTERM, which let the tasks at work go back to pending (their leases
 * released) before the process exits.
 */
@Command(name = "worker", mixinStandardHelpOptions = true,
        header = "Work the ready tasks of the running runs of a PostgreSQL store.",
        description = {"Work the ready tasks of every running run of a PostgreSQL store: claim one per free slot, run"
                + " its agent, record what came of it; until Ctrl-C or SIGTERM, which give the tasks at work back.",
                "Each run's workspace must be visible here at the same path as where it was started (a shared file"
                        + " system).",
                "Exit codes: 2 usage or configuration, 130 interrupted, 143 terminated."})
final class WorkerCommand implements Callable<ExitCode> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Mixin
    StoreOption store = new StoreOption();

    @Mixin
    TrustOption trust = new TrustOption();

    @Option(names = "--slots", paramLabel = "N",
            description = "Tasks this worker runs at once (default: concurrency in config, else "
                    + RunSettings.DEFAULT_CONCURRENCY + ").")
    Integer slots;

    @Option(names = "--lease", paramLabel = "DURATION",
            description = "How long a claim holds its task without a heartbeat (renewed every third of it); a task of "
                    + "a worker that died is claimed again once it lapses (default: 30s).")
    String lease;

    private final Environment environment;

    WorkerCommand() {
        this(Environment.system());
    }

    WorkerCommand(Environment environment) {
        this.environment = environment;
    }

    @Override
    public ExitCode call() throws InterruptedException {
        Path here = Workspaces.directory(Path.of("."));
        int n = slots != null ? slots : Configuration.load(environment, here, Flags.none()).concurrency().value();
        if (n < 1) {
            throw CliFailure.usage("--slots must be at least 1, got " + n);
        }
        Duration leaseFor = lease == null ? null : leaseDuration();
        PrintWriter out = spec.commandLine().getOut();
        store.trustEveryWorkspace = trust.all;
        try (RunStores stores = store.open(environment, here, 2 * n + 2)) {
            if (!stores.shared()) {
                throw CliFailure.usage("a worker needs a shared store: give --store postgresql://[user@]host[:port]/"
                        + "database (or store: in config); the file store is one process's");
            }
            String name = host() + " pid " + ProcessHandle.current().pid();
            Longtask runtime = trust.applyTo(Longtask.builder(), out).workspace(here).environment(environment)
                    .stores(stores).build();
            Worker worker = new Worker(runtime, stores, leaseFor, n, name, new Lines(out));
            Signals signals = Signals.watch();
            Thread onStop = new Thread(() -> {
                worker.stop(signals.reason());
                try {
                    worker.awaitStopped(Duration.ofMinutes(1));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }, "longtask-worker-stop");
            try {
                Runtime.getRuntime().addShutdownHook(onStop);
            } catch (IllegalStateException stopping) {
                // Ctrl-C or SIGTERM came while it started: it has claimed nothing, so there is nothing to hand back
                signals.close();
                return signals.terminated() ? ExitCode.TERMINATED : ExitCode.INTERRUPTED;
            }
            say(out, "worker " + name + ": " + n + (n == 1 ? " slot" : " slots") + " on " + stores.where(here)
                    + "; Ctrl-C or SIGTERM stops it");
            try {
                worker.run();
            } finally {
                signals.close();
            }
            return signals.terminated() ? ExitCode.TERMINATED : ExitCode.INTERRUPTED;
        }
    }

    private Duration leaseDuration() {
        try {
            Duration d = DurationText.parse(lease);
            if (d.toMillis() < 300) {
                throw CliFailure.usage("--lease " + lease + " is too short: a heartbeat renews it every third, give "
                        + "at least 300ms (30s is the default)");
            }
            return d;
        } catch (IllegalArgumentException e) {
            throw CliFailure.usage("--lease " + lease + ": " + e.getMessage());
        }
    }

    private static String host() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            return "localhost";
        }
    }

    private static void say(PrintWriter out, String line) {
        synchronized (out) {
            out.println(line);
            out.flush();
        }
    }

    /** One line for each thing the worker does, from any slot. */
    private record Lines(PrintWriter out) implements Worker.Listener {
        @Override
        public void claimed(String runId, Task task, String owner) {
            say(out, "run " + runId + ": task #" + task.id() + " " + Formats.cut(task.subject(), 60) + " (attempt "
                    + task.attempts() + ", " + owner + ")");
        }

        @Override
        public void finished(String runId, TaskDone done) {
            String what = done.completed() ? "completed" : done.requeued() ? "given back (" + done.summary() + ")"
                    : "failed: " + Formats.cut(done.summary(), 120);
            say(out, "run " + runId + ": task #" + done.taskId() + " " + what);
        }

        @Override
        public void fenced(String runId, int taskId, String why) {
            say(out, "run " + runId + ": task #" + taskId + " was lost (its lease lapsed; another worker has it): "
                    + why);
        }

        @Override
        public void passedOver(String runId, String why) {
            say(out, "longtask: warning: run " + runId + " passed over: " + why);
        }

        @Override
        public void trouble(String why) {
            say(out, "longtask: warning: " + why + " (trying again)");
        }

        @Override
        public void databaseAway(String why) {
            say(out, "longtask: the database is away (" + why + "); waiting for it, the worker goes on when it is back");
        }

        @Override
        public void databaseBack(Duration after) {
            say(out, "longtask: the database is back after " + dev.longtask.model.Durations.text(after)
                    + "; claiming again");
        }
    }
}
