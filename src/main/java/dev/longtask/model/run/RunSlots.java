package dev.longtask.model.run;

/**
 * Places for runs at work, shared by every server of a store ({@code serve --max-runs}): a server takes one before it
 * starts a run of its pool and gives it back when the run's session ends. The file store is one server's, whose pool
 * counts its own runs, so its places never run out; a database's are counted in the database, across servers.
 */
public interface RunSlots extends AutoCloseable {
    /** Places that never run out: the pool's own count is the limit. */
    RunSlots UNLIMITED = new RunSlots() {
        @Override
        public boolean tryTake(String runId) {
            return true;
        }

        @Override
        public void release(String runId) {
        }

        @Override
        public void close() {
        }
    };

    /**
     * Takes a place for {@code runId}; false when every place is taken (by this server or others).
     *
     * @throws StoreException when the store cannot be reached
     */
    boolean tryTake(String runId);

    /** Gives back the place of {@code runId}, if it holds one. */
    void release(String runId);

    @Override
    void close();
}
