package dev.longtask.llm;

import dev.longtask.model.llm.LlmException;

/**
 * The calling thread was interrupted while a model call was in flight or waiting to retry. The thread's
 * interrupt flag is set again when this is thrown, so the caller can treat it as a request to stop
 * (pause the run), not as a provider failure.
 */
public final class LlmInterruptedException extends LlmException {
    public LlmInterruptedException(String message, Throwable cause) {
        super(message, 0, false, cause);
    }
}
