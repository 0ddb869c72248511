package dev.longtask.model.run;

/** A run of a shared store works on a workspace this machine cannot see (or cannot write) at the same path. */
public final class UnreachableWorkspaceException extends StoreException {
    public UnreachableWorkspaceException(String message, Throwable cause) {
        super(message, cause);
    }
}
