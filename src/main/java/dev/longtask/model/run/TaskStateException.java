package dev.longtask.model.run;

import dev.longtask.model.TaskStatus;

/** The task's status does not allow what was asked (complete a cancelled task, add a blocker to a running one). */
public final class TaskStateException extends StoreException {
    private final int taskId;
    private final TaskStatus status;

    public TaskStateException(int taskId, TaskStatus status, String refusal) {
        super("task " + taskId + " is " + status.wire() + ": " + refusal);
        this.taskId = taskId;
        this.status = status;
    }

    public int taskId() {
        return taskId;
    }

    public TaskStatus status() {
        return status;
    }
}
