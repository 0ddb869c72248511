package dev.longtask.model.run;

/** Another process (or another store in this one) has the run open for writing; one writer at a time. */
public final class RunLockedException extends StoreException {
    private final String runId;
    private final Long pid;

    public RunLockedException(String runId, Long pid, boolean sameProcess) {
        super("run " + runId + " is open for writing by "
                + (sameProcess ? "this process already" : pid == null ? "another process" : "process " + pid)
                + "; wait for it to finish or stop it (readers such as `longtask status` still work)");
        this.runId = runId;
        this.pid = pid;
    }

    public String runId() {
        return runId;
    }

    /** The pid the writer recorded in the lock file, or null if it is unknown. */
    public Long pid() {
        return pid;
    }
}
