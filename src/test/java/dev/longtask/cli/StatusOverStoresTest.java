package dev.longtask.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.longtask.api.Stores;
import dev.longtask.cli.view.ProgressViews;
import dev.longtask.model.Budget;
import dev.longtask.model.EventData;
import dev.longtask.model.JsonMapping;
import dev.longtask.model.PlanEstimate;
import dev.longtask.model.RunSettings;
import dev.longtask.model.RunStatus;
import dev.longtask.model.TaskDraft;
import dev.longtask.model.run.RunStore;
import dev.longtask.model.run.RunStores;
import dev.longtask.model.run.StoreOptions;
import dev.longtask.testing.EmbeddedPostgres;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code status} and the live view show the same figures for a run kept in PostgreSQL as for one kept in files: the
 * time at work, the ETA counted down from the plan's estimate and the concurrency it is worked with all come from the
 * store's fold of the log, never from the run directory's files.
 */
class StatusOverStoresTest {
    private static final Instant T0 = Instant.parse("2026-11-26T10:00:00Z");

    @TempDir
    Path dir;

    /** A clock that says what it is told: both stores stamp the same times on the same events. */
    private static final class SetClock extends Clock {
        Instant now = T0;

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    }

    /** A run of two sessions (5 s, then 3 s, twenty minutes apart) whose plan carried an estimate of 480 s. */
    private static void write(RunStore store, SetClock clock, Instant base, RunStatus ending) {
        clock.now = base.plusSeconds(1);
        store.append(null, new EventData.SessionStarted(1, 1, "openai:x", 2));
        ObjectNode estimate = JsonMapping.MAPPER.createObjectNode().put("time_s", 480);
        ArrayNode planned = JsonMapping.MAPPER.createArrayNode();
        planned.addObject().put("key", "a").put("subject", "first");
        planned.addObject().put("key", "b").put("subject", "second");
        clock.now = base.plusSeconds(2);
        store.append(null, new EventData.PlanAccepted(1, "planner", 1, planned, estimate));
        store.createTask(TaskDraft.of("first"));
        store.createTask(TaskDraft.of("second"));
        clock.now = base.plusSeconds(6);
        store.setRunStatus(RunStatus.PAUSED, "paused on request");
        clock.now = base.plusSeconds(1206);
        store.append(null, new EventData.SessionStarted(2, 1, "openai:x", 3));
        clock.now = base.plusSeconds(1209);
        store.setRunStatus(ending, "");
    }

    /** A run at work for a minute now, whose plan carried an estimate of 480 s. */
    private static void working(RunStore store, SetClock clock, Instant base) {
        clock.now = base.plusSeconds(1);
        store.append(null, new EventData.SessionStarted(1, 1, "openai:x", 2));
        ObjectNode estimate = JsonMapping.MAPPER.createObjectNode().put("time_s", 480);
        ArrayNode planned = JsonMapping.MAPPER.createArrayNode();
        planned.addObject().put("key", "a").put("subject", "first");
        clock.now = base.plusSeconds(2);
        store.append(null, new EventData.PlanAccepted(1, "planner", 1, planned, estimate));
        store.createTask(TaskDraft.of("first"));
        store.setRunStatus(RunStatus.RUNNING, "");
    }

    private static StoreOptions options(SetClock clock) {
        return StoreOptions.defaults().withSecrets(List.of()).withClock(clock);
    }

    @Test
    void aRunAtRestShowsTheSameTimeAtWorkFromEitherStore() throws Exception {
        Path ws = Files.createDirectories(dir.resolve("ws"));
        String url = EmbeddedPostgres.newDatabase();
        SetClock clock = new SetClock();
        try (RunStore files = Stores.files().create(ws, "in-files", "g", "openai:x", Budget.UNLIMITED,
                RunSettings.NONE, options(clock))) {
            write(files, clock, T0, RunStatus.PAUSED);
        }
        try (RunStores database = Stores.of(url, Map.of(), 2)) {
            clock.now = T0;
            try (RunStore kept = database.create(ws, "in-postgres", "g", "openai:x", Budget.UNLIMITED,
                    RunSettings.NONE, options(clock))) {
                write(kept, clock, T0, RunStatus.PAUSED);
            }
        }

        CliRunner.Result fromFiles = CliRunner.run("status", "in-files", "-C", ws.toString());
        CliRunner.Result fromDatabase = CliRunner.run("status", "in-postgres", "--store", url, "-C", ws.toString());

        assertThat(fromFiles.exit()).as(fromFiles.toString()).isZero();
        assertThat(fromDatabase.exit()).as(fromDatabase.toString()).isZero();
        assertThat(fromFiles.out()).as("5 s of the first session and 3 s of the second, not the gap")
                .contains("at work 8s · since created 20m 09s");
        assertThat(fromDatabase.out().replace("in-postgres", "in-files")).isEqualTo(fromFiles.out());

        CliRunner.Result jsonFromFiles = CliRunner.run("status", "in-files", "--json", "-C", ws.toString());
        CliRunner.Result jsonFromDatabase = CliRunner.run("status", "in-postgres", "--json", "--store", url, "-C",
                ws.toString());
        assertThat(jsonFromDatabase.out().replace("in-postgres", "in-files")).isEqualTo(jsonFromFiles.out());
    }

    @Test
    void aRunAtWorkCountsItsPlansEstimateDownFromEitherStore() throws Exception {
        Path ws = Files.createDirectories(dir.resolve("ws"));
        String url = EmbeddedPostgres.newDatabase();
        SetClock clock = new SetClock();
        // A minute ago, so that the estimate of 480 s is not yet spent when status looks.
        Instant base = Instant.now().minusSeconds(60).truncatedTo(java.time.temporal.ChronoUnit.MILLIS);
        clock.now = base;
        try (RunStores database = Stores.of(url, Map.of(), 2);
             RunStore files = Stores.files().create(ws, "in-files", "g", "openai:x", Budget.UNLIMITED,
                     RunSettings.NONE, options(clock))) {
            working(files, clock, base);
            clock.now = base;
            try (RunStore kept = database.create(ws, "in-postgres", "g", "openai:x", Budget.UNLIMITED,
                    RunSettings.NONE, options(clock))) {
                working(kept, clock, base);

                // The file run is open here, so its writer is alive; the shared store's runs are worked elsewhere.
                CliRunner.Result fromFiles = CliRunner.run("status", "in-files", "-C", ws.toString());
                CliRunner.Result fromDatabase = CliRunner.run("status", "in-postgres", "--store", url, "-C",
                        ws.toString());

                for (CliRunner.Result shown : List.of(fromFiles, fromDatabase)) {
                    assertThat(shown.exit()).as(shown.toString()).isZero();
                    assertThat(shown.out()).as(shown.out()).containsPattern("ETA [0-9hms ]+ \\(estimated\\)")
                            .containsPattern("at work [0-9hms ]+ · since created [0-9hms ]+");
                }
                assertThat(figures(fromDatabase.out())).isEqualTo(figures(fromFiles.out()));

                // The live view of a resumed run takes the estimate from the store, whichever it is.
                Optional<PlanEstimate> inFiles = ProgressViews.planIn(Stores.files(), ws).apply("in-files");
                Optional<PlanEstimate> inDatabase = ProgressViews.planIn(database, ws).apply("in-postgres");
                assertThat(inFiles).isPresent().isEqualTo(inDatabase);
                assertThat(inFiles.get().seconds()).isEqualTo(480L);
                assertThat(inFiles.get().accepted()).isEqualTo(base.plusSeconds(2));
            }
        }
    }

    /** The progress line without its counting digits, which move between two looks. */
    private static String figures(String status) {
        return status.lines().filter(l -> l.startsWith("progress") || l.startsWith("tasks"))
                .map(l -> l.replaceAll("  ETA .*", "").replaceAll("\\d+", "N")).toList().toString();
    }
}
