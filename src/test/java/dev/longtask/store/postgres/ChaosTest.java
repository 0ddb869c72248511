package dev.longtask.store.postgres;

import dev.longtask.testing.ChildJvm;
import static org.assertj.core.api.Assertions.assertThat;

import dev.longtask.model.Event;
import dev.longtask.model.RunStatus;
import dev.longtask.model.Task;
import dev.longtask.model.TaskDraft;
import dev.longtask.model.TaskStatus;
import dev.longtask.model.run.RunSnapshot;
import dev.longtask.model.run.StoreOptions;
import dev.longtask.testing.ChaosLog;
import dev.longtask.testing.EmbeddedPostgres;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Four worker processes on 100 tasks of one run, while the test kills workers with SIGKILL (and starts new ones) and
 * freezes others with SIGSTOP past their lease before SIGCONT: every task ends completed exactly once, by the attempt
 * that held it; no task is claimed again after its completion; the log has no gap; nothing is left stuck.
 */
class ChaosTest {
    /** Enough work for the chaos (an act every 150-400 ms) to hit workers mid-task several times over. */
    private static final int TASKS = 100;
    private static final int WORKERS = 4;
    private static final long LEASE_MS = 800;

    @TempDir
    Path workspace;

    @Test
    void workersKilledAndFrozenAtRandomLeaveEveryTaskCompletedExactlyOnce() throws Exception {
        String url = EmbeddedPostgres.newDatabase();
        long seed = new Random().nextLong();
        Random random = new Random(seed);
        String context = "seed " + seed;
        try (PostgresDatabase db = PostgresDatabase.connect(PostgresUrl.parse(url, Map.of()), Map.of(), 4);
             PostgresRunStore run = PostgresRunStore.create(db, workspace, "chaos", "survive the chaos", null, null,
                     null, StoreOptions.defaults().withSecrets(List.of()), Duration.ofMillis(LEASE_MS))) {
            for (int i = 1; i <= TASKS; i++) {
                // a few chains, so completions unblock tasks while workers die
                List<Integer> blockedBy = i > 75 ? List.of(i - 25) : List.of();
                run.createTask(new TaskDraft("t" + i, "do " + i, "general", blockedBy, Map.of(), Map.of(), List.of()));
            }
            run.setRunStatus(RunStatus.RUNNING, "");

            AtomicInteger fenced = new AtomicInteger();
            List<Process> workers = new ArrayList<>();
            int kills = 0;
            int freezes = 0;
            try {
                for (int w = 0; w < WORKERS; w++) {
                    workers.add(start(url, "w" + w, random.nextLong(), fenced));
                }
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
                while (completed(db) < TASKS) {
                    assertThat(System.nanoTime()).as(context + ": all tasks done in time, "
                            + completed(db) + " of " + TASKS).isLessThan(deadline);
                    Thread.sleep(150 + random.nextInt(250)); // the pace of the chaos, not a synchronisation
                    int victim = random.nextInt(WORKERS);
                    Process worker = workers.get(victim);
                    if (random.nextBoolean() && kills < 4) {
                        worker.destroyForcibly();
                        worker.waitFor(10, TimeUnit.SECONDS);
                        workers.set(victim, start(url, "w" + victim + "-" + (++kills), random.nextLong(), fenced));
                    } else if (freezes < 4) {
                        freezes++;
                        signal("STOP", worker.pid());
                        Thread.sleep(LEASE_MS + 200 + random.nextInt(400)); // frozen past its lease, on purpose
                        signal("CONT", worker.pid());
                    }
                }
            } finally {
                for (Process worker : workers) {
                    signal("CONT", worker.pid());
                    worker.destroyForcibly();
                    worker.waitFor(10, TimeUnit.SECONDS);
                }
            }

            run.refresh();
            List<Event> events = run.eventsAfter(0);
            ChaosLog.assertEveryTaskCompletedOnce(events, TASKS, context);
            assertThat(run.tasks()).as(context + ": nothing stuck")
                    .allSatisfy(t -> assertThat(t.status()).isEqualTo(TaskStatus.COMPLETED));
            for (Task task : run.tasks()) {
                // the completion and the result were written by the attempt that held the task at the end
                assertThat(completionAttempt(db, task.id())).as(context + " task " + task.id()).isEqualTo(task.attempts());
                assertThat(run.result(task.id()).orElseThrow().json().get("attempt").asInt()).isEqualTo(task.attempts());
            }
            RunSnapshot replayed = PostgresRuns.read(db, "chaos");
            assertThat(replayed.tasks()).isEqualTo(run.tasks());
            assertThat(kills + freezes).as(context + ": chaos happened").isPositive();
        }
    }

    private static int completed(PostgresDatabase db) throws Exception {
        try (Connection c = db.connection(); PreparedStatement count = c.prepareStatement(
                "SELECT count(*) FROM longtask_tasks WHERE run_id = 'chaos' AND status = 'completed'");
             ResultSet row = count.executeQuery()) {
            row.next();
            return row.getInt(1);
        }
    }

    private static int completionAttempt(PostgresDatabase db, int task) throws Exception {
        try (Connection c = db.connection(); PreparedStatement select = c.prepareStatement("SELECT attempt FROM "
                + "longtask_events WHERE run_id = 'chaos' AND task = ? AND type = 'task.completed'")) {
            select.setInt(1, task);
            try (ResultSet row = select.executeQuery()) {
                row.next();
                return row.getInt(1);
            }
        }
    }

    private static Process start(String url, String owner, long seed, AtomicInteger fenced) throws Exception {
        Process child = new ProcessBuilder(ChildJvm.testMain(ChaosWorker.class, List.of("-Xmx192m"), url, owner,
                String.valueOf(LEASE_MS), String.valueOf(seed)))
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        Thread reader = new Thread(() -> {
            try (BufferedReader lines = new BufferedReader(new InputStreamReader(child.getInputStream(),
                    StandardCharsets.UTF_8))) {
                for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                    if (line.startsWith("FENCED")) {
                        fenced.incrementAndGet();
                    }
                }
            } catch (java.io.IOException e) {
                // the worker was killed
            }
        });
        reader.setDaemon(true);
        reader.start();
        return child;
    }

    private static void signal(String signal, long pid) throws Exception {
        new ProcessBuilder("kill", "-" + signal, String.valueOf(pid)).start().waitFor(10, TimeUnit.SECONDS);
    }
}
