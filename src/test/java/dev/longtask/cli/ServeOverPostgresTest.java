package dev.longtask.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.longtask.model.Event;
import dev.longtask.model.EventType;
import dev.longtask.store.postgres.PostgresDatabase;
import dev.longtask.store.postgres.PostgresRuns;
import dev.longtask.store.postgres.PostgresUrl;
import dev.longtask.testing.EmbeddedPostgres;
import dev.longtask.testing.ScriptedProvider;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code longtask serve --store URL --slots 0} with a {@code longtask worker} beside it: a run submitted through the
 * API is planned, directed and reported by the server while the worker runs every task, and the API (the run, its
 * tasks, a transcript the worker wrote into the database, the report, the run list) and the event stream read it from
 * the database: every event of the log reached the stream once, in order.
 */
class ServeOverPostgresTest {
    @TempDir
    Path dir;

    @Test
    void theServerSchedulesAndServesWhileAWorkerRunsTheTasks() throws Exception {
        String url = EmbeddedPostgres.newDatabase();
        Path ws = Files.createDirectories(dir.resolve("ws")).toRealPath();
        Files.writeString(ws.resolve("notes.txt"), "a note to summarise\n");
        Path home = dir.resolve("home");
        ServeChild server = null;
        Child worker = null;
        try (ScriptedProvider model = new ScriptedProvider(new ScriptedProvider.Options(0, 4,
                Duration.ofMillis(100), null, 0, 0, null))) {
            server = ServeChild.start(home, url, ws, dir.resolve("state"), model.baseUrl());
            ServeChild started = server;
            // the banner's lines after "listening on" may be read a moment after it
            dev.longtask.testing.Waiting.until(() -> started.process.outSoFar().contains("workers run every task")
                    || !started.process.alive(), "the banner's store line");
            assertThat(server.process.outSoFar()).contains("store: PostgreSQL").contains("workers run every task");
            assertThat(server.get("/api/health").path("store").asText()).startsWith("PostgreSQL ");
            worker = Child.start(home, Map.of(), "worker", "--store", url, "--slots", "2");

            String runId = server.submit("Summarise the notes", ws);
            ServeChild following = server;
            CompletableFuture<ServeChild.Streamed> stream = CompletableFuture.supplyAsync(() -> {
                try {
                    return following.follow(runId);
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            ServeChild.Streamed streamed = stream.get(90, TimeUnit.SECONDS);
            assertThat(streamed.end().path("status").asText()).isEqualTo("completed");

            JsonNode run = server.get("/api/runs/" + runId);
            assertThat(run.path("status").asText()).isEqualTo("completed");
            assertThat(run.path("tasks").path("completed").asInt()).isEqualTo(4);
            assertThat(run.path("has_report").asBoolean()).isTrue();
            assertThat(server.get("/api/runs").path("runs").findValuesAsText("run_id")).contains(runId);
            assertThat(server.get("/api/runs/" + runId + "/tasks").path("tasks")).hasSize(4);
            JsonNode transcript = server.get("/api/runs/" + runId + "/tasks/1/transcript");
            assertThat(transcript.path("entries").size()).as("the worker's transcript, from the database")
                    .isPositive();
            assertThat(server.get("/api/runs/" + runId + "/report").path("markdown").asText())
                    .contains("Scripted report");

            List<Event> log;
            try (PostgresDatabase db = PostgresDatabase.connect(PostgresUrl.parse(url, Map.of()), Map.of(), 2)) {
                log = PostgresRuns.events(db, runId, 0, type -> true);
            }
            assertThat(streamed.ids()).as("every event of the log, once, in order")
                    .isEqualTo(log.stream().map(Event::seq).toList());
            assertThat(log.stream().filter(e -> EventType.TASK_CLAIMED.equals(e.type())))
                    .as("the worker ran every task, the server none")
                    .allMatch(e -> e.data().path("owner").asText().contains(" slot "));
        } finally {
            if (worker != null) {
                worker.signal("TERM");
                assertThat(worker.await().exit()).isEqualTo(143);
            }
            if (server != null) {
                server.process.signal("TERM");
                Child.Result ended = server.process.await();
                assertThat(ended.exit()).as(ended.toString()).isEqualTo(143);
            }
        }
    }
}
