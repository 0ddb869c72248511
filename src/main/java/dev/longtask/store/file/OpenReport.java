package dev.longtask.store.file;

import java.util.List;

/**
 * What opening a run for writing found and repaired, so the caller can tell the user.
 *
 * @param tornBytesCut        bytes of a torn last line of events.jsonl that were cut off (0: none)
 * @param checkpoint          the checkpoint the state was loaded from, or null for a full replay
 * @param checkpointsSkipped  checkpoints that failed verification, with the reason (renamed to *.bad)
 * @param eventsReplayed      events applied after the checkpoint
 * @param filesRepaired       projections rewritten because they disagreed with the log, temp files removed
 */
public record OpenReport(long tornBytesCut, String checkpoint, List<String> checkpointsSkipped, long eventsReplayed,
                         List<String> filesRepaired) {

    public OpenReport {
        checkpointsSkipped = List.copyOf(checkpointsSkipped);
        filesRepaired = List.copyOf(filesRepaired);
    }

    static OpenReport fresh() {
        return new OpenReport(0, null, List.of(), 0, List.of());
    }

    /** What was repaired, one line each, in words for a person; empty when the open was clean. */
    public List<String> lines() {
        List<String> lines = new java.util.ArrayList<>();
        if (tornBytesCut > 0) {
            lines.add("cut a torn last line of " + tornBytesCut + " bytes from events.jsonl");
        }
        checkpointsSkipped.forEach(skipped -> lines.add("skipped checkpoint " + skipped));
        if (!filesRepaired.isEmpty()) {
            lines.add("rebuilt from the log: " + String.join(", ", filesRepaired));
        }
        return lines;
    }

    /** True when the open found the directory exactly as the log implies. */
    public boolean clean() {
        return tornBytesCut == 0 && checkpointsSkipped.isEmpty() && filesRepaired.isEmpty();
    }
}
