package dev.longtask.tools;

/** A mistake in a tool call that the model can fix (a missing argument, a file that is not there); becomes a tool error. */
final class ToolMistake extends RuntimeException {
    ToolMistake(String message) {
        super(message, null, false, false);
    }
}
