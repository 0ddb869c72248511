package dev.longtask.store;

import java.nio.file.Path;

/** The workspace has no run of that id (or no runs at all). */
public final class NoSuchRunException extends StoreException {
    private final String runId;

    public NoSuchRunException(String runId, Path runsDirectory) {
        super("no run '" + runId + "' in " + runsDirectory + " (see `longtask runs`)");
        this.runId = runId;
    }

    public String runId() {
        return runId;
    }
}
