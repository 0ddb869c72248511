package dev.longtask.cli;

import dev.longtask.model.Counts;
import dev.longtask.engine.ProgressSnapshot;

/** The run's figures as the views and `status` print them, in one place so they always agree. */
final class Figures {
    private Figures() {
    }

    /** @param eta the ETA as it is to be shown */
    static String counts(ProgressSnapshot s, String eta) {
        return String.format("%d/%d done, %d failed, %d running, %d pending | ETA %s | tokens %s in, %s out | cost %s",
                s.completed(), s.total(), s.failed(), s.running(), s.pending(), eta,
                Counts.compact(s.usage().inputTokens()), Counts.compact(s.usage().outputTokens()), s.usage().costText());
    }

    static String bar(double percent, int width) {
        int filled = (int) Math.round(percent / 100.0 * width);
        return "[" + "#".repeat(Math.max(0, Math.min(width, filled))) + "-".repeat(Math.max(0, width - filled)) + "]";
    }
}
