package dev.longtask.cli;

import dev.longtask.api.Runs;
import dev.longtask.api.Stores;
import dev.longtask.model.Counts;
import dev.longtask.model.Run;
import dev.longtask.model.run.CorruptRunException;
import dev.longtask.model.run.DependencyCycleException;
import dev.longtask.model.run.NoSuchRunException;
import dev.longtask.model.run.NoSuchTaskException;
import dev.longtask.model.run.RunLockedException;
import dev.longtask.model.run.RunSnapshot;
import dev.longtask.model.run.RunStore;
import dev.longtask.model.run.RunStores;
import dev.longtask.model.run.StoreException;
import dev.longtask.model.run.StoreOptions;
import dev.longtask.model.run.TaskStateException;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import picocli.CommandLine.Option;

/**
 * How the run commands reach the store: the {@code --workdir} option, the newest run when no id is given, and
 * the store's refusals turned into one-line errors with exit code 2 (1 for an I/O failure).
 */
public final class RunAccess {

    /** The {@code --workdir} option of the run commands, as a picocli mixin. */
    public static final class Workdir {
        @Option(names = {"-C", "--workdir"}, paramLabel = "DIR", defaultValue = ".",
                description = "The workspace whose .longtask/runs to use (default: the current directory).")
        public Path path;

        public Path workspace() {
            return Workspaces.directory(path);
        }
    }

    private RunAccess() {
    }

    /** The given run id, or the newest run of the workspace. */
    public static String runOrNewest(Path workspace, String runId) {
        return runOrNewest(Stores.files(), workspace, runId);
    }

    /** The given run id (or the one run it is a unique prefix of), or the newest run of {@code stores}. */
    public static String runOrNewest(RunStores stores, Path workspace, String runId) {
        if (runId != null) {
            return resolve(stores, workspace, runId);
        }
        List<String> runs = call(() -> stores.list(workspace));
        if (runs.isEmpty()) {
            throw CliFailure.usage("no runs in " + stores.where(workspace)
                    + "; start one with `longtask run GOAL` or `longtask task add --goal GOAL --subject ...`");
        }
        return runs.get(0);
    }

    /** The run {@code given} names in the workspace's files: see {@link #resolve(RunStores, Path, String)}. */
    public static String resolve(Path workspace, String given) {
        return resolve(Stores.files(), workspace, given);
    }

    /**
     * The run {@code given} names, as git and docker read ids: the run of that id, else the one run whose id starts
     * with it; several such runs are a usage error naming them. A name that matches nothing is left as it is, for
     * the store to say that there is no such run.
     */
    public static String resolve(RunStores stores, Path workspace, String given) {
        if (given == null || call(() -> stores.exists(workspace, given))) {
            return given;
        }
        List<String> matching = call(() -> stores.list(workspace)).stream().filter(id -> id.startsWith(given)).toList();
        if (matching.size() > 1) {
            throw CliFailure.usage("run id prefix '" + given + "' is ambiguous: " + Counts.plural(matching.size(), "run")
                    + " start with it (" + String.join(", ", matching.subList(0, Math.min(5, matching.size())))
                    + (matching.size() > 5 ? ", ..." : "") + "); give more of the id");
        }
        return matching.isEmpty() ? given : matching.get(0);
    }

    /**
     * A {@code --run-id} for a new run, checked before anything is created: null (the store picks a new id) when
     * none is given; a usage error naming the problem when it is not a valid id or the run already exists.
     */
    public static Optional<String> runIdProblem(String runId) {
        return Runs.idProblem(runId);
    }

    public static String newRunId(Path workspace, String runId, Path workdir) {
        return newRunId(Stores.files(), workspace, runId, workdir);
    }

    public static String newRunId(RunStores stores, Path workspace, String runId, Path workdir) {
        if (runId == null) {
            return null;
        }
        Runs.idProblem(runId).ifPresent(problem -> {
            throw CliFailure.usage("--run-id: " + problem);
        });
        if (call(() -> stores.exists(workspace, runId))) {
            throw CliFailure.usage("run " + runId + " already exists in " + stores.where(workspace) + "; choose another --run-id, or go"
                    + " on with it: " + resumeCommand(runId, workdir));
        }
        return runId;
    }

    /** {@code longtask resume ID}, with {@code -C DIR} when the workspace is not the current directory. */
    public static String resumeCommand(String runId, Path workdir) {
        return "longtask resume " + runId + (workdir == null || workdir.equals(Path.of(".")) ? "" : " -C " + workdir);
    }

    public static RunSnapshot read(Path workspace, String runId) {
        return read(Stores.files(), workspace, runId);
    }

    public static RunSnapshot read(RunStores stores, Path workspace, String runId) {
        return call(() -> stores.read(workspace, runId));
    }

    /** The run's own state (status, budgets, settings), as {@link #read} finds it. */
    public static Run readRun(Path workspace, String runId) {
        return read(workspace, runId).run();
    }

    /**
     * The run's own state from {@code run.json} when that is current with the log, else from the log: without its
     * tasks, and without checking the task files (a garbled one is for the writer to rebuild, not to stop it).
     */
    public static Run readRun(RunStores stores, Path workspace, String runId) {
        return call(() -> stores.readRun(workspace, runId));
    }

    /** Opens the run for writing; what the open repaired (after a crash, a damaged file) is told on {@code err}. */
    public static RunStore openForWriting(Path workspace, String runId, PrintWriter err) {
        RunStores.Opened opened = call(() -> Stores.files().open(workspace, runId, StoreOptions.defaults()));
        if (!opened.repairs().isEmpty()) {
            err.println("longtask: note: run " + runId + " was repaired on open: "
                    + String.join("; ", opened.repairs()));
        }
        return opened.store();
    }

    /** Runs a store call, turning its refusals into a one-line error with the right exit code. */
    public static <T> T call(Supplier<T> storeCall) {
        try {
            return storeCall.get();
        } catch (NoSuchRunException | NoSuchTaskException | CorruptRunException | RunLockedException
                 | DependencyCycleException | TaskStateException | IllegalArgumentException e) {
            throw CliFailure.usage(e.getMessage());
        } catch (StoreException e) {
            throw new CliFailure(e.getCause() instanceof IOException ? ExitCode.FAILED : ExitCode.USAGE, e.getMessage());
        }
    }

    public static void run(Runnable storeCall) {
        call(() -> {
            storeCall.run();
            return null;
        });
    }
}
