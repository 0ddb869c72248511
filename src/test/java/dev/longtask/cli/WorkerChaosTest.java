package dev.longtask.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.longtask.model.Event;
import dev.longtask.model.EventType;
import dev.longtask.model.RunStatus;
import dev.longtask.model.Task;
import dev.longtask.model.TaskStatus;
import dev.longtask.store.PostgresDatabase;
import dev.longtask.store.PostgresRunStore;
import dev.longtask.store.PostgresUrl;
import dev.longtask.store.RunSnapshot;
import dev.longtask.testing.ChaosLog;
import dev.longtask.testing.EmbeddedPostgres;
import dev.longtask.testing.ScriptedProvider;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The chaos of a shared store through the commands a user runs: a run of 200 tasks on the scripted model, planned and
 * scheduled by a process with no agent slots, carried out by four {@code longtask worker} processes while the test
 * kills workers with SIGKILL (starting new ones), freezes others with SIGSTOP past their lease before SIGCONT, and
 * kills the scheduling process itself with SIGKILL mid-run before starting it again. The run completes; every task was
 * completed exactly once, by the attempt that held it; no task was claimed after its completion; the log has no gap;
 * nothing is left stuck.
 */
class WorkerChaosTest {
    private static final int TASKS = 200;
    private static final int WORKERS = 4;
    private static final Duration LEASE = Duration.ofMillis(1500);
    private static final String RUN = "chaos";

    @TempDir
    Path dir;

    @Test
    void workersKilledAndFrozenAndTheSchedulerRestartedLeaveEveryTaskCompletedExactlyOnce() throws Exception {
        String url = EmbeddedPostgres.newDatabase();
        Path ws = Files.createDirectories(dir.resolve("ws")).toRealPath();
        Files.writeString(ws.resolve("notes.txt"), "a note to summarise\n");
        Path home = dir.resolve("home");
        long seed = new Random().nextLong();
        Random random = new Random(seed);
        String context = "seed " + seed;
        ScriptedProvider.Options options = new ScriptedProvider.Options(0, TASKS, Duration.ofMillis(5), null, 0, 0,
                null);
        List<Child> workers = new ArrayList<>();
        Child scheduler = null;
        int kills = 0;
        int freezes = 0;
        boolean restarted = false;
        try (ScriptedProvider model = new ScriptedProvider(options);
             PostgresDatabase db = PostgresDatabase.connect(PostgresUrl.parse(url, Map.of()), Map.of(), 2)) {
            scheduler = Child.start(home, Map.of(), "run", "Summarise the notes", "--run-id", RUN, "--store", url,
                    "--slots", "0", "--concurrency", "8", "--base-url", model.baseUrl(), "--model",
                    "openai:scripted", "-C", ws.toString());
            for (int w = 0; w < WORKERS; w++) {
                workers.add(worker(home, url));
            }
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(150);
            while (completed(url) < TASKS) {
                assertThat(System.nanoTime()).as(context + ": all tasks done in time, " + completed(url) + " of "
                        + TASKS).isLessThan(deadline);
                if (!scheduler.alive() && completed(url) < TASKS) {
                    throw new AssertionError(context + ": the scheduler ended early: " + scheduler.await());
                }
                Thread.sleep(300 + random.nextInt(400)); // the pace of the chaos, not a synchronisation
                if (!restarted && completed(url) >= TASKS / 3) {
                    scheduler.kill();
                    scheduler = Child.start(home, Map.of(), "resume", RUN, "--store", url, "--slots", "0",
                            "-C", ws.toString());
                    restarted = true;
                    continue;
                }
                int victim = random.nextInt(WORKERS);
                Child worker = workers.get(victim);
                if (random.nextBoolean() && kills < 4) {
                    kills++;
                    worker.kill();
                    workers.set(victim, worker(home, url));
                } else if (freezes < 4) {
                    freezes++;
                    worker.signal("STOP");
                    Thread.sleep(LEASE.toMillis() + 300 + random.nextInt(500)); // frozen past its lease, on purpose
                    worker.signal("CONT");
                }
            }
            Child.Result ended = scheduler.await();
            assertThat(ended.exit()).as(context + "\n" + ended).isZero();
            assertThat(ended.out()).contains("completed");

            RunSnapshot done = PostgresRunStore.read(db, RUN);
            assertThat(done.run().status()).as(context).isEqualTo(RunStatus.COMPLETED);
            List<Event> events = PostgresRunStore.events(db, RUN, 0, type -> true);
            ChaosLog.assertEveryTaskCompletedOnce(events, TASKS, context);
            assertThat(events.stream().filter(e -> EventType.TASK_CLAIMED.equals(e.type())))
                    .as("only workers run agents").allMatch(e -> e.data().path("owner").asText().contains(" slot "));
            assertThat(done.tasks()).as(context + ": nothing stuck")
                    .allSatisfy(t -> assertThat(t.status()).isEqualTo(TaskStatus.COMPLETED));
            Map<Integer, Integer> attempts = completionAttempts(url);
            for (Task task : done.tasks()) {
                assertThat(attempts.get(task.id())).as(context + ": task " + task.id() + " completed by the attempt "
                        + "that held it").isEqualTo(task.attempts());
            }
            assertThat(Files.readString(done.directory().resolve("report.md"))).contains("Scripted report");
            assertThat(kills).as(context + ": workers were killed").isPositive();
            assertThat(freezes).as(context + ": workers were frozen").isPositive();
            assertThat(restarted).as(context + ": the scheduler was restarted").isTrue();
        } finally {
            for (Child worker : workers) {
                worker.signal("CONT");
                worker.kill();
            }
            if (scheduler != null && scheduler.alive()) {
                scheduler.kill();
            }
        }
    }

    /** A plain connection to the test's database, for what the store does not show (the attempt of an event). */
    private static Connection jdbc(String url) throws SQLException {
        return DriverManager.getConnection("jdbc:" + url.replace("postgres@", ""), "postgres", "");
    }

    private static Child worker(Path home, String url) throws Exception {
        return Child.start(home, Map.of(), "worker", "--store", url, "--slots", "2", "--lease",
                LEASE.toMillis() + "ms");
    }

    private static int completed(String url) throws SQLException {
        try (Connection c = jdbc(url); PreparedStatement count = c.prepareStatement(
                "SELECT count(*) FROM longtask_tasks WHERE run_id = ? AND status = 'completed'")) {
            count.setString(1, RUN);
            try (ResultSet row = count.executeQuery()) {
                row.next();
                return row.getInt(1);
            }
        }
    }

    /** The attempt each task.completed event was written under (the fencing token the database checked). */
    private static Map<Integer, Integer> completionAttempts(String url) throws SQLException {
        try (Connection c = jdbc(url); PreparedStatement select = c.prepareStatement("SELECT task, attempt FROM "
                + "longtask_events WHERE run_id = ? AND type = 'task.completed'")) {
            select.setString(1, RUN);
            Map<Integer, Integer> attempts = new HashMap<>();
            try (ResultSet rows = select.executeQuery()) {
                while (rows.next()) {
                    attempts.put(rows.getInt(1), rows.getInt(2));
                }
            }
            return attempts;
        }
    }
}
