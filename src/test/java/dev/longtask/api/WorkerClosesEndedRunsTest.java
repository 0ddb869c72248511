package dev.longtask.api;

import static dev.longtask.testing.ScriptedModel.call;
import static dev.longtask.testing.ScriptedModel.decide;
import static dev.longtask.testing.ScriptedModel.report;
import static dev.longtask.testing.ScriptedModel.submitResult;
import static org.assertj.core.api.Assertions.assertThat;

import dev.longtask.model.llm.ChatMessage;
import dev.longtask.model.RunStatus;
import dev.longtask.model.run.FsyncPolicy;
import dev.longtask.model.run.RunStores;
import dev.longtask.testing.EmbeddedPostgres;
import dev.longtask.testing.EngineFixture;
import dev.longtask.testing.ScriptedModel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A worker holds the stores of the runs it works on, not of every run it has seen: each open store keeps a lease
 * heartbeat thread and a projector thread, so a worker that kept them all held two threads for every run it had
 * ever claimed a task of (two thousand after a thousand runs). Here one worker carries {@value #RUNS} runs one after
 * another; once they have ended, none of their store threads is left in the worker, which is still running.
 */
class WorkerClosesEndedRunsTest {
    private static final int RUNS = 6;

    @TempDir
    Path dir;

    @Test
    void aWorkerKeepsNoThreadOfARunThatEnded() throws Exception {
        String url = EmbeddedPostgres.newDatabase();
        Path ws = EngineFixture.workspace(Files.createDirectories(dir.resolve("ws")));
        ScriptedModel model = new ScriptedModel(WorkerClosesEndedRunsTest::answer);
        List<String> runs = new ArrayList<>();
        Worker worker = null;
        Thread working = null;
        try (RunStores stores = Stores.of(url, Map.of(), 8);
             Longtask scheduling = runtime(ws, model, stores, true);
             Longtask workers = runtime(ws, model, stores, false)) {
            worker = new Worker(workers, stores, null, 2, "worker 1", null);
            working = new Thread(worker::run, "ended-runs-test-worker");
            working.start();
            for (int r = 1; r <= RUNS; r++) {
                RunHandle run = scheduling.start(RunRequest.goal("Run " + r + ": one part"));
                Outcome outcome = run.await(Duration.ofMinutes(2))
                        .orElseThrow(() -> new AssertionError("run " + run.runId() + " never ended"));
                assertThat(outcome.status()).as(outcome.reason()).isEqualTo(RunStatus.COMPLETED);
                runs.add(run.runId());
            }
            awaitNoStoreThreadOf(runs);
            assertThat(working.isAlive()).as("the worker is still at work").isTrue();
        } finally {
            if (worker != null) {
                worker.stop("the test ended");
                working.join(Duration.ofMinutes(1).toMillis());
            }
        }
    }

    /** Waits, with a deadline long enough for a loaded machine, until no lease or projector thread of the runs lives. */
    private static void awaitNoStoreThreadOf(List<String> runs) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofMinutes(1).toNanos();
        List<String> left = storeThreadsOf(runs);
        while (!left.isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(100); // the worker closes ended runs at its next lapse check, every half second
            left = storeThreadsOf(runs);
        }
        assertThat(left).as("store threads of the %d ended runs", runs.size()).isEmpty();
    }

    private static List<String> storeThreadsOf(List<String> runs) {
        return Thread.getAllStackTraces().keySet().stream().filter(Thread::isAlive).map(Thread::getName)
                .filter(name -> runs.stream().anyMatch(run -> name.equals("longtask-lease-" + run)
                        || name.equals("longtask-projector-" + run)))
                .sorted().toList();
    }

    private static Longtask runtime(Path ws, ScriptedModel model, RunStores stores, boolean scheduling) {
        return Longtask.builder().workspace(ws).environment(Map.of()).home(null)
                .llm(model, EngineFixture.models(model).pricing()).fsync(FsyncPolicy.NONE).stores(stores)
                .workersOnly(scheduling).build();
    }

    private static ChatMessage.Assistant answer(ScriptedModel.Turn turn) {
        return switch (turn.role()) {
            case "planner" -> call("submit_plan", EngineFixture.plan(
                    EngineFixture.task("p1", "the one part", "general", List.of(), Map.of())));
            case "director" -> decide("stop", "the part is done");
            case "synthesizer" -> report("Part", "# Part\n\ndone");
            default -> submitResult(true, turn.subject() + " done");
        };
    }
}
