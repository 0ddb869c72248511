package dev.longtask.tools;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.longtask.model.EnvironmentFilter;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code bash {command, timeout_s?}}: runs {@code bash -c command} as a real subprocess in the workspace, in the
 * {@link Sandbox} (refusing every command where no sandbox works and the user did not accept running unconfined), with an environment stripped of secrets ({@link BashEnvironment}), no input, stdout
 * and stderr merged, the head and tail of long output kept, and a timeout that kills the whole process tree. Processes
 * the command leaves running in the background end with it.
 */
final class BashTool implements Tool {
    private static final Logger LOG = LoggerFactory.getLogger(BashTool.class);
    static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(120);
    static final Duration MAX_TIMEOUT = Duration.ofSeconds(600);
    static final int OUTPUT_CAP = 30_000;
    /** How long to wait for output still buffered in the pipe after the process tree is gone. */
    private static final long DRAIN_GRACE_MS = 5_000;

    private final Map<String, String> environment;
    private final ProtectedPaths protectedPaths;
    private final Supplier<Sandbox> sandbox;
    private final ProcessLimit processLimit;
    private final Duration defaultTimeout;
    private final Duration maxTimeout;
    private final int outputCap;
    private final Schema schema;

    BashTool(Map<String, String> environment, Sandbox sandbox) {
        this(environment, () -> sandbox);
    }

    /** {@code sandbox} is asked when bash is first described or run: probing bubblewrap costs a process or two. */
    BashTool(Map<String, String> environment, Supplier<Sandbox> sandbox) {
        this(environment, EnvironmentFilter.SECRETS_ONLY, sandbox);
    }

    /** {@code filter} says which variables of {@code environment} commands get (never the secrets it does not allow). */
    BashTool(Map<String, String> environment, EnvironmentFilter filter, Supplier<Sandbox> sandbox) {
        this(BashEnvironment.of(environment, filter), sandbox, DEFAULT_TIMEOUT, MAX_TIMEOUT, OUTPUT_CAP);
    }

    BashTool(Map<String, String> environment, Sandbox sandbox, Duration defaultTimeout, Duration maxTimeout,
             int outputCap) {
        this(BashEnvironment.of(environment, EnvironmentFilter.SECRETS_ONLY), () -> sandbox, defaultTimeout,
                maxTimeout, outputCap);
    }

    /** With at most {@code maxProcesses} processes per command (tests bound a fork bomb low). */
    BashTool(Map<String, String> environment, Sandbox sandbox, int maxProcesses) {
        this(BashEnvironment.of(environment, EnvironmentFilter.SECRETS_ONLY), () -> sandbox, DEFAULT_TIMEOUT,
                MAX_TIMEOUT, OUTPUT_CAP, ProcessLimit.detect(maxProcesses));
    }

    private BashTool(Map<String, String> environment, Supplier<Sandbox> sandbox, Duration defaultTimeout,
                     Duration maxTimeout, int outputCap) {
        this(environment, sandbox, defaultTimeout, maxTimeout, outputCap,
                ProcessLimit.detect(ProcessLimit.DEFAULT_MAX));
    }

    /** {@code environment} is what commands get, secrets already dropped. */
    private BashTool(Map<String, String> environment, Supplier<Sandbox> sandbox, Duration defaultTimeout,
                     Duration maxTimeout, int outputCap, ProcessLimit processLimit) {
        this.environment = Map.copyOf(environment);
        this.protectedPaths = ProtectedPaths.of(environment);
        this.processLimit = processLimit;
        this.sandbox = sandbox;
        this.defaultTimeout = defaultTimeout;
        this.maxTimeout = maxTimeout;
        this.outputCap = outputCap;
        this.schema = Schema.object()
                .string("command", "Bash command line, run with bash -c in the workspace root", true)
                .integer("timeout_s", "Seconds before the command and everything it started are killed (default "
                        + defaultTimeout.toSeconds() + ", at most " + maxTimeout.toSeconds() + ")", false);
    }

    @Override
    public String name() {
        return "bash";
    }

    @Override
    public String description() {
        return "Runs a bash command in the workspace root and returns its output (stdout and stderr together) and exit "
                + "code. No input; no API keys in the environment; killed after timeout_s (default "
                + defaultTimeout.toSeconds() + " s). Background processes end when the command ends. Long output is "
                + "cut to its head and tail. Prefer read/grep/glob/edit for files." + confinement();
    }

    private String confinement() {
        Sandbox sandbox = this.sandbox.get();
        if (!sandbox.runsCommands()) {
            return " NOT AVAILABLE in this run: no sandbox works on this machine, so every call is refused; use the "
                    + "other tools.";
        }
        if (!sandbox.isolated()) {
            return "";
        }
        return " Runs in a sandbox: only the workspace is writable (not .longtask/, .claude/ or .mcp.json), /tmp is "
                + "private"
                + (sandbox.isolatesNetwork() ? ", and there is no network." : ".");
    }

    @Override
    public ObjectNode parameters() {
        return schema.build();
    }

    @Override
    public ToolResult execute(ObjectNode arguments, ToolContext context) {
        return Guarded.run(name(), () -> {
            try {
                return context.checkpoints().aroundShell(context.taskId(),
                        () -> run(new Arguments(arguments), context));
            } catch (IOException | RuntimeException e) {
                throw e;
            } catch (Exception e) {
                throw new IOException(e);
            }
        });
    }

    private ToolResult run(Arguments args, ToolContext context) throws IOException {
        Path workspace = context.workspace().root();
        String command = args.string("command");
        Sandbox sandbox = this.sandbox.get();
        if (!sandbox.runsCommands()) {
            return ToolResult.error(sandbox.refusal());
        }
        if (command.isBlank()) {
            return ToolResult.error("command is empty; give a bash command line");
        }
        long askedSeconds = args.optionalInt("timeout_s").map(Integer::longValue).orElse(defaultTimeout.toSeconds());
        if (askedSeconds < 1) {
            return ToolResult.error("timeout_s must be 1 or more seconds, got " + askedSeconds);
        }
        long seconds = Math.min(askedSeconds, maxTimeout.toSeconds());
        // what configures longtask or records the run is read-only to the command, the server's state out of sight
        Sandbox.Binds binds = protectedPaths.binds(context.workspace(),
                context.store() == null ? null : context.store().directory());
        // a fork bomb stops at the process limit: ulimit inside the sandbox, a pids control group around it
        ProcessLimit.Started started = processLimit.start(sandbox.argv(workspace,
                sandbox.isolated() ? processLimit.limited(command) : command, binds));
        try {
            return run(started.argv(), workspace, seconds, askedSeconds);
        } finally {
            started.release();
        }
    }

    private ToolResult run(List<String> argv, Path workspace, long seconds, long askedSeconds) throws IOException {
        ProcessBuilder builder = new ProcessBuilder(argv)
                .directory(workspace.toFile())
                .redirectErrorStream(true);
        builder.environment().clear();
        builder.environment().putAll(environment);
        Process process = builder.start();
        process.getOutputStream().close();
        OutputCapture output = new OutputCapture(outputCap / 3, outputCap - outputCap / 3);
        Thread reader = new Thread(() -> output.drain(process.getInputStream()), "bash-output-" + process.pid());
        reader.setDaemon(true);
        reader.start();
        boolean finished;
        try {
            finished = process.waitFor(seconds, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            ProcessTree.kill(process);
            Thread.currentThread().interrupt();
            return ToolResult.error("interrupted: the command was killed\n" + output.text());
        }
        // whether it finished or not, nothing it started may live on: not a timed-out tree, not a background job
        ProcessTree.kill(process);
        boolean drained = join(reader);
        StringBuilder out = new StringBuilder(output.total() == 0 ? "(no output)" : output.text().stripTrailing());
        if (!drained) {
            out.append("\n[stopped reading: a process that escaped the kill still holds the output open]");
        }
        if (!finished) {
            return ToolResult.error(out.append("\n[timed out after ").append(seconds).append(" s: the command and ")
                    .append("everything it started were killed; give a larger timeout_s (at most ")
                    .append(maxTimeout.toSeconds()).append(") or do less in one command]").toString());
        }
        int exit = process.exitValue();
        out.append("\n[exit code ").append(exit).append(']');
        if (askedSeconds > seconds) {
            out.append("\n[timeout_s ").append(askedSeconds).append(" was lowered to the maximum ").append(seconds)
                    .append(']');
        }
        return exit == 0 ? ToolResult.ok(out.toString()) : ToolResult.error(out.toString());
    }

    private static boolean join(Thread reader) {
        try {
            reader.join(DRAIN_GRACE_MS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (reader.isAlive()) {
            LOG.warn("bash output still open after the process tree was killed; leaving reader {}", reader.getName());
            return false;
        }
        return true;
    }

    /** Ends a process and everything below it. */
    static final class ProcessTree {
        private ProcessTree() {
        }

        static void kill(Process process) {
            List<ProcessHandle> descendants = process.descendants().toList();
            killGroup(process.pid());
            if (process.isAlive()) {
                // Java closes the process's output stream on destroy: never for one that has exited, whose output
                // the reader may not have taken from the pipe yet (a background job kept the pipe open)
                process.destroyForcibly();
            }
            descendants.forEach(ProcessHandle::destroyForcibly);
            try {
                process.waitFor(DRAIN_GRACE_MS, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        /**
         * Started through setsid, the command leads its own process group; a signal to the group also reaches children
         * that were orphaned (re-parented) and so are no longer among the descendants. Java has no call for this.
         */
        private static void killGroup(long pid) {
            try {
                Process kill = new ProcessBuilder("kill", "-KILL", "--", "-" + pid)
                        .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
                kill.waitFor(DRAIN_GRACE_MS, TimeUnit.MILLISECONDS);
            } catch (IOException e) {
                LOG.debug("could not signal process group {}", pid, e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
