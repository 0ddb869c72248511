package dev.longtask.agent;

import java.util.Set;

/**
 * The 2-action rule: after every {@code every} view actions (read, glob, grep, ls) without a note in
 * between, the agent is told to record what it learned with {@code note}, so knowledge lands on disk (findings.md)
 * before it can be lost to compaction or a crash. Reading the run's own planning files does not count.
 */
final class ViewReminder {
    static final Set<String> VIEW_TOOLS = Set.of("read", "glob", "grep", "ls");

    private final int every;
    private int since;

    ViewReminder(int every) {
        this.every = every;
    }

    /** The reminder to append to this call's result, or null. A failed call showed nothing, so it does not count. */
    String after(String tool, String path, boolean error) {
        if (tool.equals(NoteTool.NAME) && !error) {
            since = 0;
            return null;
        }
        if (error || !VIEW_TOOLS.contains(tool) || (path != null && path.replace('\\', '/').contains(".longtask/"))) {
            return null;
        }
        since++;
        if (since < every) {
            return null;
        }
        since = 0;
        return "[reminder] That makes " + every + " view actions since you last recorded anything. Call note now "
                + "with what you learned from them (facts, with file paths and line numbers), then go on. Notes go "
                + "to the run's findings and survive if this conversation is compacted.";
    }
}
