package dev.longtask.store;

import dev.longtask.model.LongtaskException;

/** A failure of the run store whose message names what is wrong (the run, the file, the task) and what to do. */
public class StoreException extends LongtaskException {
    public StoreException(String message) {
        super(message);
    }

    public StoreException(String message, Throwable cause) {
        super(message, cause);
    }
}
