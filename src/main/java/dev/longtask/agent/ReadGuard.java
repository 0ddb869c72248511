package dev.longtask.agent;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * Refuses reading one path over and over (the repeated-read guardrail of docs/agents.md). After {@code allowed}
 * reads of a path, a further read is refused unless it asks for a range (offset/limit) not read before: the hint points
 * the model at grep or at such a range, which is what it should do with a file it cannot keep in mind.
 */
final class ReadGuard {
    private final int allowed;
    private final Map<String, Integer> reads = new HashMap<>();
    private final Map<String, Set<String>> ranges = new HashMap<>();

    ReadGuard(int allowed) {
        this.allowed = allowed;
    }

    /** Null when the read may go ahead, else the refusal for the model. */
    String check(String path, JsonNode args) {
        int count = reads.getOrDefault(path, 0);
        if (count < allowed) {
            return null;
        }
        String range = range(args);
        if (range != null && !ranges.getOrDefault(path, Set.of()).contains(range)) {
            return null;
        }
        return "refused: you have already read " + path + " " + count + " times in this task. Do not read it "
                + "whole again: use grep with a pattern (and path " + path + ") to find the lines you need, or read "
                + "a range you have not read yet with offset and limit. Record what you learned with note.";
    }

    /** Forgets every read: after a compaction the model no longer has what they showed. */
    void reset() {
        reads.clear();
        ranges.clear();
    }

    /** Counts a read that went ahead. */
    void record(String path, JsonNode args) {
        reads.merge(path, 1, Integer::sum);
        String range = range(args);
        ranges.computeIfAbsent(path, p -> new HashSet<>()).add(range == null ? "whole" : range);
    }

    private static String range(JsonNode args) {
        JsonNode offset = args.get("offset");
        JsonNode limit = args.get("limit");
        if ((offset == null || offset.isNull()) && (limit == null || limit.isNull())) {
            return null;
        }
        return (offset == null ? "" : offset.asText()) + ":" + (limit == null ? "" : limit.asText());
    }
}
