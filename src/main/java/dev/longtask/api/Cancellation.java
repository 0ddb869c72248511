package dev.longtask.api;

import dev.longtask.model.RunStatus;
import dev.longtask.store.file.CancelRequest;
import dev.longtask.model.run.RunStore;
import java.nio.file.Path;
import java.util.Optional;

/**
 * A run given up for good, with who did it and why, from outside the process that runs it ({@code longtask cancel}):
 * the reason is first left for that process ({@link #request}), so that when it is stopped it ends the run cancelled
 * and says why, instead of interrupted; then the run, at rest, is cancelled in its store ({@link #cancel}). A
 * {@link RunHandle} in this JVM is cancelled with {@link RunHandle#cancel(String)} instead.
 */
public final class Cancellation {

    private Cancellation() {
    }

    /**
     * Leaves {@code reason} in the run for the process running it, before that process is stopped. It counts only
     * while this process lives, so one left behind by a cancel that was killed changes nothing later.
     */
    public static void request(Path workspace, String runId, String reason) {
        CancelRequest.make(workspace, runId, reason);
    }

    /** Removes what {@link #request} left: the cancel is done, or gave up. */
    public static void withdraw(Path workspace, String runId) {
        CancelRequest.withdraw(workspace, runId);
    }

    /** The reason another process (still alive) left for this run's process, if any: the run is to end cancelled. */
    public static Optional<String> requested(Path workspace, String runId) {
        return CancelRequest.pending(workspace, runId);
    }

    /**
     * Cancels the unfinished tasks of a run opened for writing (no process runs it any more), then the run unless it
     * already is, both for {@code reason}; results, transcripts and any report stay, and a resume has nothing to do.
     */
    public static void cancel(RunStore store, String reason) {
        store.cancelUnfinished(reason);
        if (store.run().status() != RunStatus.CANCELLED) {
            store.setRunStatus(RunStatus.CANCELLED, reason);
        }
    }
}
