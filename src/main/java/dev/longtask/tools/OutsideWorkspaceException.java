package dev.longtask.tools;

/**
 * A path a tool may not touch: it leads outside the workspace by "..", an absolute path or a symlink, or it is no
 * usable path at all. Tools turn it into a {@link ToolResult#error}; it reaches code outside the tools only from
 * {@link Workspace#resolveInside} called directly.
 */
public final class OutsideWorkspaceException extends RuntimeException {
    public OutsideWorkspaceException(String path, String why) {
        super("refused path '" + path + "': " + why);
    }
}
