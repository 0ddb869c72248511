package dev.longtask.tools;

/** What goes back to the model: text, and whether it reports a failure. */
public record ToolResult(String content, boolean error) {
    public static ToolResult ok(String content) {
        return new ToolResult(content, false);
    }

    public static ToolResult error(String message) {
        return new ToolResult(message, true);
    }
}
