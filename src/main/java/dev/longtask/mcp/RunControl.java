package dev.longtask.mcp;

import dev.longtask.api.Runs;
import dev.longtask.api.Snapshot;
import dev.longtask.api.Stores;
import dev.longtask.model.Budget;
import dev.longtask.model.RunStatus;
import dev.longtask.model.Task;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * What the MCP tools do to runs, whoever carries them out: this process (the stdio server keeps its runs on its own
 * threads) or the pool of {@code longtask serve}. A {@code workdir} of null means the server's own; a run this server
 * started is found without one. Every method fails with an exception whose message a model can act on.
 */
public interface RunControl {

    /** A run to start: the goal, and what differs from the server's settings (null: the server's). */
    record Start(String goal, Path workdir, String model, Budget budget, Integer concurrency) {
    }

    /** A code review to start: the repository (also the workspace of the run) and the focus areas, or null. */
    record Review(Path path, String focus) {
    }

    /** Creates the run and returns its id at once; the work goes on in the background. */
    String start(Start request);

    /** Plans a code review of the repository in code (no model needed) and starts it; its id at once. */
    String review(Review request);

    /** The run ids of a workspace, newest first. */
    List<String> runs(Path workdir);

    /** Where a run stands now. */
    Snapshot status(String runId, Path workdir);

    /**
     * Whether the run is recorded as at work but no process carries it any more (killed, crashed, stopped without
     * saving): it goes no further until it is resumed, as {@code longtask status} says of it.
     */
    default boolean processGone(String runId, Path workdir, Snapshot snapshot) {
        RunStatus status = snapshot.figures().status();
        return (status == RunStatus.PLANNING || status == RunStatus.RUNNING) && !snapshot.runningHere()
                && Runs.of(Stores.files(), workspaceOf(runId, workdir)).writerPid(runId).isEmpty();
    }

    /** The workspace that holds the run (absolute). */
    Path workspaceOf(String runId, Path workdir);

    List<Task> tasks(String runId, Path workdir);

    /**
     * The run's report once it has written it: for a code review the checked report ({@code
     * results/review/review.md}), else report.md.
     */
    Optional<String> report(String runId, Path workdir);

    /** Asks the run to pause after saving; returns what was done, in a sentence. */
    String pause(String runId, Path workdir);

    /** Continues a paused, interrupted or failed run in the background, with budgets raised where given. */
    String resume(String runId, Path workdir, Budget budget);

    /** Gives the run up for good (it keeps its results); returns what was done, in a sentence. */
    String cancel(String runId, Path workdir);
}
