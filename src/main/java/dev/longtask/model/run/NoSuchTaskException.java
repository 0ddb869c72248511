package dev.longtask.model.run;

/** A task id that the run's graph does not have. */
public final class NoSuchTaskException extends StoreException {
    private final int taskId;

    public NoSuchTaskException(int taskId, int taskCount) {
        super("no task " + taskId + " in this run (its ids are "
                + (taskCount == 0 ? "none yet" : "1.." + taskCount) + ")");
        this.taskId = taskId;
    }

    public int taskId() {
        return taskId;
    }
}
