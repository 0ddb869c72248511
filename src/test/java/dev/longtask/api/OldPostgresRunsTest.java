package dev.longtask.api;

import static org.assertj.core.api.Assertions.assertThat;

import dev.longtask.model.Budget;
import dev.longtask.model.RunStatus;
import dev.longtask.model.Task;
import dev.longtask.model.TaskResult;
import dev.longtask.model.TaskStatus;
import dev.longtask.model.run.FsyncPolicy;
import dev.longtask.model.run.RunStore;
import dev.longtask.model.run.RunStores;
import dev.longtask.model.run.StoreOptions;
import dev.longtask.testing.EmbeddedPostgres;
import dev.longtask.testing.EngineFixture;
import dev.longtask.testing.RunFixtures;
import dev.longtask.testing.ScriptedModel;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A PostgreSQL database made before the store was restructured (kept as a fixture:
 * src/test/resources/fixtures/postgres-v1, a plain pg_dump made by commit ae8d6f8 at schema version 1) is migrated by
 * today's store and its runs read and resume: the finished run reads the same (status, tasks, results, report), the
 * paused one carries on from where it stopped without redoing its work.
 */
class OldPostgresRunsTest {
    /** Where the fixture's workspaces were when the dump was made; the test puts its own in their place. */
    private static final String MADE_IN = "/tmp/longtask-pg-fixture";
    private static final StoreOptions OPTIONS = StoreOptions.defaults().withSecrets(List.of())
            .withFsync(FsyncPolicy.NONE);

    @TempDir
    Path tmp;

    @Test
    void aDatabaseOfSchemaVersionOneIsMigratedAndItsRunsReadTheSameAndResume() throws Exception {
        String url = EmbeddedPostgres.newDatabase();
        Path root = RunFixtures.copy("postgres-v1", tmp);
        load(url, root);
        Path paused = root.resolve("fixture-paused");
        Path completed = root.resolve("fixture-completed");
        assertThat(schemaVersions(url)).as("the fixture is of the first schema").containsExactly(1);

        try (RunStores stores = Stores.of(url, Map.of(), 4)) {
            assertThat(stores.list(paused)).containsExactlyInAnyOrder("fixture-paused", "fixture-completed");
            assertThat(schemaVersions(url)).as("migrated once the store opened the database").containsExactly(1, 2, 3);

            Runs finished = Runs.of(stores, completed);
            assertThat(finished.snapshot("fixture-completed").figures().status()).isEqualTo(RunStatus.COMPLETED);
            assertThat(finished.tasks("fixture-completed")).extracting(Task::subject, Task::status).containsExactly(
                    org.assertj.core.groups.Tuple.tuple("Step one", TaskStatus.COMPLETED),
                    org.assertj.core.groups.Tuple.tuple("Step two", TaskStatus.COMPLETED),
                    org.assertj.core.groups.Tuple.tuple("Step three", TaskStatus.COMPLETED),
                    org.assertj.core.groups.Tuple.tuple("Step four", TaskStatus.COMPLETED));
            assertThat(finished.report("fixture-completed")).hasValueSatisfying(
                    report -> assertThat(report).contains("all four steps"));
            List<TaskResult> results = new ArrayList<>();
            try (RunStore run = stores.open(completed, "fixture-completed", OPTIONS).store()) {
                for (int id = 1; id <= 4; id++) {
                    Optional<TaskResult> result = run.result(id);
                    assertThat(result).as("task %d's result", id).isPresent();
                    results.add(result.get());
                }
            }
            assertThat(results).extracting(TaskResult::success).containsOnly(true);
            assertThat(results).extracting(TaskResult::summary).containsExactly(
                    "did Step one", "did Step two", "did Step three", "did Step four");

            Runs stopped = Runs.of(stores, paused);
            Snapshot before = stopped.snapshot("fixture-paused");
            assertThat(before.figures().status()).isEqualTo(RunStatus.PAUSED);
            assertThat(stopped.tasks("fixture-paused")).extracting(Task::status).containsExactly(
                    TaskStatus.COMPLETED, TaskStatus.PENDING, TaskStatus.PENDING, TaskStatus.PENDING);

            ScriptedModel model = new ScriptedModel(dev.longtask.engine.StopAndResumeTestScript::chain);
            try (Longtask longtask = Longtask.builder().workspace(paused).home(tmp.resolve("home"))
                    .environment(Map.of()).llm(model, EngineFixture.models(model).pricing())
                    .fsync(FsyncPolicy.NONE).stores(stores).build()) {
                Outcome outcome = longtask.resume(ResumeRequest.of("fixture-paused")
                        .withBudget(new Budget(1_000_000L, null, null))).await();

                assertThat(outcome.status()).as(outcome.reason()).isEqualTo(RunStatus.COMPLETED);
                assertThat(model.calls("task", "Step one")).as("a completed task never runs again").isZero();
                assertThat(model.calls("planner", "")).as("nor is the run planned again").isZero();
            }
            assertThat(stopped.tasks("fixture-paused")).extracting(Task::status).containsOnly(TaskStatus.COMPLETED);
            assertThat(stopped.snapshot("fixture-paused").figures().status()).isEqualTo(RunStatus.COMPLETED);
            assertThat(paused.resolve("out/4.md")).hasContent("Step four");
            assertThat(Runs.of(stores, completed).snapshot("fixture-completed").figures())
                    .as("the other run is left as it was").isEqualTo(finished.snapshot("fixture-completed").figures());
        }
    }

    /** Loads the dump into the empty database, the workspaces' paths moved to their copies under {@code root}. */
    private static void load(String url, Path root) throws IOException, SQLException {
        // the lines of psql's meta-commands (pg_dump 15.14 and later opens and closes with one) are for psql only
        String dump = Files.readString(root.resolve("dump.sql"), StandardCharsets.UTF_8).lines()
                .filter(line -> !line.startsWith("\\")).collect(Collectors.joining("\n"));
        try (Connection c = connect(url); Statement s = c.createStatement()) {
            s.execute(dump.replace(MADE_IN, root.toString()));
        }
    }

    private static List<Integer> schemaVersions(String url) throws SQLException {
        List<Integer> versions = new ArrayList<>();
        try (Connection c = connect(url); Statement s = c.createStatement();
             ResultSet rows = s.executeQuery("SELECT version FROM public.longtask_schema ORDER BY version")) {
            while (rows.next()) {
                versions.add(rows.getInt(1));
            }
        }
        return versions;
    }

    private static Connection connect(String url) throws SQLException {
        return DriverManager.getConnection("jdbc:" + url.replaceFirst("postgres@", ""), "postgres", "");
    }
}
