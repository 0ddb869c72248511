package dev.longtask.api;

import static dev.longtask.testing.ScriptedModel.call;
import static dev.longtask.testing.ScriptedModel.decide;
import static dev.longtask.testing.ScriptedModel.report;
import static dev.longtask.testing.ScriptedModel.submitResult;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
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
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run's concurrency is a cap across every process that works on it: two runs kept in PostgreSQL, one of
 * concurrency 2 and one of 3, are worked by three workers of four slots each (twelve slots, more than both caps
 * together) and their own scheduling processes, which run no agent. The scripted model counts the calls of each
 * run's task agents that are at work at once; neither run ever has more than its cap, and each reaches it.
 */
class RunConcurrencyCapTest {
    private static final Pattern GOAL = Pattern.compile("Plan the work for this goal:\\s+(run-[a-z]+)");
    private static final Pattern TAG = Pattern.compile("^(run-[a-z]+) part");
    private static final int TASKS = 8;

    @TempDir
    Path dir;

    /** The task agents of each run at work now, and the most there ever were. */
    private final Map<String, AtomicInteger> atWork = new ConcurrentHashMap<>();
    private final Map<String, AtomicInteger> most = new ConcurrentHashMap<>();
    private final Map<String, AtomicInteger> started = new ConcurrentHashMap<>();
    private final Map<String, Integer> caps = Map.of("run-alpha", 2, "run-beta", 3);

    @Test
    void noRunEverHasMoreTasksAtWorkThanItsConcurrencyHowEverManyWorkerSlotsThereAre() throws Exception {
        String url = EmbeddedPostgres.newDatabase();
        Path ws = EngineFixture.workspace(Files.createDirectories(dir.resolve("ws")));
        ScriptedModel model = new ScriptedModel(this::answer);
        List<Worker> workers = new ArrayList<>();
        List<Thread> threads = new ArrayList<>();
        try (RunStores stores = Stores.of(url, Map.of(), 16);
             Longtask scheduling = runtime(ws, model, stores, true);
             Longtask working = runtime(ws, model, stores, false)) {
            for (int n = 1; n <= 3; n++) {
                Worker worker = new Worker(working, stores, null, 4, "worker " + n, null);
                workers.add(worker);
                Thread thread = new Thread(worker::run, "cap-test-worker-" + n);
                thread.start();
                threads.add(thread);
            }
            RunHandle alpha = scheduling.start(RunRequest.goal("run-alpha: eight parts").withConcurrency(2));
            RunHandle beta = scheduling.start(RunRequest.goal("run-beta: eight parts").withConcurrency(3));

            Outcome a = alpha.await(Duration.ofMinutes(3)).orElseThrow(() -> new AssertionError("run-alpha never ended"));
            Outcome b = beta.await(Duration.ofMinutes(3)).orElseThrow(() -> new AssertionError("run-beta never ended"));
            assertThat(a.status()).as(a.reason()).isEqualTo(RunStatus.COMPLETED);
            assertThat(b.status()).as(b.reason()).isEqualTo(RunStatus.COMPLETED);
            // every claim after the first few (as many as the cap): the slot that ended a task claimed the place it
            // freed in the commit that ended it
            assertThat(claimsWithAnEnd(url, alpha.runId())).isEqualTo(TASKS - 2);
            assertThat(claimsWithAnEnd(url, beta.runId())).isEqualTo(TASKS - 3);
        } finally {
            workers.forEach(w -> w.stop("the test ended"));
            for (Thread thread : threads) {
                thread.join(Duration.ofMinutes(1).toMillis());
            }
        }
        assertThat(started.get("run-alpha").get()).isEqualTo(TASKS);
        assertThat(started.get("run-beta").get()).isEqualTo(TASKS);
        assertThat(most.get("run-alpha").get()).as("run-alpha's tasks at work at once").isEqualTo(2);
        assertThat(most.get("run-beta").get()).as("run-beta's tasks at work at once").isEqualTo(3);
    }

    /** The claims of the run written in the same transaction as the completion of one of its tasks. */
    private static int claimsWithAnEnd(String url, String runId) throws Exception {
        try (java.sql.Connection c = java.sql.DriverManager.getConnection("jdbc:postgresql://"
                + url.substring(url.indexOf('@') + 1), "postgres", "");
             java.sql.PreparedStatement count = c.prepareStatement("SELECT count(*) FROM longtask_events claim "
                     + "WHERE claim.run_id = ? AND claim.type = 'task.claimed' AND EXISTS (SELECT 1 FROM "
                     + "longtask_events ended WHERE ended.run_id = claim.run_id AND ended.type = 'task.completed' "
                     + "AND ended.xmin = claim.xmin)")) {
            count.setString(1, runId);
            try (java.sql.ResultSet row = count.executeQuery()) {
                row.next();
                return row.getInt(1);
            }
        }
    }

    private static Longtask runtime(Path ws, ScriptedModel model, RunStores stores, boolean scheduling) {
        return Longtask.builder().workspace(ws).environment(Map.of()).home(null)
                .llm(model, EngineFixture.models(model).pricing()).fsync(FsyncPolicy.NONE).stores(stores)
                .workersOnly(scheduling).build();
    }

    private ChatMessage.Assistant answer(ScriptedModel.Turn turn) {
        return switch (turn.role()) {
            case "planner" -> plan(goal(turn));
            case "director" -> decide("stop", "every part is done");
            case "synthesizer" -> report("Parts", "# Parts\n\nall done");
            default -> work(turn.subject());
        };
    }

    /**
     * One call per task. The first calls of a run (as many as its cap) wait until that many are at work, so the run
     * certainly reaches its cap; every call then stays at work a moment, long enough for a claim past the cap to
     * show as one more call at work.
     */
    private ChatMessage.Assistant work(String subject) {
        Matcher m = TAG.matcher(subject);
        if (!m.find()) {
            throw new IllegalStateException("not a part: " + subject);
        }
        String run = m.group(1);
        int cap = caps.get(run);
        AtomicInteger now = atWork.computeIfAbsent(run, r -> new AtomicInteger());
        int count = now.incrementAndGet();
        most.computeIfAbsent(run, r -> new AtomicInteger()).accumulateAndGet(count, Math::max);
        int nth = started.computeIfAbsent(run, r -> new AtomicInteger()).incrementAndGet();
        try {
            long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            while (nth <= cap && now.get() < cap && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
            Thread.sleep(300);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new dev.longtask.llm.LlmInterruptedException("interrupted", e);
        } finally {
            now.decrementAndGet();
        }
        return submitResult(true, subject + " done");
    }

    private static String goal(ScriptedModel.Turn turn) {
        for (ChatMessage message : turn.request().messages()) {
            String text = message instanceof ChatMessage.User user ? user.text()
                    : message instanceof ChatMessage.System system ? system.text() : "";
            Matcher m = GOAL.matcher(text);
            if (m.find()) {
                return m.group(1);
            }
        }
        throw new IllegalStateException("the planner was not told the goal");
    }

    private static ChatMessage.Assistant plan(String run) {
        ObjectNode[] tasks = new ObjectNode[TASKS];
        for (int i = 0; i < TASKS; i++) {
            tasks[i] = EngineFixture.task("p" + (i + 1), run + " part " + (i + 1), "general", List.of(), Map.of());
        }
        return call("submit_plan", EngineFixture.plan(tasks));
    }
}
