package dev.longtask.llm;

import dev.longtask.model.Usage;
import dev.longtask.model.llm.LlmClient;
import java.time.Duration;

/**
 * Sees every attempt of every model call, for the run's log: a {@link Success} per answered call
 * ({@code llm.call}) and a {@link Failure} per failed attempt ({@code llm.retry}). Called on the thread that
 * called {@link LlmClient#chat}; an exception thrown here ends the call.
 */
public interface AttemptListener {

    AttemptListener NONE = new AttemptListener() {
    };

    /** One attempt failed. A {@link Failure#retryIn()} of null means no retry follows and the call fails. */
    default void attemptFailed(Failure failure) {
    }

    /** A call was answered; {@code usage} is this attempt's usage, priced when the price is known. */
    default void callSucceeded(Success success) {
    }

    /**
     * @param attempt  1 for the first try
     * @param status   HTTP status, 0 when there was none (connection failure, timeout)
     * @param error    the provider's message
     * @param retryIn  the wait before the next attempt, or null when the call gives up
     * @param duration how long the failed attempt took
     */
    record Failure(String model, int attempt, int status, String error, Duration retryIn, Duration duration) {
        public boolean willRetry() {
            return retryIn != null;
        }
    }

    /** @param attempt which attempt succeeded (1 when no retry was needed) */
    record Success(String model, int attempt, Usage usage, String finishReason, Duration duration) {
    }
}
