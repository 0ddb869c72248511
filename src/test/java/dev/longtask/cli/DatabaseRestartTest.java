package dev.longtask.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.longtask.model.Event;
import dev.longtask.model.EventType;
import dev.longtask.model.RunStatus;
import dev.longtask.model.TaskStatus;
import dev.longtask.store.postgres.PostgresDatabase;
import dev.longtask.store.postgres.PostgresRuns;
import dev.longtask.store.postgres.PostgresUrl;
import dev.longtask.model.run.RunSnapshot;
import dev.longtask.testing.ChaosLog;
import dev.longtask.testing.RestartablePostgres;
import dev.longtask.testing.ScriptedProvider;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A restart of PostgreSQL (as a failover or a minor upgrade does: every connection cut, nobody can connect for a
 * moment) in the middle of a run of {@code run --slots 0} and of a pool of {@code serve --store}, with workers: a pause
 * for every process, which says so, waits and goes on; every run completes, each task once.
 */
class DatabaseRestartTest {
    /** The data of the class's PostgreSQL: one server for both tests (a database each), each restarting it once. */
    @TempDir
    static Path postgresDir;
    private static RestartablePostgres pg;

    @TempDir
    Path dir;

    @BeforeAll
    static void startPostgres() {
        pg = new RestartablePostgres(postgresDir.resolve("pg"));
    }

    @AfterAll
    static void stopPostgres() {
        if (pg != null) {
            pg.close();
        }
    }

    @Test
    void aRunAndItsWorkersWaitOutARestartOfTheDatabaseAndFinish() throws Exception {
        int tasks = 8;
        ScriptedProvider.Options slow = new ScriptedProvider.Options(0, tasks, Duration.ofMillis(150), null, 0, 0, null);
        Path ws = workspace();
        Path home = dir.resolve("home");
        List<Child> workers = new ArrayList<>();
        try (ScriptedProvider model = new ScriptedProvider(slow)) {
            String url = pg.newDatabase("restart_run");
            Child run = Child.start(home, Map.of(), "run", "Summarise the notes", "--run-id", "through", "--store",
                    url, "--slots", "0", "--base-url", model.baseUrl(), "--model", "openai:scripted",
                    "-C", ws.toString());
            for (int w = 0; w < 2; w++) {
                workers.add(Child.start(home, Map.of(), "worker", "--store", url, "--slots", "2"));
            }
            awaitLong(() -> completed(url, "through") >= 2, "the workers complete a few tasks");
            pg.restart();

            Child.Result ended = run.await();
            assertThat(ended.exit()).as(ended.toString()).isZero();
            // The scheduling process (no slots) notices the restart only if it asked the database while it was
            // down: a loaded machine can keep it between looks for the whole restart (CI saw it say nothing once).
            // What it says, it says once, and that it went on.
            if (ended.err().contains("the database is away")) {
                assertThat(ended.err()).as("said once, and that it went on")
                        .containsOnlyOnce("the database is away").contains("the database is back");
            }
            for (Child worker : workers) {
                worker.signal("TERM");
                Child.Result out = worker.await();
                assertThat(out.exit()).as(out.toString()).isEqualTo(143);
                assertThat(out.out()).as(out.toString()).doesNotContain("internal error");
            }
            assertThat(workers.stream().map(Child::outSoFar).filter(o -> o.contains("the database is away")))
                    .as("a worker that looked during the restart says so").allMatch(o -> o.contains("is back"));
            RunSnapshot done = read(url, "through");
            assertThat(done.run().status()).isEqualTo(RunStatus.COMPLETED);
            assertThat(done.tasks()).hasSize(tasks).allMatch(t -> t.status() == TaskStatus.COMPLETED);
            ChaosLog.assertEveryTaskCompletedOnce(events(url, "through"), tasks, "restart");
        } finally {
            for (Child worker : workers) {
                worker.kill();
            }
        }
    }

    @Test
    void aServedPoolWaitsOutARestartOfTheDatabaseAndHoldsNoRun() throws Exception {
        ScriptedProvider.Options slow = new ScriptedProvider.Options(0, 4, Duration.ofMillis(250), null, 0, 0, null);
        Path ws = workspace();
        Path home = dir.resolve("home");
        Child worker = null;
        ServeChild server = null;
        try (ScriptedProvider model = new ScriptedProvider(slow)) {
            String url = pg.newDatabase("restart_pool");
            server = ServeChild.start(home, url, ws, dir.resolve("state"), model.baseUrl());
            worker = Child.start(home, Map.of(), "worker", "--store", url, "--slots", "3");
            List<String> runs = new ArrayList<>();
            for (int r = 0; r < 2; r++) {
                runs.add(server.submit("Summarise the notes, part " + r, ws));
            }
            awaitLong(() -> runs.stream().mapToInt(id -> completed(url, id)).sum() >= 2, "the pool's runs are under way");
            pg.restart();

            ServeChild serving = server;
            Child working = worker;
            for (String id : runs) {
                awaitLong(() -> status(serving, id).equals("completed") || status(serving, id).equals("failed"),
                        () -> "run " + id + " ends; the API says " + status(serving, id) + ", the tasks in the database: "
                                + taskStates(url, id) + "\n--- serve:\n" + serving.process.outSoFar() + serving.process.errSoFar()
                                + "\n--- worker:\n" + working.outSoFar() + working.errSoFar());
                assertThat(status(serving, id)).as("run " + id + ": " + serving.get("/api/runs/" + id))
                        .isEqualTo("completed");
                ChaosLog.assertEveryTaskCompletedOnce(events(url, id), 4, "run " + id);
            }
            assertThat(server.process.alive()).isTrue();
            assertThat(server.process.outSoFar()).doesNotContain("internal error");
            server.process.signal("TERM");
            assertThat(server.process.await().exit()).isEqualTo(143);
        } finally {
            if (worker != null) {
                worker.kill();
            }
            if (server != null && server.process.alive()) {
                server.process.kill();
            }
        }
    }

    /**
     * Waits for what several child JVMs (a run or a server, workers) bring about together: on a machine at load 20
     * their start alone takes a while, so the deadline is longer than the tests' usual minute.
     */
    private static void awaitLong(java.util.function.BooleanSupplier condition, String what) throws InterruptedException {
        awaitLong(condition, () -> what);
    }

    private static void awaitLong(java.util.function.BooleanSupplier condition, java.util.function.Supplier<String> what)
            throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofMinutes(4).toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting until " + what.get());
            }
            Thread.sleep(50); // polling the database for the condition, with the deadline above
        }
    }

    private static String status(ServeChild server, String runId) {
        try {
            return server.get("/api/runs/" + runId).path("status").asText();
        } catch (Exception e) {
            return "unreadable: " + e.getMessage(); // the database is away for a moment
        }
    }

    private Path workspace() throws Exception {
        Path ws = Files.createDirectories(dir.resolve("ws")).toRealPath();
        Files.writeString(ws.resolve("notes.txt"), "a note to summarise\n");
        return ws;
    }

    private static int completed(String url, String runId) {
        try {
            return (int) read(url, runId).tasks().stream().filter(t -> t.status() == TaskStatus.COMPLETED).count();
        } catch (RuntimeException e) {
            return 0; // not created yet
        }
    }

    private static String taskStates(String url, String runId) {
        try {
            return read(url, runId).tasks().stream().map(t -> t.id() + "=" + t.status()).toList().toString();
        } catch (RuntimeException e) {
            return "unreadable: " + e;
        }
    }

    private static RunSnapshot read(String url, String runId) {
        try (PostgresDatabase db = PostgresDatabase.connect(PostgresUrl.parse(url, Map.of()), Map.of(), 2)) {
            return PostgresRuns.read(db, runId);
        }
    }

    private static List<Event> events(String url, String runId) {
        try (PostgresDatabase db = PostgresDatabase.connect(PostgresUrl.parse(url, Map.of()), Map.of(), 2)) {
            return PostgresRuns.events(db, runId, 0, type -> true);
        }
    }
}
