package dev.longtask.cli.view;

import dev.longtask.model.plan.ProgressSnapshot;
import dev.longtask.model.Counts;
import dev.longtask.model.Usage;

/** The run's figures as the views and `status` print them, in one place so they always agree. */
public final class Figures {
    private Figures() {
    }

    /**
     * @param eta    the ETA as it is to be shown
     * @param priced whether the run's model has a price: without one the cost is unknown from the start, not $0
     */
    static String counts(ProgressSnapshot s, String eta, boolean priced) {
        return String.format("%d/%d done, %d failed, %d running, %d pending | ETA %s | tokens %s in, %s out | cost %s",
                s.completed(), s.total(), s.failed(), s.running(), s.pending(), eta,
                Counts.compact(s.usage().inputTokens()), Counts.compact(s.usage().outputTokens()), cost(s.usage(), priced));
    }

    /** The cost so far; "unknown" before the first call of a model that has no price, as after it. */
    static String cost(Usage usage, boolean priced) {
        return !priced && usage.unpricedCalls() == 0 && usage.costUsd().signum() == 0 ? "unknown" : usage.costText();
    }

    public static String bar(double percent, int width) {
        int filled = (int) Math.round(percent / 100.0 * width);
        return "[" + "#".repeat(Math.max(0, Math.min(width, filled))) + "-".repeat(Math.max(0, width - filled)) + "]";
    }
}
