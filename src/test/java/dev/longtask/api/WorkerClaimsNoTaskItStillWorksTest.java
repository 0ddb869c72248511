package dev.longtask.api;

import static dev.longtask.testing.ScriptedModel.call;
import static dev.longtask.testing.ScriptedModel.decide;
import static dev.longtask.testing.ScriptedModel.report;
import static dev.longtask.testing.ScriptedModel.submitResult;
import static org.assertj.core.api.Assertions.assertThat;

import dev.longtask.model.RunStatus;
import dev.longtask.model.llm.ChatMessage;
import dev.longtask.model.run.FsyncPolicy;
import dev.longtask.model.run.RunStores;
import dev.longtask.store.postgres.PostgresRunStores;
import dev.longtask.testing.EmbeddedPostgres;
import dev.longtask.testing.EngineFixture;
import dev.longtask.testing.ScriptedModel;
import dev.longtask.testing.Waiting;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A worker frozen past its lease (here: its agent stuck in a model call while the lease is made to lapse) requeues its
 * own task when it next looks for lapsed leases. Its other, idle slot must not claim that task again while the first
 * slot's agent still runs: both slots write through the worker's one store of the run, so the new attempt's fence
 * would let the stale agent's writes through as well. The task goes to another worker instead, and the stale agent's
 * late writes are refused.
 */
class WorkerClaimsNoTaskItStillWorksTest {
    @TempDir
    Path dir;
    private static String jdbcUrl;

    private final CountDownLatch unfreeze = new CountDownLatch(1);
    private final AtomicBoolean firstAgentFrozen = new AtomicBoolean();
    private final AtomicInteger agentsStarted = new AtomicInteger();

    @Test
    void aTaskRequeuedUnderAStillRunningAgentGoesToAnotherWorker() throws Exception {
        String url = EmbeddedPostgres.newDatabase();
        jdbcUrl = "jdbc:" + url.replace("postgres@", "");
        Path ws = EngineFixture.workspace(Files.createDirectories(dir.resolve("ws")));
        ScriptedModel model = new ScriptedModel(this::answer);
        Worker first = null;
        Worker second = null;
        Thread[] threads = new Thread[2];
        try (RunStores stores = Stores.of(url, Map.of(), 8);
             Longtask scheduling = runtime(ws, model, stores, true);
             Longtask workers = runtime(ws, model, stores, false)) {
            PostgresRunStores shared = (PostgresRunStores) stores;
            first = new Worker(workers, shared, null, 2, "worker 1", null);
            threads[0] = start(first);
            RunHandle run = scheduling.start(RunRequest.goal("One part"));
            Waiting.until(firstAgentFrozen::get, "the first agent is in its model call");

            lapse(shared, run.runId()); // as if the worker had been frozen past its lease
            Waiting.until(() -> count(shared, "SELECT count(*) FROM longtask_events WHERE run_id = ? AND task = 1 "
                    + "AND type = 'task.requeued'", run.runId()) > 0, "worker 1 requeues the lapsed task");
            second = new Worker(workers, shared, null, 1, "worker 2", null);
            threads[1] = start(second);
            Waiting.until(() -> count(shared, "SELECT attempts FROM longtask_tasks WHERE run_id = ? AND id = 1",
                    run.runId()) >= 2, "the task is claimed again");

            assertThat(firstAgentFrozen).as("the first attempt's agent still runs").isTrue();
            assertThat(owner(shared, run.runId())).as("who took the task while worker 1's agent still had it")
                    .startsWith("worker 2");
            unfreeze.countDown();
            Outcome outcome = run.await(Duration.ofMinutes(2))
                    .orElseThrow(() -> new AssertionError("run " + run.runId() + " never ended"));
            assertThat(outcome.status()).as(outcome.reason()).isEqualTo(RunStatus.COMPLETED);
            assertThat(count(shared, "SELECT count(*) FROM longtask_events WHERE run_id = ? AND task = 1 "
                    + "AND type = 'task.completed'", run.runId())).as("one completion, by the second attempt")
                    .isEqualTo(1);
        } finally {
            unfreeze.countDown();
            for (Worker worker : new Worker[] {first, second}) {
                if (worker != null) {
                    worker.stop("the test ended");
                }
            }
            for (Thread thread : threads) {
                if (thread != null) {
                    thread.join(Duration.ofMinutes(1).toMillis());
                }
            }
        }
    }

    private ChatMessage.Assistant answer(ScriptedModel.Turn turn) {
        return switch (turn.role()) {
            case "planner" -> call("submit_plan", EngineFixture.plan(
                    EngineFixture.task("p1", "the one part", "general", List.of(), Map.of())));
            case "director" -> decide("stop", "the part is done");
            case "synthesizer" -> report("Part", "# Part\n\ndone");
            default -> {
                if (turn.step() == 1 && agentsStarted.incrementAndGet() == 1) {
                    freeze();
                }
                yield submitResult(true, turn.subject() + " done");
            }
        };
    }

    /** The first agent's call hangs until the test lets it go, a stop of its slot notwithstanding (a frozen process). */
    private void freeze() {
        firstAgentFrozen.set(true);
        boolean interrupted = false;
        while (true) {
            try {
                unfreeze.await();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        firstAgentFrozen.set(false);
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    private static Thread start(Worker worker) {
        Thread thread = new Thread(worker::run, "claims-test-" + worker);
        thread.start();
        return thread;
    }

    private static void lapse(PostgresRunStores stores, String runId) throws SQLException {
        try (Connection c = connect(stores); PreparedStatement expire = c.prepareStatement(
                "UPDATE longtask_tasks SET lease_expires = clock_timestamp() - interval '1 second' "
                        + "WHERE run_id = ? AND id = 1")) {
            expire.setString(1, runId);
            assertThat(expire.executeUpdate()).isEqualTo(1);
        }
    }

    private static int count(PostgresRunStores stores, String query, String runId) {
        try (Connection c = connect(stores); PreparedStatement select = c.prepareStatement(query)) {
            select.setString(1, runId);
            try (ResultSet row = select.executeQuery()) {
                return row.next() ? row.getInt(1) : 0;
            }
        } catch (SQLException e) {
            throw new AssertionError(e);
        }
    }

    private static String owner(PostgresRunStores stores, String runId) throws SQLException {
        try (Connection c = connect(stores); PreparedStatement select = c.prepareStatement(
                "SELECT owner FROM longtask_tasks WHERE run_id = ? AND id = 1")) {
            select.setString(1, runId);
            try (ResultSet row = select.executeQuery()) {
                return row.next() ? String.valueOf(row.getString(1)) : "nobody";
            }
        }
    }

    /** A connection of the test's own, to play the frozen worker's lapse and to look at the rows. */
    private static Connection connect(PostgresRunStores stores) throws SQLException {
        return DriverManager.getConnection(jdbcUrl + "?user=postgres");
    }

    private static Longtask runtime(Path ws, ScriptedModel model, RunStores stores, boolean scheduling) {
        return Longtask.builder().workspace(ws).environment(Map.of()).home(null)
                .llm(model, EngineFixture.models(model).pricing()).fsync(FsyncPolicy.NONE).stores(stores)
                .workersOnly(scheduling).build();
    }
}
