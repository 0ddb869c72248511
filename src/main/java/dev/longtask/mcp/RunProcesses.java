package dev.longtask.mcp;

import dev.longtask.api.Runs;
import dev.longtask.api.Stores;
import dev.longtask.model.Budget;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * Carries each run of the stdio server out in a process of its own ({@code longtask resume RUN_ID --workdir DIR}),
 * in a session of its own (setsid) with no terminal and no stdin: a client that exits, and the signals it sends its
 * server as it goes (Claude Code sends SIGINT, then SIGTERM 100 ms later), do not reach the run. Its output goes to
 * {@code .longtask/mcp/RUN_ID.log} in the workspace.
 */
final class RunProcesses {
    private static final Path SETSID = Path.of("/usr/bin/setsid");

    /** Asked as each run is started, not before: the answer costs a JVM's management beans. */
    private final Supplier<List<String>> longtask;
    private final List<String> resumeFlags;
    private final Map<String, Process> started = new ConcurrentHashMap<>();

    /**
     * @param longtask    gives the command line that runs longtask (a JVM and its class path, or the launcher)
     * @param resumeFlags what each {@code resume} is given besides its run (the trust this server was started with)
     */
    RunProcesses(Supplier<List<String>> longtask, List<String> resumeFlags) {
        this.longtask = longtask;
        this.resumeFlags = List.copyOf(resumeFlags);
    }

    /** Starts the process that carries the run on from where it stands, with budgets raised where given. */
    void carryOn(Path workspace, String runId, Budget budget) {
        List<String> command = new ArrayList<>();
        if (Files.isExecutable(SETSID)) {
            command.add(SETSID.toString());
        }
        command.addAll(longtask.get());
        command.addAll(List.of("resume", runId, "--workdir", workspace.toString(), "--color", "never"));
        command.addAll(resumeFlags);
        if (budget != null) {
            if (budget.maxTokens() != null) {
                command.addAll(List.of("--max-tokens", budget.maxTokens().toString()));
            }
            if (budget.maxCostUsd() != null) {
                command.addAll(List.of("--max-cost", budget.maxCostUsd().toPlainString()));
            }
            if (budget.maxTimeSeconds() != null) {
                command.addAll(List.of("--max-time", budget.maxTimeSeconds() + "s"));
            }
        }
        try {
            Path log = Files.createDirectories(workspace.resolve(".longtask").resolve("mcp")).resolve(runId + ".log");
            Process process = new ProcessBuilder(command).directory(workspace.toFile())
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
                    .redirectErrorStream(true).start();
            started.put(runId, process);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start the process for run " + runId + ": " + e.getMessage(), e);
        }
    }

    /** Whether a process this server started for the run is still alive (it may not have opened the run yet). */
    boolean alive(String runId) {
        Process p = started.get(runId);
        return p != null && p.isAlive();
    }

    /** The live process that has the run open: one started here, or any other (a terminal's, an earlier server's). */
    Optional<Long> writer(Path workspace, String runId) {
        Process p = started.get(runId);
        return p != null && p.isAlive() ? Optional.of(p.pid()) : Runs.of(Stores.files(), workspace).writerPid(runId);
    }

    /**
     * Asks the process this server started for the run to stop as SIGTERM does (it saves first, as interrupted) and
     * waits for it to be gone; false when no such process is alive.
     */
    boolean stop(String runId, Duration wait) {
        Process p = started.get(runId);
        if (p == null || !p.isAlive()) {
            return false;
        }
        p.destroy();
        try {
            if (!p.waitFor(wait.toMillis(), TimeUnit.MILLISECONDS)) {
                throw new IllegalStateException("the process of run " + runId + " (" + p.pid() + ") did not stop"
                        + " within " + wait.toSeconds() + " s; try again");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while stopping run " + runId, e);
        }
        return true;
    }
}
