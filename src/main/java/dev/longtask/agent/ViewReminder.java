package dev.longtask.agent;

import java.util.Set;

/**
 * The note reminder: once the view actions (read, glob, grep, ls) since the agent last called {@code note} have
 * shown it {@code chars} characters or more, it is told to record what it learned, so knowledge lands on disk
 * (findings.md) before it can be lost to compaction or a crash. Counting what was read rather than the actions
 * leaves a few short reads alone and still reminds an agent that reads a few long files. Reading the run's own
 * planning files does not count.
 */
final class ViewReminder {
    static final Set<String> VIEW_TOOLS = Set.of("read", "glob", "grep", "ls");

    private final int chars;
    private long since;

    ViewReminder(int chars) {
        this.chars = chars;
    }

    /**
     * The reminder to append to this call's result, or null. {@code shown} is what the call showed the model; a
     * failed call showed nothing, so it does not count.
     */
    String after(String tool, String path, boolean error, String shown) {
        if (tool.equals(NoteTool.NAME) && !error) {
            since = 0;
            return null;
        }
        if (error || !VIEW_TOOLS.contains(tool) || (path != null && path.replace('\\', '/').contains(".longtask/"))) {
            return null;
        }
        since += shown.length();
        if (since < chars) {
            return null;
        }
        since = 0;
        return "[reminder] You have read a good deal since you last recorded anything. Call note now with what you "
                + "learned (facts, with file paths and line numbers), then go on. Notes go to the run's findings and "
                + "survive if this conversation is compacted.";
    }
}
