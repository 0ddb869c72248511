package dev.longtask.server;

/** What the rest of the server hears from the {@link Pool}. */
interface PoolListener {
    /** A run was submitted (it exists on disk, queued). */
    default void submitted(PoolEntry entry) {
    }

    /** A failed run was put back in the queue for another try. */
    default void retried(PoolEntry entry) {
    }

    /** The last session ended and no run waits: nothing runs until the next submission or resume. */
    default void idle() {
    }
}
