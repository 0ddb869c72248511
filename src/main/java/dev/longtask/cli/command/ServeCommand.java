package dev.longtask.cli.command;

import dev.longtask.api.Longtask;
import dev.longtask.cli.CliFailure;
import dev.longtask.cli.ExitCode;
import dev.longtask.cli.Workspaces;
import dev.longtask.model.config.DurationText;
import dev.longtask.model.config.Environment;
import dev.longtask.server.ApiBackend;
import dev.longtask.server.Approvals;
import dev.longtask.server.Listener;
import dev.longtask.server.LongtaskServer;
import dev.longtask.server.ServerOptions;
import dev.longtask.model.run.RunStores;
import dev.longtask.model.run.StoreOptions;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(name = "serve", mixinStandardHelpOptions = true,
        description = {"Serve a pool of background runs beside the foreground run: an HTTP API under /api (JSON, "
                + "Server-Sent Events, a WebSocket stream), /metrics, and webhook routes from config.",
                "Every request needs the token printed at start (kept in a file only you can read).",
                "SIGTERM or Ctrl-C pauses the running runs after they save; the next start resumes them.",
                "With --store postgresql://... the runs are kept in that database; with --slots 0 the server runs"
                        + " no agent: 'longtask worker' processes run the tasks."})
final class ServeCommand implements Callable<ExitCode> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--port", paramLabel = "N", defaultValue = "7420", description = "Port to listen on (0: any free one; default 7420).")
    int port;

    @Option(names = "--bind", paramLabel = "ADDRESS", defaultValue = "127.0.0.1",
            description = "Address to listen on (default 127.0.0.1: this machine only).")
    String bind;

    @Option(names = "--max-runs", paramLabel = "N", defaultValue = "4",
            description = "Pool runs at once (default 4); the foreground run is not counted.")
    int maxRuns;

    @Option(names = "--retries", paramLabel = "N", defaultValue = "1",
            description = "Automatic retries of a pool run that failed (default 1).")
    int retries;

    @Option(names = "--retry-delay", paramLabel = "DURATION", defaultValue = "30s",
            description = "The wait before the first automatic retry of a failed run; it doubles for each later one "
                    + "(default 30s).")
    String retryDelay;

    @Option(names = "--root", paramLabel = "DIR",
            description = "A directory runs may work in (repeatable; default: the current directory).")
    List<Path> roots = new ArrayList<>();

    @Option(names = "--state-dir", paramLabel = "DIR",
            description = "Where the pool and the webhook outbox are kept (default: <first root>/.longtask/server).")
    Path stateDir;

    @Option(names = "--token-file", paramLabel = "FILE",
            description = "The token's file, made with mode 0600 on first start (default: <state-dir>/token).")
    Path tokenFile;

    @Option(names = "--no-token", description = "Serve without a token (only on a loopback address).")
    boolean noToken;

    @Option(names = "--allow-origin", paramLabel = "ORIGIN",
            description = "A browser origin besides the server's own that may change runs (repeatable).")
    List<String> allowedOrigins = new ArrayList<>();

    @Option(names = "--allow-host", paramLabel = "NAME",
            description = "A host name besides localhost and the bound address that requests to a server without a "
                    + "token may use (repeatable).")
    List<String> allowedHosts = new ArrayList<>();

    @Option(names = "--config", paramLabel = "FILE",
            description = "A config file whose 'routes:' to use, besides <first root>/.longtask/config.yaml (repeatable).")
    List<Path> configFiles = new ArrayList<>();

    @Mixin
    ModelOptions model;

    @Mixin
    ScaleOutOptions scaleOut = new ScaleOutOptions();

    @Mixin
    TrustOption trust = new TrustOption();

    private Duration retryDelay() {
        try {
            return DurationText.parse(retryDelay);
        } catch (IllegalArgumentException e) {
            throw CliFailure.usage("--retry-delay " + retryDelay + ": " + e.getMessage());
        }
    }

    @Override
    public ExitCode call() throws InterruptedException {
        PrintWriter out = spec.commandLine().getOut();
        List<Path> rootDirs = roots.isEmpty() ? List.of(Path.of("").toAbsolutePath()) : roots;
        Path first = Workspaces.directory(rootDirs.get(0));
        ServerOptions defaults = ServerOptions.defaults(first);
        Path state = stateDir != null ? stateDir.toAbsolutePath() : defaults.stateDirectory();
        List<Path> configs = new ArrayList<>(defaults.configFiles());
        configs.addAll(configFiles);
        ServerOptions options = new ServerOptions(bind, port, maxRuns, retries, rootDirs, state,
                tokenFile != null ? tokenFile.toAbsolutePath() : state.resolve("token"), noToken, allowedOrigins,
                configs, System.getenv(), Duration.ofSeconds(60), defaults.webhookRetry(), defaults.webhookRetryMax(),
                allowedHosts, retryDelay());
        if (retries < 0) {
            throw CliFailure.usage("--retries must be 0 or more, got " + retries);
        }
        // a connection per run at work, one more holds the places of the runs at work (--max-runs across servers)
        scaleOut.store.trustEveryWorkspace = trust.all;
        RunStores stores = scaleOut.open(Environment.system(), first, Math.max(4, 2 * maxRuns + 3), "serve takes",
                "how many runs go at once is --max-runs, how many tasks of each run concurrency: in config");
        Listener listener;
        try {
            listener = Listener.open(options);
        } catch (IllegalArgumentException e) {
            stores.close();
            throw CliFailure.usage(e.getMessage());
        }
        // The address and token first: the runtime, the pool's recovery and the handlers are built after it, and a
        // request that comes meanwhile waits on the bound port until the server answers it (docs/server.md).
        out.println("longtask server listening on " + listener.url() + " (pool of " + maxRuns + ", roots "
                + rootDirs + ")");
        if (stores.shared()) {
            out.println("  store: " + stores.where(first) + (scaleOut.workersOnly() ? "; agents: none here, workers run "
                    + "every task (longtask worker --store ...)" : "; agents here and in workers of the same store"));
        }
        if (listener.token() != null) {
            out.println("  dashboard: " + listener.url() + "/?access_token=" + listener.token());
            out.println("  token file: " + options.tokenFile());
            out.println("  try: curl -H \"Authorization: Bearer $(cat " + options.tokenFile() + ")\" "
                    + listener.url() + "/api/runs");
        }
        out.println("  submit: longtask submit \"GOAL\" --workdir DIR --server " + listener.url());
        out.println("  mcp: claude mcp add --transport http longtask " + listener.url() + "/mcp"
                + (listener.token() == null ? "" : " --header \"Authorization: Bearer " + listener.token() + "\""));
        out.flush();
        // A stop asked for while the server starts waits for the start, then stops what it made.
        CountDownLatch begun = new CountDownLatch(1);
        CountDownLatch stopped = new CountDownLatch(1);
        AtomicReference<Longtask> made = new AtomicReference<>();
        AtomicReference<LongtaskServer> serving = new AtomicReference<>();
        Thread stop = new Thread(() -> {
            try {
                begun.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            if (serving.get() != null) {
                serving.get().close();
            }
            if (made.get() != null) {
                made.get().close();
            }
            stores.close();
            stopped.countDown();
        }, "longtask-serve-stop");
        Runtime.getRuntime().addShutdownHook(stop);
        try {
            // One runtime for every run: shared model clients and token counter; each run's workspace settings apply.
            // Its questions go to the server: pool runs approve themselves, the foreground run's wait for a person.
            Approvals approvals = new Approvals();
            made.set(trust.applyTo(Longtask.builder(), out).workspace(first).environment(Environment.system())
                    .model(model.model)
                    .baseUrl(model.baseUrl).tape(model.tape()).approver(approvals).stores(stores)
                    .workersOnly(scaleOut.workersOnly()).build());
            serving.set(listener.start(new ApiBackend(made.get(), stores, StoreOptions.defaults()), approvals,
                    stores));
        } catch (RuntimeException e) {
            // nothing serves: what was made is closed now, not by the stop
            try {
                Runtime.getRuntime().removeShutdownHook(stop);
            } catch (IllegalStateException stopping) {
                // the JVM is stopping already: the hook closes them
            }
            if (made.get() != null) {
                made.get().close();
            }
            stores.close();
            throw e instanceof IllegalArgumentException ? CliFailure.usage(e.getMessage()) : e;
        } finally {
            listener.close();
            begun.countDown();
        }
        stopped.await();
        return ExitCode.OK;
    }
}
