package dev.longtask.tools;

/** A path that leads outside the workspace, by "..", an absolute path or a symlink. */
public final class OutsideWorkspaceException extends RuntimeException {
    public OutsideWorkspaceException(String path, String why) {
        super("refused path '" + path + "': " + why);
    }
}
