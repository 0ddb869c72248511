package dev.longtask.cli.command;

import dev.longtask.api.Cancellation;
import dev.longtask.api.Runs;
import dev.longtask.api.Stores;
import dev.longtask.cli.CliFailure;
import dev.longtask.cli.ExitCode;
import dev.longtask.cli.RunAccess;
import dev.longtask.cli.view.JsonOutput;
import dev.longtask.cli.view.RunEnding;
import dev.longtask.model.Counts;
import dev.longtask.model.RunStatus;
import dev.longtask.model.Task;
import dev.longtask.model.TaskStatus;
import dev.longtask.model.run.RunSnapshot;
import dev.longtask.model.run.RunStore;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.LocalTime;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code longtask cancel RUN_ID}: ends a run for good. A process still running it is stopped first: a cancel
 * request in the run directory, then SIGTERM, so it saves, ends the run cancelled and tells its own terminal who
 * cancelled it; then the unfinished tasks are cancelled and the run is marked cancelled, which {@code resume}
 * refuses. Completed work, results, transcripts and any report stay.
 */
@Command(name = "cancel", mixinStandardHelpOptions = true,
        header = "End a run for good; a process running it is stopped first.",
        description = "A process running the run gets SIGTERM and saves, as on Ctrl-C; then the run's unfinished tasks"
                + " are cancelled and the run is marked cancelled, which resume refuses. Results, transcripts and any"
                + " report are kept.")
final class CancelCommand implements Callable<ExitCode> {
    /** Always HH:MM:SS: {@code LocalTime.toString()} leaves out the seconds when they are zero. */
    static final java.time.format.DateTimeFormatter CLOCK_TIME = java.time.format.DateTimeFormatter.ofPattern("HH:mm:ss");

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Mixin
    RunAccess.Workdir workdir;

    @Parameters(index = "0", paramLabel = "RUN_ID", description = "The run to cancel ('longtask runs' lists them).")
    String runId;

    @Option(names = "--reason", paramLabel = "TEXT", description = "Why, recorded with the run's status.")
    String reason;

    @Option(names = "--wait", paramLabel = "SECONDS", defaultValue = "60",
            description = "How long to wait for a running process to stop (default: ${DEFAULT-VALUE}).")
    int waitSeconds;

    @Option(names = "--json", description = "Print what was done as one JSON object (progress goes to stderr).")
    boolean json;

    @Override
    public ExitCode call() {
        Path workspace = workdir.workspace();
        runId = RunAccess.resolve(workspace, runId);
        RunSnapshot run = RunAccess.read(workspace, runId);
        PrintWriter out = json ? spec.commandLine().getErr() : spec.commandLine().getOut();
        RunStatus status = run.run().status();
        if (status == RunStatus.COMPLETED || status == RunStatus.CANCELLED) {
            if (json) {
                printJson(status, 0, run.directory(), false);
            } else {
                out.println("run " + runId + " is already " + status.wire() + "; nothing to cancel");
            }
            return ExitCode.OK;
        }
        if (waitSeconds < 1) {
            throw CliFailure.usage("cancel: --wait must be at least 1 second, was " + waitSeconds);
        }
        String why = "cancelled by " + who() + " at " + CLOCK_TIME.format(LocalTime.now())
                + (reason == null || reason.isBlank() ? "" : ": " + reason.strip());
        Optional<Long> writer = Runs.of(Stores.files(), workspace).writerPid(runId);
        if (writer.isPresent()) {
            // Said before the signal, so the process running the run ends it cancelled and tells its terminal why.
            RunAccess.run(() -> Cancellation.request(workspace, runId, why));
            try {
                stop(writer.get(), out);
            } finally {
                RunAccess.run(() -> Cancellation.withdraw(workspace, runId));
            }
        }
        long cancelledBefore = cancelledTasks(run.tasks());
        try (RunStore store = RunAccess.openForWriting(workspace, runId, spec.commandLine().getErr())) {
            RunAccess.run(() -> Cancellation.cancel(store, why));
            // Counted from the tasks, not from cancelUnfinished: the process that ran the run may have cancelled them.
            int cancelled = (int) (cancelledTasks(store.tasks()) - cancelledBefore);
            if (json) {
                printJson(RunStatus.CANCELLED, cancelled, store.directory(), true);
            } else {
                out.println("run " + runId + " cancelled: " + Counts.plural(cancelled, "unfinished task")
                        + " cancelled; its results and transcripts stay in " + RunEnding.shown(store.directory()));
            }
        }
        out.flush();
        return ExitCode.OK;
    }

    private void printJson(RunStatus status, int cancelled, Path directory, boolean cancelledNow) {
        PrintWriter out = spec.commandLine().getOut();
        out.println(JsonOutput.pretty(JsonOutput.mapper().createObjectNode().put("run_id", runId)
                .put("status", status.wire()).put("cancelled_now", cancelledNow).put("tasks_cancelled", cancelled)
                .put("run_directory", directory.toString())));
        out.flush();
    }

    /**
     * The command of a process that carries out many runs at once ({@code serve} or {@code mcp}), read from its
     * arguments: the first one after the launcher's jar or main class that is a longtask command.
     */
    static Optional<String> hostCommand(List<String> arguments) {
        for (String argument : arguments) {
            if (argument.equals("serve") || argument.equals("mcp")) {
                return Optional.of(argument);
            }
            if (argument.equals("run") || argument.equals("resume") || argument.equals("review")
                    || argument.equals("agent") || argument.equals("worker")) {
                return Optional.empty();
            }
        }
        return Optional.empty();
    }

    private static long cancelledTasks(List<Task> tasks) {
        return tasks.stream().filter(t -> t.status() == TaskStatus.CANCELLED).count();
    }

    /** Who cancels, as the run's status says it: the user's login name when the JVM knows it. */
    private static String who() {
        String user = System.getProperty("user.name");
        return user == null || user.isBlank() || user.equals("?") ? "the user" : "the user " + user;
    }

    /** Asks the writer to stop as SIGTERM does (it saves first) and waits for it to be gone. */
    private void stop(long pid, PrintWriter out) {
        if (pid == ProcessHandle.current().pid()) {
            throw CliFailure.usage("cancel: run " + runId + " is being run by this process");
        }
        Optional<ProcessHandle> writer = ProcessHandle.of(pid);
        if (writer.isEmpty()) {
            return;
        }
        Optional<String> host = hostCommand(writer.get().info().arguments().map(List::of).orElse(List.of()));
        if (host.isPresent()) {
            // SIGTERM would stop every run of that process, not this one
            throw CliFailure.usage("cancel: run " + runId + " is carried out by 'longtask " + host.get() + "' (process "
                    + pid + "), which runs other runs too: cancel it there (" + (host.get().equals("serve")
                    ? "the dashboard, or POST /api/runs/" + runId + "/cancel with the server's token"
                    : "the MCP tool longtask_cancel") + ")");
        }
        out.println("stopping process " + pid + ", which is running " + runId + " (it saves first) ...");
        out.flush();
        writer.get().destroy();
        try {
            writer.get().onExit().get(waitSeconds, TimeUnit.SECONDS);
        } catch (java.util.concurrent.TimeoutException e) {
            throw new CliFailure(ExitCode.FAILED, "cancel: process " + pid + " did not stop within " + waitSeconds
                    + " s; nothing was changed; try again with a larger --wait, or stop it yourself (kill " + pid + ")");
        } catch (java.util.concurrent.ExecutionException e) {
            throw new CliFailure(ExitCode.FAILED, "cancel: could not wait for process " + pid + ": " + e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CliFailure(ExitCode.INTERRUPTED, "cancel: interrupted while process " + pid + " was stopping");
        }
    }
}
