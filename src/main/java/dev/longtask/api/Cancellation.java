package dev.longtask.api;

import dev.longtask.model.RunStatus;
import dev.longtask.model.Task;
import dev.longtask.model.TaskStatus;
import dev.longtask.store.CancelRequest;
import dev.longtask.store.RunStore;
import java.nio.file.Path;
import java.util.List;
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
     * Cancels the unfinished tasks of a run opened for writing, then the run (unless it already is), both for
     * {@code reason}; results, transcripts and any report stay.
     *
     * @return the tasks cancelled since {@code before} (the run's tasks as read before the run's process stopped,
     *         which may have cancelled some itself)
     */
    public static int cancel(RunStore store, String reason, List<Task> before) {
        long cancelledBefore = cancelled(before);
        store.cancelUnfinished(reason);
        if (store.run().status() != RunStatus.CANCELLED) {
            store.setRunStatus(RunStatus.CANCELLED, reason);
        }
        return (int) (cancelled(store.tasks()) - cancelledBefore);
    }

    private static long cancelled(List<Task> tasks) {
        return tasks.stream().filter(t -> t.status() == TaskStatus.CANCELLED).count();
    }
}
