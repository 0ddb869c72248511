package dev.longtask.agent;

import java.util.HashMap;
import java.util.Map;

/**
 * Shows an identical tool result only once (×N de-duplication): a repeat is replaced by a pointer
 * to the step that showed it and the count, so polling the same thing does not fill the context. After a
 * compaction the earlier copy may be gone, so the memory is reset and the next repeat is shown in full.
 */
final class ResultDeduper {
    /** A repeat this short is shown with its count; pointing back would be no shorter. */
    static final int SHORT = 200;

    /**
     * A result as the tool, whether it was an error, and its text: the text is the one the conversation holds until a
     * compaction resets this, so keeping it costs nothing, and comparing it is exact and cheaper than a digest of it.
     */
    private record Result(String tool, boolean error, String content) {
    }

    private record Seen(int step, int times) {
    }

    private final Map<Result, Seen> seen = new HashMap<>();

    String show(String tool, String content, boolean error, int step) {
        Result key = new Result(tool, error, content);
        Seen before = seen.get(key);
        if (before == null) {
            seen.put(key, new Seen(step, 1));
            return content;
        }
        Seen now = new Seen(before.step(), before.times() + 1);
        seen.put(key, now);
        if (content.length() <= SHORT) {
            return content + " (×" + now.times() + ")";
        }
        return "[identical to the " + tool + " result shown at step " + now.step() + "; not repeated (×"
                + now.times() + "). Repeating the call will not change it: do something else.]";
    }

    void reset() {
        seen.clear();
    }
}
