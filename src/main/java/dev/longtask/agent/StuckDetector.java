package dev.longtask.agent;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * Stops a task that keeps making the same call for the same result with nothing changing in between.
 * A successful call that changes something (a write, an edit, a note, a task-graph change) that was not made
 * before counts as progress and clears the counts.
 */
final class StuckDetector {
    static final Set<String> CHANGING = Set.of("write", "edit", "task_create", "task_update", NoteTool.NAME);

    private final int limit;
    private final Map<String, Integer> counts = new HashMap<>();

    StuckDetector(int limit) {
        this.limit = limit;
    }

    /** Records a call and its result; true when it has now been repeated {@code limit} times without progress. */
    boolean record(String tool, String canonicalArgs, String result, boolean error) {
        String signature = tool + '\u0000' + canonicalArgs + '\u0000' + error + '\u0000' + result;
        int count = counts.merge(signature, 1, Integer::sum);
        if (count == 1 && !error && CHANGING.contains(tool)) {
            counts.clear();
            counts.put(signature, 1);
        }
        return count >= limit;
    }
}
