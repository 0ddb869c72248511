package dev.longtask.model.run;

/**
 * A write about a task that the writer no longer holds: its lease lapsed or a newer attempt claimed the task, and the
 * database refused the write because the attempt number it carried (its fencing token) is stale. The task is
 * someone else's now; the writer must drop it.
 */
public final class FencedException extends StoreException {
    public FencedException(String message, Throwable cause) {
        super(message, cause);
    }
}
