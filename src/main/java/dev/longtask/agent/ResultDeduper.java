package dev.longtask.agent;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.Map;

/**
 * Shows an identical tool result only once (×N de-duplication): a repeat is replaced by a pointer
 * to the step that showed it and the count, so polling the same thing does not fill the context. After a
 * compaction the earlier copy may be gone, so the memory is reset and the next repeat is shown in full.
 */
final class ResultDeduper {
    /** A repeat this short is shown with its count; pointing back would be no shorter. */
    static final int SHORT = 200;

    private record Seen(int step, int times) {
    }

    private final Map<String, Seen> seen = new HashMap<>();
    /** One per deduper (a task's): finding the algorithm again for every result cost more than the hash. */
    private final MessageDigest sha256;

    ResultDeduper() {
        try {
            sha256 = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
        }
    }

    String show(String tool, String content, boolean error, int step) {
        String key = digest(tool + '\u0000' + error + '\u0000' + content);
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

    private String digest(String text) {
        return HexFormat.of().formatHex(sha256.digest(text.getBytes(StandardCharsets.UTF_8)));
    }
}
