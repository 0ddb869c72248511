package dev.longtask.tools.mcp;

/**
 * An MCP server could not be reached, did not answer in time, died, or refused a request; the message says which and
 * what to do. {@link #serverBroken()} tells whether the server must be started again before the next call.
 */
final class McpServerException extends RuntimeException {
    private final boolean serverBroken;

    McpServerException(String message) {
        this(message, null, true);
    }

    McpServerException(String message, Throwable cause) {
        this(message, cause, true);
    }

    McpServerException(String message, Throwable cause, boolean serverBroken) {
        super(message, cause);
        this.serverBroken = serverBroken;
    }

    boolean serverBroken() {
        return serverBroken;
    }
}
