package dev.longtask.llm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.longtask.model.Usage;
import dev.longtask.model.llm.ChatMessage;
import dev.longtask.model.llm.ChatRequest;
import dev.longtask.model.llm.ChatResponse;
import dev.longtask.model.llm.LlmClient;
import dev.longtask.model.llm.LlmException;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class RetryingLlmClientTest {
    private static final ChatResponse OK = new ChatResponse(new ChatMessage.Assistant("done", List.of()),
            Usage.unpriced(10, 2, 0, 0), "stop");

    private final List<Duration> waits = new ArrayList<>();
    private final Wire.Attempts attempts = new Wire.Attempts();
    private final AtomicLong clock = new AtomicLong();

    /** Fails with the given exceptions in turn, then answers. */
    private static final class Scripted implements LlmClient {
        final Deque<LlmException> failures;
        final AtomicInteger calls = new AtomicInteger();

        Scripted(LlmException... failures) {
            this.failures = new ArrayDeque<>(List.of(failures));
        }

        @Override
        public ChatResponse chat(ChatRequest request) {
            calls.incrementAndGet();
            LlmException next = failures.poll();
            if (next != null) {
                throw next;
            }
            return OK;
        }

        @Override
        public String modelSpec() {
            return "anthropic:claude-sonnet-4-5";
        }

        @Override
        public int contextWindowTokens() {
            return 200_000;
        }
    }

    private RetryingLlmClient retrying(LlmClient inner, RetryPolicy policy, double jitter) {
        return new RetryingLlmClient(inner, policy, attempts, waits::add, () -> jitter,
                () -> clock.addAndGet(1_000_000));
    }

    private static LlmException status(int status) {
        return new LlmException("HTTP " + status, status, ProviderErrors.retryable(status), null);
    }

    @Test
    void backoffGrowsExponentiallyWithFullJitterUpToTheCap() {
        Scripted inner = new Scripted(status(503), status(503), status(503), status(503), status(503));
        RetryPolicy policy = new RetryPolicy(6, Duration.ofMinutes(10), Duration.ofSeconds(1), Duration.ofSeconds(5));

        assertThat(retrying(inner, policy, 0.5).chat(Wire.simple("x"))).isEqualTo(OK);

        // ceilings 1s, 2s, 4s, 5s (capped), 5s; jitter 0.5 takes half of each
        assertThat(waits).containsExactly(Duration.ofMillis(500), Duration.ofMillis(1000), Duration.ofMillis(2000),
                Duration.ofMillis(2500), Duration.ofMillis(2500));
        assertThat(inner.calls).hasValue(6);
        assertThat(attempts.failures).extracting(AttemptListener.Failure::attempt).containsExactly(1, 2, 3, 4, 5);
        assertThat(attempts.successes).singleElement().satisfies(s -> {
            assertThat(s.attempt()).isEqualTo(6);
            assertThat(s.duration()).isEqualTo(Duration.ofMillis(1));
        });
    }

    @Test
    void retryAfterIsUsedInsteadOfBackoff() {
        LlmException limited = new LlmException("rate limited", 429, true, Duration.ofSeconds(7), null);
        Scripted inner = new Scripted(limited);

        retrying(inner, RetryPolicy.of(3, Duration.ofMinutes(1)), 0.0).chat(Wire.simple("x"));

        assertThat(waits).containsExactly(Duration.ofSeconds(7));
        assertThat(attempts.failures.get(0).retryIn()).isEqualTo(Duration.ofSeconds(7));
    }

    @Test
    void givesUpAfterMaxAttemptsAndSaysSo() {
        Scripted inner = new Scripted(status(500), status(500), status(500));
        RetryingLlmClient client = retrying(inner, RetryPolicy.of(3, Duration.ofMinutes(1)), 0.1);

        assertThatThrownBy(() -> client.chat(Wire.simple("x")))
                .isInstanceOfSatisfying(LlmException.class, e -> {
                    assertThat(e.getMessage()).isEqualTo("HTTP 500 (gave up after 3 attempts (retry.max_attempts))");
                    assertThat(e.retryable()).isTrue();
                    assertThat(e.status()).isEqualTo(500);
                });
        assertThat(inner.calls).hasValue(3);
        assertThat(waits).hasSize(2);
        assertThat(attempts.failures.get(2).willRetry()).isFalse();
    }

    @Test
    void givesUpWhenTheProviderAsksForMoreThanTheWaitLeft() {
        LlmException limited = new LlmException("rate limited", 429, true, Duration.ofSeconds(90), null);
        Scripted inner = new Scripted(limited);
        RetryingLlmClient client = retrying(inner, RetryPolicy.of(6, Duration.ofSeconds(30)), 0.5);

        assertThatThrownBy(() -> client.chat(Wire.simple("x")))
                .hasMessage("rate limited (gave up: the provider asked to wait 90s, more than the 30s left of "
                        + "retry.max_wait)");
        assertThat(waits).isEmpty();
        assertThat(inner.calls).hasValue(1);
    }

    @Test
    void totalWaitIsBounded() {
        Scripted inner = new Scripted(status(502), status(502), status(502), status(502));
        RetryPolicy policy = new RetryPolicy(10, Duration.ofSeconds(3), Duration.ofSeconds(1), Duration.ofSeconds(60));

        assertThatThrownBy(() -> retrying(inner, policy, 1.0).chat(Wire.simple("x")))
                .hasMessageContaining("retry.max_wait of 3s reached");
        // 1s + 2s = 3s fits; the next 4s would not
        assertThat(waits).containsExactly(Duration.ofSeconds(1), Duration.ofSeconds(2));
    }

    @Test
    void clientErrorsAreNotRetried() {
        for (int s : new int[] {400, 401, 403, 404}) {
            Scripted inner = new Scripted(status(s));
            LlmException original = inner.failures.peek();
            assertThatThrownBy(() -> retrying(inner, RetryPolicy.of(6, Duration.ofMinutes(1)), 0.5)
                    .chat(Wire.simple("x"))).isSameAs(original);
            assertThat(inner.calls).hasValue(1);
        }
        assertThat(waits).isEmpty();
    }

    @Test
    void retryableStatusesAreTheTransientOnes() {
        assertThat(List.of(408, 409, 429, 500, 502, 503, 504, 529)).allMatch(ProviderErrors::retryable);
        assertThat(List.of(400, 401, 403, 404, 413, 422)).noneMatch(ProviderErrors::retryable);
    }

    @Test
    void interruptEndsTheWaitPromptlyWithADistinctException() throws Exception {
        LlmException limited = new LlmException("rate limited", 429, true, Duration.ofMinutes(5), null);
        CountDownLatch waiting = new CountDownLatch(1);
        Sleeper sleeper = d -> {
            waiting.countDown();
            Sleeper.REAL.sleep(d);
        };
        RetryingLlmClient client = new RetryingLlmClient(new Scripted(limited), RetryPolicy.of(3, Duration.ofHours(1)),
                attempts, sleeper, () -> 0.5, System::nanoTime);
        CompletableFuture<Throwable> outcome = new CompletableFuture<>();
        Thread worker = new Thread(() -> {
            try {
                client.chat(Wire.simple("x"));
                outcome.complete(null);
            } catch (Throwable t) {
                outcome.complete(Thread.currentThread().isInterrupted() ? t : new AssertionError("flag lost", t));
            }
        });
        worker.start();
        assertThat(waiting.await(60, TimeUnit.SECONDS)).isTrue();
        long start = System.nanoTime();
        worker.interrupt();

        Throwable thrown = outcome.get(60, TimeUnit.SECONDS);
        assertThat(TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start)).as("far less than the 300 s wait").isLessThan(60);
        assertThat(thrown).isInstanceOf(LlmInterruptedException.class)
                .hasMessageContaining("interrupted while waiting 300s to retry anthropic:claude-sonnet-4-5");
    }
}
