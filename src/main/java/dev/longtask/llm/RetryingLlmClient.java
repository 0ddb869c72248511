package dev.longtask.llm;

import dev.longtask.model.llm.ChatRequest;
import dev.longtask.model.llm.ChatResponse;
import dev.longtask.model.llm.LlmClient;
import dev.longtask.model.llm.LlmException;
import java.time.Duration;
import java.util.function.DoubleSupplier;
import java.util.function.LongSupplier;

/**
 * Retries what may succeed later (429, 408, 5xx, 529, connection failures and timeouts) with exponential
 * backoff and full jitter, or exactly the wait the provider asked for with Retry-After; bounded by attempts
 * and by total waiting. Everything else fails at once. Every attempt is reported to the listener.
 */
final class RetryingLlmClient implements LlmClient {
    private final LlmClient inner;
    private final RetryPolicy policy;
    private final AttemptListener listener;
    private final Sleeper sleeper;
    private final DoubleSupplier jitter;
    private final LongSupplier nanoTime;

    RetryingLlmClient(LlmClient inner, RetryPolicy policy, AttemptListener listener, Sleeper sleeper,
                      DoubleSupplier jitter, LongSupplier nanoTime) {
        this.inner = inner;
        this.policy = policy;
        this.listener = listener;
        this.sleeper = sleeper;
        this.jitter = jitter;
        this.nanoTime = nanoTime;
    }

    @Override
    public ChatResponse chat(ChatRequest request) {
        Duration waited = Duration.ZERO;
        for (int attempt = 1; ; attempt++) {
            long start = nanoTime.getAsLong();
            ChatResponse response;
            try {
                response = inner.chat(request);
            } catch (LlmInterruptedException e) {
                throw e;
            } catch (LlmException e) {
                Duration wait = nextWait(e, attempt, waited);
                listener.attemptFailed(new AttemptListener.Failure(modelSpec(), attempt, e.status(), e.getMessage(),
                        wait, since(start)));
                if (wait == null) {
                    throw givenUp(e, attempt, waited);
                }
                sleep(wait, e);
                waited = waited.plus(wait);
                continue;
            }
            listener.callSucceeded(new AttemptListener.Success(modelSpec(), attempt, response.usage(),
                    response.finishReason(), since(start)));
            return response;
        }
    }

    /** The wait before the next attempt, or null when there is none. */
    private Duration nextWait(LlmException e, int attempt, Duration waited) {
        if (!e.retryable() || attempt >= policy.maxAttempts()) {
            return null;
        }
        Duration wait = e.retryAfter() != null
                ? e.retryAfter()
                : Duration.ofMillis((long) (jitter.getAsDouble() * policy.ceiling(attempt).toMillis()));
        return waited.plus(wait).compareTo(policy.maxWait()) > 0 ? null : wait;
    }

    private LlmException givenUp(LlmException e, int attempts, Duration waited) {
        if (!e.retryable()) {
            return e;
        }
        String why = attempts >= policy.maxAttempts()
                ? "gave up after " + attempts + " attempts (" + policy.attemptsLimit() + ")"
                : e.retryAfter() != null
                ? "gave up: the provider asked to wait " + seconds(e.retryAfter()) + ", more than the "
                  + seconds(policy.maxWait().minus(waited)) + " left of " + policy.waitLimit()
                : "gave up after " + attempts + " attempts: " + policy.waitLimit() + " of " + seconds(policy.maxWait())
                  + " reached";
        return new LlmException(e.getMessage() + " (" + why + ")", e.status(), true, e.retryAfter(), e);
    }

    private void sleep(Duration wait, LlmException after) {
        try {
            sleeper.sleep(wait);
        } catch (InterruptedException ie) {
            Thread.currentThread().interrupt();
            throw new LlmInterruptedException("interrupted while waiting " + seconds(wait) + " to retry "
                    + modelSpec() + " after: " + after.getMessage(), ie);
        }
    }

    private Duration since(long start) {
        return Duration.ofNanos(nanoTime.getAsLong() - start);
    }

    private static String seconds(Duration d) {
        return d.toMillis() % 1000 == 0 ? d.toSeconds() + "s" : String.format(java.util.Locale.ROOT, "%.1fs",
                d.toMillis() / 1000.0);
    }

    @Override
    public String modelSpec() {
        return inner.modelSpec();
    }

    @Override
    public int contextWindowTokens() {
        return inner.contextWindowTokens();
    }
}
