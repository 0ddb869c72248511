package dev.longtask.model.llm;

import dev.longtask.model.LongtaskException;
import java.time.Duration;

/**
 * A model call that failed. {@code status} is the HTTP status when there was one (0 otherwise);
 * the message carries the provider's own words. {@code retryAfter} is the wait the provider asked for
 * (Retry-After), or null.
 */
public class LlmException extends LongtaskException {
    private final int status;
    private final boolean retryable;
    private final Duration retryAfter;

    public LlmException(String message, int status, boolean retryable, Throwable cause) {
        this(message, status, retryable, null, cause);
    }

    public LlmException(String message, int status, boolean retryable, Duration retryAfter, Throwable cause) {
        super(message, cause);
        this.status = status;
        this.retryable = retryable;
        this.retryAfter = retryAfter;
    }

    public int status() {
        return status;
    }

    public boolean retryable() {
        return retryable;
    }

    /** The wait the provider asked for before trying again, or null when it did not say. */
    public Duration retryAfter() {
        return retryAfter;
    }
}
