package dev.longtask.server;

import java.time.Duration;

/**
 * How the pool retries a run that failed ({@code serve --retries N --retry-delay D}): up to {@code max} times, the
 * first after {@code firstDelay}, each later one after twice the wait before it (at most {@link #LONGEST}), so a cause
 * that needs time to pass (a rate limit, a service that restarts) gets it. A retry is a resume of the failed run: its
 * failed tasks run again.
 */
record PoolRetries(int max, Duration firstDelay) {
    /** The longest wait between two attempts. */
    static final Duration LONGEST = Duration.ofMinutes(30);

    PoolRetries {
        if (max < 0) {
            throw new IllegalArgumentException("--retries must be 0 or more, got " + max);
        }
        if (firstDelay.isNegative()) {
            throw new IllegalArgumentException("--retry-delay must not be negative, got " + firstDelay);
        }
    }

    /** The wait before retry number {@code retry} (1 for the first). */
    Duration delayBefore(int retry) {
        Duration wait = firstDelay;
        for (int i = 1; i < retry && wait.compareTo(LONGEST) < 0; i++) {
            wait = wait.multipliedBy(2);
        }
        return wait.compareTo(LONGEST) > 0 ? LONGEST : wait;
    }
}
