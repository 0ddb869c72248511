package dev.longtask.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.longtask.model.run.RunLockedException;
import dev.longtask.model.run.StoreOptions;
import dev.longtask.store.file.FileRunStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A task's diff and a rollback through the API: what the task wrote is shown, then undone on request. */
class ChangesApiTest {
    @TempDir
    Path dir;

    @Test
    void aTasksDiffIsReadableAndARollbackUndoesIt() throws Exception {
        Jobs jobs = new Jobs(1, 0, true);
        try (ServerFixture f = ServerFixture.start(dir, jobs.model, o -> o)) {
            String id = f.submit("job-31: one step", Map.of());
            ServerFixture.await("the run to complete", Duration.ofSeconds(60),
                    () -> "completed".equals(f.run(id).path("status").asText()));

            JsonNode diff = f.json(f.get("/api/runs/" + id + "/tasks/1/diff"));
            assertThat(diff.path("attempt").asInt()).isEqualTo(1);
            JsonNode file = diff.path("files").path(0);
            assertThat(file.path("change").asText()).isEqualTo("added");
            assertThat(file.path("unified").asText()).contains("+++ b/" + file.path("path").asText())
                    .contains("+notes of");
            Path written = f.workspace.resolve(file.path("path").asText());
            assertThat(written).exists();
            assertThat(f.get("/api/runs/" + id + "/tasks/9/diff").statusCode()).isEqualTo(404);
            JsonNode brief = f.json(f.get("/api/runs/" + id + "/changes"));
            assertThat(brief.path("tasks").path(0).path("files").path(0).path("path").asText())
                    .isEqualTo(file.path("path").asText());
            assertThat(brief.path("tasks").path(0).path("files").path(0).has("unified")).isFalse();
            assertThat(brief.path("shared_files").isObject()).isTrue();

            assertThat(f.post("/api/runs/" + id + "/rollback", "{\"task\": 1, \"after\": 1}").statusCode())
                    .isEqualTo(400);
            var typo = f.post("/api/runs/" + id + "/rollback", "{\"after\": 9}");
            assertThat(typo.statusCode()).as("after a task the run does not have: " + typo.body()).isEqualTo(404);
            assertThat(written).as("nothing undone by a typo").exists();
            // A run the pool has just ended shows as ended while its session may still hold it open: the rollback
            // waits for the writer to close rather than answering 409 (the test holds it open for a moment).
            FileRunStore held = openWhenFree(f.workspace, id);
            Thread closer = new Thread(() -> {
                try {
                    Thread.sleep(300);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                held.close();
            });
            closer.start();
            var rolled = f.post("/api/runs/" + id + "/rollback", "{\"task\": 1}");
            closer.join();
            assertThat(rolled.statusCode()).as(rolled.body()).isEqualTo(200);
            assertThat(f.json(rolled).path("restored").toString()).contains(file.path("path").asText());
            assertThat(Files.exists(written)).isFalse();
            assertThat(f.json(f.get("/api/runs/" + id + "/tasks/1/diff")).path("files").size()).isZero();
            String events = Files.readString(f.workspace.resolve(".longtask/runs/" + id + "/events.jsonl"));
            assertThat(events).as("the rollback is an event of the run").contains("\"type\":\"run.rolled_back\"")
                    .contains("\"scope\":\"task #1\"").contains("\"by\":\"api\"");
        }
    }

    private static FileRunStore openWhenFree(Path workspace, String runId) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (true) {
            try {
                return FileRunStore.open(workspace, runId, StoreOptions.defaults());
            } catch (RunLockedException closing) {
                assertThat(System.nanoTime()).as("the pool's session closed the run").isLessThan(deadline);
                Thread.sleep(20);
            }
        }
    }
}
