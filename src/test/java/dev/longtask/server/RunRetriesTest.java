package dev.longtask.server;

import static dev.longtask.testing.ScriptedModel.call;
import static dev.longtask.testing.ScriptedModel.decide;
import static dev.longtask.testing.ScriptedModel.report;
import static dev.longtask.testing.ScriptedModel.submitResult;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.longtask.model.Event;
import dev.longtask.model.EventType;
import dev.longtask.store.file.FileRunStore;
import dev.longtask.testing.EngineFixture;
import dev.longtask.testing.ScriptedModel;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Retries that retry, over real HTTP against a server: a run whose task fails on its first attempt and works on the
 * next completes through the pool's automatic retry and through {@code POST /api/runs/{id}/resume}, each the way
 * {@code longtask resume} carries a failed run; and {@code POST /api/runs/{id}/tasks/{n}/retry} runs a task and the
 * tasks that depend on it again. Every attempt is counted where it happens: at the scripted model.
 */
class RunRetriesTest {
    private static final Duration LIMIT = Duration.ofSeconds(120);

    @TempDir
    Path dir;

    /**
     * Plans "Prepare" -> "Build" -> "Ship" (each waits for the one before); the task named {@code flaky} fails on its
     * first attempt and works on the next, the others work at once. Its first attempt waits for {@link #gate}.
     */
    private static final class Chain {
        final String flaky;
        final CountDownLatch gate = new CountDownLatch(1);
        final CountDownLatch flakyStarted = new CountDownLatch(1);
        final Map<String, AtomicInteger> attempts = new ConcurrentHashMap<>();
        final ScriptedModel model = new ScriptedModel(this::answer);

        Chain(String flaky, boolean open) {
            this.flaky = flaky;
            if (open) {
                gate.countDown();
            }
        }

        int attempts(String subject) {
            AtomicInteger n = attempts.get(subject);
            return n == null ? 0 : n.get();
        }

        private dev.longtask.model.llm.ChatMessage.Assistant answer(ScriptedModel.Turn turn) {
            return switch (turn.role()) {
                case "planner" -> call("submit_plan", EngineFixture.plan(
                        EngineFixture.task("prepare", "Prepare", "general", List.of(), Map.of()),
                        EngineFixture.task("build", "Build", "general", List.of("prepare"), Map.of()),
                        EngineFixture.task("ship", "Ship", "general", List.of("build"), Map.of())));
                case "director" -> decide("continue", "the plan stands");
                case "synthesizer" -> report("Shipped", "# Shipped\n\nthe chain ran");
                default -> {
                    int attempt = attempts.computeIfAbsent(turn.subject(), s -> new AtomicInteger()).incrementAndGet();
                    if (!turn.subject().equals(flaky) || attempt > 1) {
                        yield submitResult(true, turn.subject() + " done");
                    }
                    flakyStarted.countDown();
                    try {
                        if (!gate.await(60, TimeUnit.SECONDS)) {
                            throw new IllegalStateException("the test never opened the gate");
                        }
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        throw new dev.longtask.llm.LlmInterruptedException("interrupted", e);
                    }
                    yield submitResult(false, turn.subject() + " failed: the disk was full");
                }
            };
        }
    }

    @Test
    void thePoolsRetryWaitsItsBackoffThenRetriesTheFailedTaskAndTheRunCompletes() {
        Chain chain = new Chain("Prepare", true);
        try (ServerFixture f = ServerFixture.start(dir, chain.model,
                o -> o.withRetries(1, Duration.ofMillis(300)))) {
            String run = f.submit("ship the chain", Map.of());

            awaitStatus(f, run, "completed");

            assertThat(chain.attempts("Prepare")).as("retried once").isEqualTo(2);
            assertThat(chain.attempts("Build")).isEqualTo(1);
            assertThat(chain.attempts("Ship")).isEqualTo(1);
            JsonNode pool = f.run(run).path("pool");
            assertThat(pool.path("retries").asInt()).isEqualTo(1);
            assertThat(pool.path("attempt").asInt()).isEqualTo(2);
            assertThat(pool.path("max_retries").asInt()).isEqualTo(1);
            List<Event> log = FileRunStore.events(f.workspace, run, 0);
            assertThat(log).filteredOn(e -> EventType.RUN_STATUS.equals(e.type())
                            && "queued".equals(e.data().path("status").asText()))
                    .anySatisfy(e -> assertThat(e.data().path("reason").asText())
                            .startsWith("retry 1 of 1 in 300ms after: "));
            assertThat(log).filteredOn(e -> EventType.TASK_REQUEUED.equals(e.type()))
                    .extracting(Event::task).as("the failed task, then the ones cancelled because of it")
                    .containsExactly(1, 2, 3);
            assertThat(log).filteredOn(e -> EventType.SESSION_STARTED.equals(e.type())).hasSize(2);
        }
    }

    @Test
    void withNoRetriesAFailedRunStaysFailedUntilTheResumeEndpointRetriesItsFailedTask() {
        Chain chain = new Chain("Prepare", true);
        try (ServerFixture f = ServerFixture.start(dir, chain.model, o -> o.withRetries(0, Duration.ZERO))) {
            String run = f.submit("ship the chain", Map.of());
            awaitStatus(f, run, "failed");
            ServerFixture.await("the pool to be done with the run", LIMIT,
                    () -> "done".equals(f.run(run).path("pool").path("state").asText()));
            assertThat(chain.attempts("Prepare")).as("--retries 0: no retry").isEqualTo(1);
            assertThat(chain.attempts("Build")).isZero();

            HttpResponse<String> resumed = f.post("/api/runs/" + run + "/resume", "");
            assertThat(resumed.statusCode()).as(resumed.body()).isEqualTo(202);
            awaitStatus(f, run, "completed");

            assertThat(chain.attempts("Prepare")).isEqualTo(2);
            assertThat(chain.attempts("Build")).isEqualTo(1);
            assertThat(chain.attempts("Ship")).isEqualTo(1);
        }
    }

    @Test
    void retryingATaskRunsItAndTheTasksThatDependOnItAgainAndRefusesWhatCannotRunAgain() {
        Chain chain = new Chain("Build", false);
        try (ServerFixture f = ServerFixture.start(dir, chain.model, o -> o.withRetries(0, Duration.ZERO))) {
            String run = f.submit("ship the chain", Map.of());
            await(chain.flakyStarted);
            expectConflict(f.post("/api/runs/" + run + "/tasks/2/retry", ""), "task #2 of run " + run
                    + " is running; retry it once it has ended");
            expectConflict(f.post("/api/runs/" + run + "/tasks/3/retry", ""), "task #3 of run " + run
                    + " is pending: it has not run yet");
            chain.gate.countDown();
            awaitStatus(f, run, "failed");
            ServerFixture.await("the pool to be done with the run", LIMIT,
                    () -> "done".equals(f.run(run).path("pool").path("state").asText()));
            assertThat(chain.attempts("Ship")).isZero();

            expectConflict(f.post("/api/runs/" + run + "/tasks/1/retry", ""),
                    "task #1 of run " + run + " completed, and a completed task never runs again");
            HttpResponse<String> missing = f.post("/api/runs/" + run + "/tasks/9/retry", "");
            assertThat(missing.statusCode()).as(missing.body()).isEqualTo(404);

            HttpResponse<String> retried = f.post("/api/runs/" + run + "/tasks/2/retry", "");
            assertThat(retried.statusCode()).as(retried.body()).isEqualTo(202);
            assertThat(f.json(retried).path("retried")).extracting(JsonNode::asInt).containsExactly(2, 3);
            awaitStatus(f, run, "completed");

            assertThat(chain.attempts("Prepare")).as("a completed task never runs again").isEqualTo(1);
            assertThat(chain.attempts("Build")).isEqualTo(2);
            assertThat(chain.attempts("Ship")).isEqualTo(1);
        }
    }

    private static void awaitStatus(ServerFixture f, String run, String status) {
        ServerFixture.await("run " + run + " to be " + status, LIMIT,
                () -> status.equals(f.run(run).path("status").asText()));
    }

    private static void await(CountDownLatch latch) {
        try {
            assertThat(latch.await(LIMIT.toSeconds(), TimeUnit.SECONDS)).as("the flaky task to start").isTrue();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    private static void expectConflict(HttpResponse<String> response, String message) {
        assertThat(response.statusCode()).as(response.body()).isEqualTo(409);
        try {
            JsonNode error = ServerFixture.JSON.readTree(response.body()).path("error");
            assertThat(error.path("code").asText()).isEqualTo("conflict");
            assertThat(error.path("message").asText()).contains(message);
        } catch (java.io.IOException e) {
            throw new AssertionError("not JSON: " + response.body(), e);
        }
    }
}
