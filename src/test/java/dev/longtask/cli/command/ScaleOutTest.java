package dev.longtask.cli.command;

import static org.assertj.core.api.Assertions.assertThat;

import dev.longtask.cli.Child;
import dev.longtask.cli.CliRunner;
import dev.longtask.model.config.Environment;
import dev.longtask.model.Event;
import dev.longtask.model.EventType;
import dev.longtask.model.RunStatus;
import dev.longtask.model.Task;
import dev.longtask.model.TaskStatus;
import dev.longtask.store.postgres.PostgresDatabase;
import dev.longtask.store.postgres.PostgresRuns;
import dev.longtask.store.postgres.PostgresUrl;
import dev.longtask.model.run.RunSnapshot;
import dev.longtask.testing.EmbeddedPostgres;
import dev.longtask.testing.ScriptedProvider;
import dev.longtask.testing.Waiting;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs kept in PostgreSQL, driven as a user drives them: {@code run --store URL} in a child JVM on the scripted model,
 * read back by {@code status}, {@code tasks}, {@code runs} and {@code report}; and a run started with {@code --slots 0}
 * whose tasks only {@code longtask worker} processes run, one of them stopped by SIGTERM in the middle of a task.
 */
class ScaleOutTest {
    @TempDir
    Path dir;

    @Test
    void aWholeRunKeptInPostgresIsReadBackByTheReadingCommands() throws Exception {
        String url = EmbeddedPostgres.newDatabase();
        Path ws = workspace();
        try (ScriptedProvider model = new ScriptedProvider(ScriptedProvider.Options.defaults())) {
            Child.Result run = Child.run(dir.resolve("home"), Map.of(), "run", "Summarise the notes", "--run-id",
                    "pg-run", "--store", url, "--base-url", model.baseUrl(), "--model", "openai:scripted",
                    "-C", ws.toString());
            assertThat(run.exit()).as(run.toString()).isZero();
        }
        RunSnapshot stored = read(url, "pg-run");
        assertThat(stored.run().status()).isEqualTo(RunStatus.COMPLETED);
        assertThat(stored.tasks()).hasSize(3).allMatch(t -> t.status() == TaskStatus.COMPLETED);
        // The file store of the workspace holds no log: the database is the truth, the directory its projections.
        assertThat(ws.resolve(".longtask/runs/pg-run/events.jsonl")).doesNotExist();
        assertThat(ws.resolve(".longtask/runs/pg-run/task_plan.md")).isRegularFile();

        CliRunner.Result status = CliRunner.run("status", "--store", url, "-C", ws.toString());
        assertThat(status.exit()).as(status.toString()).isZero();
        assertThat(status.out()).contains("run      pg-run").contains("completed").contains("3 done");
        CliRunner.Result fileStatus = CliRunner.run("status", "-C", ws.toString());
        assertThat(fileStatus.exit()).as("the file store has no such run").isEqualTo(2);
        CliRunner.Result tasks = CliRunner.run("tasks", "pg-run", "--store", url, "-C", ws.toString());
        assertThat(tasks.out().lines().filter(l -> l.startsWith("[x]"))).hasSize(3);
        CliRunner.Result runs = CliRunner.run("runs", "--store", url, "-C", ws.toString());
        assertThat(runs.out()).contains("pg-run").contains("3/3");
        CliRunner.Result report = CliRunner.run("report", "--store", url, "-C", ws.toString());
        assertThat(report.out()).contains("Scripted report");
    }

    @Test
    void aRunWithNoSlotsIsCarriedOutByWorkersAndAStoppedWorkerGivesItsTaskBack() throws Exception {
        String url = EmbeddedPostgres.newDatabase();
        Path ws = workspace();
        Path home = dir.resolve("home");
        ScriptedProvider.Options slow = new ScriptedProvider.Options(0, 3, Duration.ofMillis(300), null, 0, 0, null);
        try (ScriptedProvider model = new ScriptedProvider(slow)) {
            Child run = Child.start(home, Map.of(), "run", "Summarise the notes", "--run-id", "shared", "--store", url,
                    "--slots", "0", "--base-url", model.baseUrl(), "--model", "openai:scripted", "-C", ws.toString());
            Waiting.until(() -> exists(url, "shared") && read(url, "shared").tasks().size() == 3
                    && read(url, "shared").run().status() == RunStatus.RUNNING, "the run is planned");
            assertThat(read(url, "shared").tasks()).as("the run's own process runs no agent")
                    .allMatch(t -> t.status() == TaskStatus.PENDING);

            Child first = Child.start(home, Map.of(), "worker", "--store", url, "--slots", "1");
            Waiting.until(() -> inProgress(url).size() == 1, "the first worker claims a task");
            int taken = inProgress(url).get(0).id();
            first.signal("TERM");
            Child.Result stopped = first.await();
            assertThat(stopped.exit()).as(stopped.toString()).isEqualTo(143);
            Task given = read(url, "shared").task(taken);
            assertThat(given.status()).as("given back at once, not after its 30 s lease")
                    .isIn(TaskStatus.PENDING, TaskStatus.COMPLETED);

            // One more worker carries the rest (several workers at once: SoakTest, DatabaseRestartTest).
            Child second = Child.start(home, Map.of(), "worker", "--store", url, "--slots", "3");
            Child.Result ended = run.await();
            assertThat(ended.exit()).as(ended.toString()).isZero();
            second.signal("TERM");
            Child.Result secondOut = second.await();
            assertThat(secondOut.exit()).as(secondOut.toString()).isEqualTo(143);

            RunSnapshot done = read(url, "shared");
            assertThat(done.run().status()).isEqualTo(RunStatus.COMPLETED);
            assertThat(done.tasks()).allMatch(t -> t.status() == TaskStatus.COMPLETED);
            List<Event> events = events(url, "shared");
            List<Event> claims = events.stream().filter(e -> EventType.TASK_CLAIMED.equals(e.type())).toList();
            assertThat(claims).as("every claim was a worker's").allMatch(e -> e.data().path("owner").asText()
                    .contains(" slot "));
            assertThat(events.stream().filter(e -> EventType.TASK_COMPLETED.equals(e.type())).map(Event::task))
                    .as("each task completed exactly once").containsExactlyInAnyOrder(1, 2, 3);
            assertThat(Files.readString(done.directory().resolve("report.md"))).contains("Scripted report");
        }
    }

    @Test
    void aRunWithItsOwnSlotsSharesItsTasksWithAWorker() throws Exception {
        String url = EmbeddedPostgres.newDatabase();
        Path ws = workspace();
        Path home = dir.resolve("home");
        ScriptedProvider.Options slow = new ScriptedProvider.Options(0, 4, Duration.ofMillis(200), null, 0, 0, null);
        try (ScriptedProvider model = new ScriptedProvider(slow)) {
            Child worker = Child.start(home, Map.of(), "worker", "--store", url, "--slots", "2");
            Child.Result run = Child.run(home, Map.of(), "run", "Summarise the notes", "--run-id", "mixed", "--store",
                    url, "--concurrency", "1", "--base-url", model.baseUrl(), "--model", "openai:scripted",
                    "-C", ws.toString());
            worker.signal("TERM");
            Child.Result workerOut = worker.await();
            assertThat(run.exit()).as(run + "\n" + workerOut).isZero();
            assertThat(workerOut.exit()).as(workerOut.toString()).isEqualTo(143);
        }
        List<Event> events = events(url, "mixed");
        assertThat(events.stream().filter(e -> EventType.TASK_COMPLETED.equals(e.type())).map(Event::task))
                .as("each task completed exactly once, by whichever process claimed it")
                .containsExactlyInAnyOrder(1, 2, 3, 4);
        assertThat(read(url, "mixed").run().status()).isEqualTo(RunStatus.COMPLETED);
    }

    @Test
    void doctorShowsTheStoreOfTheConfigAndWhatWorkersNeed() throws Exception {
        String url = EmbeddedPostgres.newDatabase();
        Path ws = workspace();
        Environment environment = new Environment(Map.of(), dir.resolve("none.yaml"));
        Files.createDirectories(ws.resolve(".longtask"));
        Files.writeString(ws.resolve(".longtask/config.yaml"), "store: " + url + "\n");
        CliRunner.Result untrusted = CliRunner.runCommand(new DoctorCommand(environment), "-C", ws.toString(),
                "--model", "openai:gpt-4.1");
        assertThat(untrusted.out()).contains("NOT REACHED: " + url + " is not trusted");
        assertThat(CliRunner.runCommand(new TrustCommand(environment), ws.toString()).exit()).isZero();
        CliRunner.Result doctor = CliRunner.runCommand(new DoctorCommand(environment), "-C", ws.toString(),
                "--model", "openai:gpt-4.1");
        assertThat(doctor.out()).containsPattern("store +PostgreSQL localhost:\\d+/longtask_test_\\d+, reachable")
                .contains("workers").contains("same path");

        Files.writeString(ws.resolve(".longtask/config.yaml"), "store: postgresql://nobody@127.0.0.1:1/none\n");
        assertThat(CliRunner.runCommand(new TrustCommand(environment), ws.toString()).exit()).isZero();
        CliRunner.Result down = CliRunner.runCommand(new DoctorCommand(environment), "-C", ws.toString(),
                "--model", "openai:gpt-4.1");
        assertThat(down.out()).contains("NOT USABLE: cannot connect to PostgreSQL at 127.0.0.1:1/none");
        CliRunner.Result status = CliRunner.runCommand(new StatusCommand(), "-C", ws.toString());
        assertThat(status.exit()).as("store: in config is used by status too: not before this user trusts it")
                .isEqualTo(2);
        assertThat(status.err()).contains("not trusted").doesNotContain("cannot connect").doesNotContain("\tat ");
        CliRunner.Result flagged = CliRunner.runCommand(new StatusCommand(), "-C", ws.toString(),
                "--store", "postgresql://nobody@127.0.0.1:1/none");
        assertThat(flagged.exit()).as("a store given on the command line is the person's own").isEqualTo(1);
        assertThat(flagged.err()).contains("cannot connect to PostgreSQL at 127.0.0.1:1/none").doesNotContain("\tat ");
    }

    private Path workspace() throws Exception {
        Path ws = Files.createDirectories(dir.resolve("ws"));
        Files.writeString(ws.resolve("notes.txt"), "a note to summarise\n");
        return ws.toRealPath();
    }

    private static List<Task> inProgress(String url) {
        return read(url, "shared").tasks().stream().filter(t -> t.status() == TaskStatus.IN_PROGRESS).toList();
    }

    private static boolean exists(String url, String runId) {
        try (PostgresDatabase db = connect(url)) {
            return PostgresRuns.list(db).contains(runId);
        }
    }

    private static RunSnapshot read(String url, String runId) {
        try (PostgresDatabase db = connect(url)) {
            return PostgresRuns.read(db, runId);
        }
    }

    private static List<Event> events(String url, String runId) {
        try (PostgresDatabase db = connect(url)) {
            return PostgresRuns.events(db, runId, 0, type -> true);
        }
    }

    private static PostgresDatabase connect(String url) {
        return PostgresDatabase.connect(PostgresUrl.parse(url, Map.of()), Map.of(), 2);
    }
}
