package dev.longtask.api;

import dev.longtask.model.Usage;
import java.time.Duration;

/**
 * What one tiny request to a model showed ({@link Longtask#checkModel}): its answer, or why it failed and what to do.
 *
 * @param answer the model's reply, stripped; null when the request failed
 * @param usage  the tokens the request took; null when it failed
 * @param took   how long the request took, retries included
 * @param error  why the request failed; null when it succeeded
 * @param advice one line saying what to do about the failure; null when it succeeded
 */
public record ModelCheck(String answer, Usage usage, Duration took, String error, String advice) {

    /** Whether the model answered. */
    public boolean answered() {
        return error == null;
    }

    /**
     * A failed attempt the check tries again after {@code retryIn}.
     *
     * @param attempt which attempt failed (1 for the first)
     * @param error   why it failed
     */
    public record Retry(int attempt, String error, Duration retryIn) {
    }
}
