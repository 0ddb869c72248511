package dev.longtask.agent;

import dev.longtask.model.EventData;
import dev.longtask.model.Task;
import dev.longtask.store.RunStore;
import dev.longtask.tools.undo.Checkpoints;
import java.io.IOException;
import java.util.List;

/**
 * Brackets an attempt of a task with its checkpoints: before the attempt's first model call, the task's earlier
 * changes are undone (a retry starts from the workspace as the task found it) and the workspace recorded; when it
 * ends, what it changed. What was undone and what changed are events. A checkpoint that cannot be written is an
 * error in the plan's record, never a failure of the task.
 */
final class TaskCheckpoints {
    private final RunStore store;
    private final Checkpoints checkpoints;

    TaskCheckpoints(RunStore store, Checkpoints checkpoints) {
        this.store = store;
        this.checkpoints = checkpoints;
    }

    void begin(Task task) {
        if (!checkpoints.on()) {
            return;
        }
        Uninterrupted.run(() -> {
            try {
                Checkpoints.Undone undone = checkpoints.startAttempt(task.id(), task.attempts());
                if (!undone.isEmpty()) {
                    store.append(task.id(), new EventData.TaskUndone("retry", undone.restored(), undone.kept()));
                }
            } catch (IOException | RuntimeException e) {
                store.append(task.id(), new EventData.ErrorRecorded("task #" + task.id() + ": its earlier changes "
                        + "could not be undone or its start recorded (" + e.getMessage() + ")"));
            }
        });
    }

    void end(Task task) {
        if (!checkpoints.on()) {
            return;
        }
        Uninterrupted.run(() -> {
            try {
                List<EventData.FileChange> files = checkpoints.endAttempt(task.id()).stream()
                        .map(c -> new EventData.FileChange(c.path(), c.kind())).toList();
                store.append(task.id(), new EventData.TaskChanges(task.attempts(), files));
            } catch (IOException | RuntimeException e) {
                store.append(task.id(), new EventData.ErrorRecorded("task #" + task.id() + ": its changes could "
                        + "not be recorded (" + e.getMessage() + ")"));
            }
        });
    }
}
