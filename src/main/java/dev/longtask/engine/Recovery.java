package dev.longtask.engine;

import dev.longtask.model.Task;
import dev.longtask.model.TaskStatus;
import dev.longtask.model.run.RunStore;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * What a session puts right before it works: tasks a dead process was running start over, and when a failed run
 * is resumed, its failed tasks are retried and the tasks cancelled only because those failed are pending again.
 */
final class Recovery {
    private final RunStore store;
    /** This process's name as the owner of the tasks it claims. */
    private final String owner;

    Recovery(RunStore store, String owner) {
        this.store = store;
        this.owner = owner;
    }

    /**
     * Tasks a previous process was running when it died go back to pending; their transcripts stay. In a shared store
     * a running task may be a live worker's: only those whose lease lapsed go back, and this process's own.
     */
    void requeueInterruptedTasks() {
        if (store.shared()) {
            store.requeueLapsed();
            // A session starts again in this process after the database was away: no slot of this process works the
            // tasks it had claimed any more.
            for (Task t : store.tasks()) {
                if (t.status() == TaskStatus.IN_PROGRESS && owner.equals(t.owner())) {
                    try {
                        store.requeue(t.id(), "this process stopped working it while the database was away; it "
                                + "starts over");
                    } catch (dev.longtask.model.run.FencedException lost) {
                        // its lease lapsed meanwhile: the next look for lapsed leases puts it back
                    }
                }
            }
            return;
        }
        for (Task t : store.tasks()) {
            if (t.status() == TaskStatus.IN_PROGRESS) {
                store.requeue(t.id(), "the previous session ended while it ran (crash or kill); it starts over");
            }
        }
    }

    /**
     * Retries every failed task, then makes pending again each task that was cancelled because a task it waits
     * for failed, once all it still waits for is pending again. A task cancelled on purpose (by the director or a
     * person) stays cancelled, and so do the tasks that wait for it.
     */
    void retryFailedTasks(Set<Integer> blockedCancels) {
        for (Task t : store.tasks()) {
            if (t.status() == TaskStatus.FAILED) {
                store.requeue(t.id(), "retried on resume");
            }
        }
        boolean changed = true;
        while (changed) {
            changed = false;
            for (Task t : store.tasks()) {
                if (t.status() == TaskStatus.CANCELLED && blockedCancels.contains(t.id()) && blockersWillRun(t)) {
                    store.requeue(t.id(), "pending again: the tasks it waits for ("
                            + t.blockedBy().stream().map(id -> "#" + id).collect(Collectors.joining(", "))
                            + ") run again");
                    changed = true;
                }
            }
        }
    }

    private boolean blockersWillRun(Task t) {
        return t.blockedBy().stream().map(store::task)
                .allMatch(b -> b.status() == TaskStatus.PENDING || b.status() == TaskStatus.IN_PROGRESS
                        || b.status() == TaskStatus.COMPLETED);
    }
}
