package dev.longtask.model.run;

import java.nio.file.Path;

/** The workspace has no run of that id (or no runs at all). */
public final class NoSuchRunException extends StoreException {
    private final String runId;

    public NoSuchRunException(String runId, Path runsDirectory) {
        super("no run '" + runId + "' in " + runsDirectory + " (see `longtask runs`)");
        this.runId = runId;
    }

    /** A run missing from a store that is not a directory (a database): {@code where} names it. */
    public NoSuchRunException(String runId, String where) {
        super("no run '" + runId + "' in " + where + " (see `longtask runs`)");
        this.runId = runId;
    }

    public String runId() {
        return runId;
    }
}
