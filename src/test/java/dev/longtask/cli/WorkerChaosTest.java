package dev.longtask.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.longtask.model.Event;
import dev.longtask.model.EventType;
import dev.longtask.model.RunStatus;
import dev.longtask.model.Task;
import dev.longtask.model.TaskStatus;
import dev.longtask.store.postgres.PostgresDatabase;
import dev.longtask.store.postgres.PostgresRuns;
import dev.longtask.store.postgres.PostgresUrl;
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
 * The chaos of a shared store through the commands a user runs: a run of 200 tasks on the scripted model, submitted
 * to {@code longtask serve --store URL --slots 0}, which plans, schedules and reports it, carried out by four
 * {@code longtask worker} processes while the test kills workers with SIGKILL (starting new ones), freezes others with
 * SIGSTOP past their lease before SIGCONT, and kills the server itself with SIGKILL mid-run before starting it again
 * (it takes the run up from its pool). The run completes; every task was completed exactly once, by the attempt that
 * held it; no task was claimed after its completion; the log has no gap; nothing is left stuck.
 */
class WorkerChaosTest {
    private static final int TASKS = 200;
    private static final int WORKERS = 4;
    private static final Duration LEASE = Duration.ofMillis(1500);

    @TempDir
    Path dir;

    @Test
    void workersKilledAndFrozenAndTheServerRestartedLeaveEveryTaskCompletedExactlyOnce() throws Exception {
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
        ServeChild server = null;
        int kills = 0;
        int freezes = 0;
        boolean restarted = false;
        try (ScriptedProvider model = new ScriptedProvider(options);
             PostgresDatabase db = PostgresDatabase.connect(PostgresUrl.parse(url, Map.of()), Map.of(), 2)) {
            Files.createDirectories(ws.resolve(".longtask"));
            Files.writeString(ws.resolve(".longtask/config.yaml"), "concurrency: 8\n");
            Path state = dir.resolve("server");
            server = ServeChild.start(home, url, ws, state, model.baseUrl());
            for (int w = 0; w < WORKERS; w++) {
                workers.add(worker(home, url));
            }
            String run = server.submit("Summarise the notes", ws);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(150);
            while (completed(url, run) < TASKS) {
                assertThat(System.nanoTime()).as(context + ": all tasks done in time, " + completed(url, run) + " of "
                        + TASKS).isLessThan(deadline);
                if (!server.process.alive()) {
                    throw new AssertionError(context + ": the server ended: " + server.process.await());
                }
                Thread.sleep(300 + random.nextInt(400)); // the pace of the chaos, not a synchronisation
                if (!restarted && completed(url, run) >= TASKS / 3) {
                    server.process.kill();
                    server = ServeChild.start(home, url, ws, state, model.baseUrl());
                    restarted = true;
                    continue;
                }
                int victim = random.nextInt(WORKERS);
                Child worker = workers.get(victim);
                // A kill first and a freeze next, so that every run has both however quickly the tasks go; then
                // either, at random.
                boolean kill = kills == 0 || (freezes > 0 && random.nextBoolean());
                if (kill && kills < 4) {
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
            while (PostgresRuns.read(db, run).run().status() != RunStatus.COMPLETED) {
                assertThat(System.nanoTime()).as(context + ": the server concludes the run in time").isLessThan(deadline);
                assertThat(server.process.alive()).as(context + ": the server runs").isTrue();
                Thread.sleep(100); // polling the database for the run's end, with the deadline above
            }
            RunSnapshot done = PostgresRuns.read(db, run);
            assertThat(done.run().status()).as(context).isEqualTo(RunStatus.COMPLETED);
            List<Event> events = PostgresRuns.events(db, run, 0, type -> true);
            ChaosLog.assertEveryTaskCompletedOnce(events, TASKS, context);
            assertThat(events.stream().filter(e -> EventType.TASK_CLAIMED.equals(e.type())))
                    .as("only workers run agents").allMatch(e -> e.data().path("owner").asText().contains(" slot "));
            assertThat(done.tasks()).as(context + ": nothing stuck")
                    .allSatisfy(t -> assertThat(t.status()).isEqualTo(TaskStatus.COMPLETED));
            Map<Integer, Integer> attempts = completionAttempts(url, run);
            for (Task task : done.tasks()) {
                assertThat(attempts.get(task.id())).as(context + ": task " + task.id() + " completed by the attempt "
                        + "that held it").isEqualTo(task.attempts());
            }
            assertThat(Files.readString(done.directory().resolve("report.md"))).contains("Scripted report");
            assertThat(kills).as(context + ": workers were killed").isPositive();
            assertThat(freezes).as(context + ": workers were frozen").isPositive();
            assertThat(restarted).as(context + ": the server was restarted").isTrue();
            server.process.signal("TERM");
            Child.Result ended = server.process.await();
            assertThat(ended.exit()).as(context + "\n" + ended).isEqualTo(143);
        } finally {
            for (Child worker : workers) {
                worker.signal("CONT");
                worker.kill();
            }
            if (server != null && server.process.alive()) {
                server.process.kill();
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

    private static int completed(String url, String run) throws SQLException {
        try (Connection c = jdbc(url); PreparedStatement count = c.prepareStatement(
                "SELECT count(*) FROM longtask_tasks WHERE run_id = ? AND status = 'completed'")) {
            count.setString(1, run);
            try (ResultSet row = count.executeQuery()) {
                row.next();
                return row.getInt(1);
            }
        }
    }

    /** The attempt each task.completed event was written under (the fencing token the database checked). */
    private static Map<Integer, Integer> completionAttempts(String url, String run) throws SQLException {
        try (Connection c = jdbc(url); PreparedStatement select = c.prepareStatement("SELECT task, attempt FROM "
                + "longtask_events WHERE run_id = ? AND type = 'task.completed'")) {
            select.setString(1, run);
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
