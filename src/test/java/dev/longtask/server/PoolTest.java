package dev.longtask.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.longtask.model.Event;
import dev.longtask.model.EventType;
import dev.longtask.model.RunStatus;
import dev.longtask.model.TaskStatus;
import dev.longtask.store.file.FileRunStore;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The pool through the API: twenty runs with priorities and {@code --max-runs 3}; at most three pool runs at
 * once, the foreground run beside them without a slot, higher priorities first (FIFO among equals), all finish.
 */
class PoolTest {
    @TempDir
    Path dir;

    /** Counts sessions as the server starts and ends them. */
    static final class Recording implements RunBackend {
        final RunBackend inner;
        final AtomicInteger poolRunning = new AtomicInteger();
        final AtomicInteger maxPoolRunning = new AtomicInteger();
        final List<String> started = Collections.synchronizedList(new ArrayList<>());

        Recording(RunBackend inner) {
            this.inner = inner;
        }

        @Override
        public void create(String runId, Submission request) {
            inner.create(runId, request);
        }

        @Override
        public dev.longtask.model.Approval answerApproval(Path workspace, String runId,
                                                         dev.longtask.model.ApprovalAnswer answer) {
            return inner.answerApproval(workspace, runId, answer);
        }

        @Override
        public LiveRun launch(String runId, Submission request, dev.longtask.model.Budget budgetChange, long afterSeq,
                              Consumer<Event> events) {
            if (!request.foreground()) {
                maxPoolRunning.accumulateAndGet(poolRunning.incrementAndGet(), Math::max);
            }
            started.add(runId);
            LiveRun run = inner.launch(runId, request, budgetChange, afterSeq, events);
            // The server hears of the end only after the count went down.
            CompletableFuture<LiveRun.Ended> counted = run.ended().whenComplete((ended, error) -> {
                if (!request.foreground()) {
                    poolRunning.decrementAndGet();
                }
            });
            return new LiveRun() {
                @Override
                public String runId() {
                    return run.runId();
                }

                @Override
                public void pause(String reason) {
                    run.pause(reason);
                }

                @Override
                public void interrupt(String reason) {
                    run.interrupt(reason);
                }

                @Override
                public void cancel(String reason) {
                    run.cancel(reason);
                }

                @Override
                public Optional<Figures> figures() {
                    return run.figures();
                }

                @Override
                public CompletableFuture<Ended> ended() {
                    return counted;
                }
            };
        }

        @Override
        public void setStatus(Path workspace, String runId, RunStatus status, String reason) {
            inner.setStatus(workspace, runId, status, reason);
        }

        @Override
        public List<Integer> retryTask(Path workspace, String runId, int taskId, String by) {
            return inner.retryTask(workspace, runId, taskId, by);
        }
    }

    @Test
    void twentyRunsWithPrioritiesRunThreeAtATimeHighestFirstAndAllFinish() throws Exception {
        Jobs jobs = new Jobs(2, 5, false);
        Approvals approvals = new Approvals();
        Recording backend = new Recording(ServerFixture.backend(jobs.model, approvals));
        try (ServerFixture f = ServerFixture.start(dir, o -> o.withMaxRuns(3), backend, approvals)) {
            List<String> ids = new ArrayList<>();
            List<Integer> priorities = new ArrayList<>();
            for (int i = 0; i < 20; i++) {
                int priority = (i * 7) % 4;
                priorities.add(priority);
                ids.add(f.submit(String.format("job-%02d: write the notes", i), Map.of("priority", priority)));
                if (i == 2) {
                    // the pool is full (the model holds every call): the other seventeen wait in the queue
                    ServerFixture.await("three runs to start", Duration.ofSeconds(30),
                            () -> backend.started.size() == 3);
                }
            }
            JsonNode runs = f.json(f.get("/api/runs")).path("runs");
            assertThat(runs).hasSize(20);
            assertThat(runs.findValuesAsText("state")).containsOnly("queued", "running")
                    .filteredOn("queued"::equals).hasSize(17);
            assertThat(f.run(ids.get(19)).path("pool").path("queue_position").asInt()).isBetween(1, 17);
            String foreground = f.submit("job-99: the person's own run", Map.of("foreground", true,
                    "approval", "auto"));
            ServerFixture.await("the foreground run to start beside three pool runs", Duration.ofSeconds(10),
                    () -> backend.started.contains(foreground));
            assertThat(backend.poolRunning.get()).as("the pool stays full while the foreground runs").isEqualTo(3);
            assertThat(f.post("/api/runs", "{\"goal\":\"job-98: another\",\"workdir\":\"" + f.workspace
                    + "\",\"foreground\":true}").statusCode()).as("one foreground run at a time").isEqualTo(409);

            jobs.release();
            ServerFixture.await("every run to complete", Duration.ofSeconds(120), () ->
                    f.json(f.get("/api/runs?status=completed")).path("runs").size() == 21);

            assertThat(backend.maxPoolRunning.get()).isEqualTo(3);
            List<String> expected = IntStream.range(3, 20).boxed()
                    .sorted(Comparator.comparing((Integer i) -> -priorities.get(i)).thenComparing(i -> i))
                    .map(ids::get).toList();
            List<String> poolStarts = new ArrayList<>(backend.started);
            poolStarts.remove(foreground);
            assertThat(poolStarts.subList(0, 3)).containsExactlyElementsOf(ids.subList(0, 3));
            assertThat(poolStarts.subList(3, 20)).containsExactlyElementsOf(expected);
            for (String id : ids) {
                assertThat(FileRunStore.read(f.workspace, id).tasks()).hasSize(2)
                        .allMatch(t -> t.status() == TaskStatus.COMPLETED);
            }
            // a run is complete on disk a moment before the pool counts it out
            ServerFixture.await("the pool to count every run out", Duration.ofSeconds(30), () -> {
                JsonNode health = f.json(f.get("/api/health"));
                return health.path("running").asInt() == 0 && health.path("queued").asInt() == 0;
            });
            String metrics = f.get("/metrics").body();
            assertThat(metrics).contains("longtask_runs{status=\"completed\"} 21.0")
                    .contains("longtask_tasks{status=\"completed\"} 42.0")
                    .contains("longtask_queue_length 0.0")
                    .contains("longtask_model_call_seconds_bucket")
                    .containsPattern("longtask_tokens_total\\{direction=\"input\"} [1-9]");
        }
    }

    @Test
    void aQueuedRunIsOnDiskBeforeTheAnswerAndPausesResumesAndCancelsThroughTheApi() throws Exception {
        Jobs jobs = new Jobs(1, 0, false);
        try (ServerFixture f = ServerFixture.start(dir, jobs.model, o -> o.withMaxRuns(1))) {
            String first = f.submit("job-01: runs first", Map.of());
            String second = f.submit("job-02: waits", Map.of("priority", 5));
            String third = f.submit("job-03: waits too", Map.of());
            assertThat(FileRunStore.read(f.workspace, second).run().status()).isEqualTo(RunStatus.QUEUED);
            assertThat(f.run(second).path("pool").path("queue_position").asInt()).isEqualTo(1);

            assertThat(f.post("/api/runs/" + third + "/priority", "{\"priority\": 9}").statusCode()).isEqualTo(200);
            assertThat(f.run(third).path("pool").path("queue_position").asInt()).isEqualTo(1);
            assertThat(f.post("/api/runs/" + second + "/pause", "").statusCode()).isEqualTo(202);
            assertThat(FileRunStore.read(f.workspace, second).run().status()).isEqualTo(RunStatus.PAUSED);
            assertThat(f.post("/api/runs/" + second + "/pause", "").statusCode()).isEqualTo(409);
            assertThat(f.post("/api/runs/" + third + "/cancel", "").statusCode()).isEqualTo(202);
            assertThat(FileRunStore.read(f.workspace, third).run().status()).isEqualTo(RunStatus.CANCELLED);

            jobs.release();
            ServerFixture.await("the first run to complete", Duration.ofSeconds(30),
                    () -> "completed".equals(f.run(first).path("status").asText()));
            assertThat(f.run(second).path("status").asText()).as("a paused run waits for a person").isEqualTo("paused");
            assertThat(f.post("/api/runs/" + second + "/resume", "").statusCode()).isEqualTo(202);
            ServerFixture.await("the resumed run to complete", Duration.ofSeconds(30),
                    () -> "completed".equals(f.run(second).path("status").asText()));
            assertThat(f.post("/api/runs/" + second + "/resume", "").statusCode()).isEqualTo(409);
            assertThat(f.run(third).path("status").asText()).isEqualTo("cancelled");
            List<String> pausedBy = FileRunStore.read(f.workspace, second).run().statusReason().lines().toList();
            assertThat(f.json(f.get("/api/runs/" + second + "/events?types=run.status")).path("events").toString())
                    .contains("paused by the API before it started").contains("resumed by the API");
            assertThat(pausedBy).isNotNull();
        }
    }

    @Test
    void theListIsNewestFirstAcrossWorkspaces() throws Exception {
        Jobs jobs = new Jobs(1, 0, false);
        try (ServerFixture f = ServerFixture.start(dir, jobs.model, o -> o.withMaxRuns(1))) {
            Path notes = dev.longtask.testing.EngineFixture.workspace(java.nio.file.Files.createDirectories(
                    f.workspace.resolve("notes"))).toRealPath();
            List<String> submitted = new ArrayList<>();
            for (int i = 1; i <= 4; i++) {
                Path workdir = i % 2 == 0 ? notes : f.workspace;
                submitted.add(f.submit("job-1" + i + ": listed", Map.of("workdir", workdir.toString())));
            }
            // newest first by id, which begins with the time of its making (to the second: within one second, by the
            // id's random end), so that a cursor can page through the list
            submitted.sort(Collections.reverseOrder());
            JsonNode runs = f.json(f.get("/api/runs")).path("runs");
            assertThat(runs.findValuesAsText("run_id")).as("not grouped by workspace")
                    .containsExactlyElementsOf(submitted);
            jobs.release();
        }
    }

    @Test
    void aRunningRunPausesAfterSavingAndResumesWithoutRedoingItsCompletedTasks() throws Exception {
        Jobs jobs = new Jobs(4, 30, true);
        try (ServerFixture f = ServerFixture.start(dir, jobs.model, o -> o)) {
            String id = f.submit("job-05: four steps", Map.of("concurrency", 1));
            ServerFixture.await("a task to complete", Duration.ofSeconds(30),
                    () -> f.run(id).path("tasks").path("completed").asInt() >= 1);
            assertThat(f.post("/api/runs/" + id + "/pause", "").statusCode()).isEqualTo(202);
            ServerFixture.await("the run to stop", Duration.ofSeconds(30),
                    () -> "held".equals(f.run(id).path("pool").path("state").asText()));
            assertThat(f.run(id).path("status").asText()).as("paused, as the dashboard's button says, not interrupted")
                    .isEqualTo("paused");
            assertThat(f.post("/api/runs/" + id + "/resume", "").statusCode()).isEqualTo(202);
            ServerFixture.await("the run to complete", Duration.ofSeconds(30),
                    () -> "completed".equals(f.run(id).path("status").asText()));
            List<Event> log = new RunFiles(dev.longtask.model.JsonMapping.newMapper())
                    .eventsAfter(f.workspace, id, 0, Integer.MAX_VALUE);
            for (int task = 1; task <= 4; task++) {
                int t = task;
                assertThat(log.stream().filter(e -> EventType.TASK_COMPLETED.equals(e.type()) && e.task() == t))
                        .as("task %d completed once", t).hasSize(1);
            }
        }
    }

    @Test
    void cancelThroughTheApiLeavesNoTaskWaitingForARunningRunAndForAPausedOne() throws Exception {
        Jobs jobs = new Jobs(6, 30, true);
        // Both runs stay at work after their first task, however fast the machine: the cancel must find them so.
        jobs.holdAfterFirstTask("job-07");
        jobs.holdAfterFirstTask("job-08");
        try (ServerFixture f = ServerFixture.start(dir, jobs.model, o -> o)) {
            String running = f.submit("job-07: six steps", Map.of("concurrency", 1));
            String paused = f.submit("job-08: six steps", Map.of("concurrency", 1));
            ServerFixture.await("a task of each to complete", Duration.ofSeconds(30),
                    () -> f.run(running).path("tasks").path("completed").asInt() >= 1
                            && f.run(paused).path("tasks").path("completed").asInt() >= 1);
            assertThat(f.post("/api/runs/" + paused + "/pause", "").statusCode()).isEqualTo(202);
            ServerFixture.await("the paused run to stop", Duration.ofSeconds(30),
                    () -> "held".equals(f.run(paused).path("pool").path("state").asText()));
            assertThat(FileRunStore.read(f.workspace, paused).tasks())
                    .anyMatch(t -> t.status() == TaskStatus.PENDING);

            assertThat(f.post("/api/runs/" + running + "/cancel", "").statusCode()).isEqualTo(202);
            assertThat(f.post("/api/runs/" + paused + "/cancel", "").statusCode()).isEqualTo(202);
            ServerFixture.await("the running run to end", Duration.ofSeconds(30),
                    () -> "done".equals(f.run(running).path("pool").path("state").asText()));
            for (String id : List.of(running, paused)) {
                var run = FileRunStore.read(f.workspace, id);
                assertThat(run.run().status()).isEqualTo(RunStatus.CANCELLED);
                assertThat(run.tasks()).as("run %s, as 'longtask cancel' leaves it", id)
                        .noneMatch(t -> t.status() == TaskStatus.PENDING || t.status() == TaskStatus.IN_PROGRESS)
                        .anyMatch(t -> t.status() == TaskStatus.COMPLETED)
                        .anyMatch(t -> t.status() == TaskStatus.CANCELLED);
                JsonNode tasks = f.run(id).path("tasks");
                assertThat(tasks.path("pending").asInt() + tasks.path("running").asInt()).isZero();
            }
            HttpResponse<String> resume = f.post("/api/runs/" + running + "/resume", "");
            assertThat(resume.statusCode()).isEqualTo(409);
            assertThat(resume.body()).contains("a cancelled run cannot be resumed; start a new run");
        }
    }

    @Test
    void aRunStoppedByItsBudgetResumesThroughTheApiWithTheBudgetsItsBodyRaises() throws Exception {
        try (ServerFixture f = ServerFixture.start(dir, new Jobs(2, 0, true).model, o -> o)) {
            String id = f.submit("job-06: two steps", Map.of("budgets", Map.of("max_tokens", 1500)));
            ServerFixture.await("the budget to pause the run", Duration.ofSeconds(30),
                    () -> "held".equals(f.run(id).path("pool").path("state").asText()));
            assertThat(f.run(id).path("status").asText()).isEqualTo("paused");
            HttpResponse<String> bad = f.post("/api/runs/" + id + "/resume", "{\"budgets\": {\"max_tokens\": 0}}");
            assertThat(bad.statusCode()).isEqualTo(400);
            assertThat(f.json(bad).path("error").path("field").asText()).isEqualTo("budgets.max_tokens");
            assertThat(f.post("/api/runs/" + id + "/resume", "{\"priority\": 3}").statusCode()).isEqualTo(400);

            assertThat(f.post("/api/runs/" + id + "/resume", "{\"budgets\": {\"max_tokens\": 1000000}}")
                    .statusCode()).isEqualTo(202);
            ServerFixture.await("the run to complete", Duration.ofSeconds(30),
                    () -> "completed".equals(f.run(id).path("status").asText()));
            assertThat(f.run(id).path("budget").path("max_tokens").asLong()).isEqualTo(1_000_000L);
        }
    }
}
