package dev.longtask.llm;

/**
 * A model call that failed. {@code status} is the HTTP status when there was one (0 otherwise);
 * the message carries the provider's own words.
 */
public class LlmException extends RuntimeException {
    private final int status;
    private final boolean retryable;

    public LlmException(String message, int status, boolean retryable, Throwable cause) {
        super(message, cause);
        this.status = status;
        this.retryable = retryable;
    }

    public int status() {
        return status;
    }

    public boolean retryable() {
        return retryable;
    }
}
