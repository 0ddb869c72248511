package dev.longtask.server;

import dev.longtask.model.RunStatus;
import dev.longtask.model.Task;
import dev.longtask.model.TaskStatus;
import dev.longtask.model.run.RunStore;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * {@code POST /api/runs/{id}/tasks/{n}/retry}, as Airflow's "clear task": a failed or cancelled task goes back to
 * pending, and so does every task that depends on it, directly or not, that failed or was cancelled; a pending one
 * already waits for it. Only in a run no session carries: the run's next session runs them. A completed task never
 * runs again (the log's promise), so it is refused, as is a task at work.
 */
final class TaskRetry {
    private TaskRetry() {
    }

    /**
     * Retries a task of a run no session of this server carries ({@link #requeue}, through {@code backend}), and
     * queues the run again so its tasks run (a queued run keeps its place).
     *
     * @return the ids of the tasks that run again, {@code taskId} first
     */
    static List<Integer> retry(Pool pool, RunBackend backend, String runId, Path workspace, int taskId, String by) {
        List<Integer> requeued = pool.either(runId, () -> backend.retryTask(workspace, runId, taskId, by), () -> {
            throw ApiError.conflict("run " + runId + " is running; pause it, then retry task #" + taskId
                    + " (the director retries a task that fails while the run goes on)");
        });
        boolean queued = pool.entry(runId).map(e -> e.state() == PoolEntry.State.QUEUED).orElse(false);
        if (!queued) {
            pool.resume(runId, workspace, by + " (task #" + taskId + " retried)", null);
        }
        return requeued;
    }

    /** Checks that {@code task} may be retried, whatever its run is doing; the refusal says why not. */
    static void checkTask(String runId, Task task) {
        String which = "task #" + task.id() + " of run " + runId;
        switch (task.status()) {
            case IN_PROGRESS -> throw ApiError.conflict(which + " is running; retry it once it has ended");
            case PENDING -> throw ApiError.conflict(which + " is pending: it has not run yet and runs when the run "
                    + "goes on (resume the run)");
            case COMPLETED -> throw ApiError.conflict(which + " completed, and a completed task never runs again; "
                    + "add a task for more work, or start a new run");
            default -> {
            }
        }
    }

    /** Checks that a task of a run at rest may be retried; the refusal says why not. */
    private static void check(RunStatus run, String runId, Task task) {
        checkTask(runId, task);
        if (run == RunStatus.RUNNING) {
            throw ApiError.conflict("run " + runId + " is running in another process; pause it there before "
                    + "retrying one of its tasks");
        }
        if (!run.isResumable()) {
            throw ApiError.conflict("run " + runId + " is " + run.wire() + "; only a task of a paused, "
                    + "interrupted, failed or queued run can be retried");
        }
    }

    /** Requeues the task and its failed or cancelled dependents; returns their ids, the task's first. */
    static List<Integer> requeue(RunStore store, int taskId, String by) {
        Task task = store.task(taskId);
        check(store.run().status(), store.runId(), task);
        List<Integer> requeued = new ArrayList<>();
        store.requeue(taskId, "retried by " + by);
        requeued.add(taskId);
        Deque<Integer> next = new ArrayDeque<>(task.blocks());
        Set<Integer> seen = new HashSet<>();
        while (!next.isEmpty()) {
            Task dependent = store.task(next.poll());
            if (!seen.add(dependent.id())) {
                continue;
            }
            if (dependent.status() == TaskStatus.FAILED || dependent.status() == TaskStatus.CANCELLED) {
                store.requeue(dependent.id(), "runs again: task #" + taskId + ", which it depends on, was retried by "
                        + by);
                requeued.add(dependent.id());
            }
            next.addAll(dependent.blocks());
        }
        return requeued;
    }
}
