package dev.longtask.llm;

import java.time.Duration;

/**
 * How hard to retry: at most {@code maxAttempts} tries, at most {@code maxWait} spent waiting in all, and
 * exponential backoff with full jitter from {@code baseDelay}, each wait capped at {@code maxDelay} unless
 * the provider asked for longer with Retry-After. {@code limitedBy} names who set the limits when not the settings
 * {@code retry.max_attempts} and {@code retry.max_wait} (doctor's quick check), so a message names the real limit.
 */
record RetryPolicy(int maxAttempts, Duration maxWait, Duration baseDelay, Duration maxDelay, String limitedBy) {
    static final Duration BASE_DELAY = Duration.ofSeconds(1);
    static final Duration MAX_DELAY = Duration.ofSeconds(60);

    RetryPolicy {
        if (maxAttempts < 1) {
            throw new IllegalArgumentException("maxAttempts must be at least 1");
        }
    }

    RetryPolicy(int maxAttempts, Duration maxWait, Duration baseDelay, Duration maxDelay) {
        this(maxAttempts, maxWait, baseDelay, maxDelay, null);
    }

    /** What stopped the attempts, for a message: "retry.max_attempts", or who set a limit of its own. */
    String attemptsLimit() {
        return limitedBy == null ? "retry.max_attempts" : "the most " + limitedBy + " tries; a run tries up to"
                + " retry.max_attempts";
    }

    /** The name of the waiting limit, for a message. */
    String waitLimit() {
        return limitedBy == null ? "retry.max_wait" : limitedBy + "'s wait limit";
    }

    static RetryPolicy of(int maxAttempts, Duration maxWait) {
        return new RetryPolicy(maxAttempts, maxWait, BASE_DELAY, MAX_DELAY);
    }

    /** The backoff ceiling before the {@code attempt}-th retry: base * 2^(attempt-1), capped. */
    Duration ceiling(int attempt) {
        long base = baseDelay.toMillis();
        long ceiling = attempt >= 31 ? Long.MAX_VALUE : base << Math.max(0, attempt - 1);
        return Duration.ofMillis(Math.min(ceiling < 0 ? Long.MAX_VALUE : ceiling, maxDelay.toMillis()));
    }
}
