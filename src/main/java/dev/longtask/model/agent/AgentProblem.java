package dev.longtask.model.agent;

/**
 * Something wrong with one definition file: the file (a path, or "built-in:NAME"), the field at fault
 * ("yaml", "name", "tools", ...) and what to do about it. {@code skipped} tells whether the definition was
 * left out; a definition with only warnings is still used.
 */
public record AgentProblem(String file, String field, String message, boolean skipped) {

    @Override
    public String toString() {
        return file + ": " + field + ": " + message + (skipped ? " (definition skipped)" : "");
    }
}
