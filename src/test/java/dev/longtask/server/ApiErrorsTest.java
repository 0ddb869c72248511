package dev.longtask.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Bad input gets a 4xx with a JSON error that says what is wrong; reading a run never changes it. */
class ApiErrorsTest {
    @TempDir
    Path dir;

    @Test
    void badRequestsGetClearErrors() throws Exception {
        Jobs jobs = new Jobs(2, 0, true);
        try (ServerFixture f = ServerFixture.start(dir, jobs.model, o -> o)) {
            Path outside = Files.createDirectories(dir.resolve("elsewhere"));
            String ws = f.workspace.toString();
            expect(f, f.post("/api/runs", "{\"goal\": "), 400, "not valid JSON");
            expect(f, f.post("/api/runs", ""), 400, "no body");
            expect(f, f.post("/api/runs", "[1]"), 400, "JSON object");
            expect(f, f.post("/api/runs", "{\"workdir\":\"" + ws + "\"}"), 400, "'goal' is missing");
            expect(f, f.post("/api/runs", "{\"goal\":\"x\"}"), 400, "'workdir' is missing");
            expect(f, f.post("/api/runs", "{\"goal\":\"x\",\"workdir\":\"" + ws + "/nope\"}"), 400, "does not exist");
            expect(f, f.post("/api/runs", "{\"goal\":\"x\",\"workdir\":\"" + outside + "\"}"), 403,
                    "outside the directories");
            expect(f, f.post("/api/runs", "{\"goal\":\"x\",\"workdir\":\"" + ws + "/../../elsewhere\"}"), 403,
                    "outside the directories");
            expect(f, f.post("/api/runs", "{\"goal\":\"x\",\"workdir\":\"" + ws + "\",\"priority\":5000}"), 400,
                    "'priority' must be a whole number from -1000 to 1000");
            expect(f, f.post("/api/runs", "{\"goal\":\"x\",\"workdir\":\"" + ws + "\",\"priority\":\"high\"}"), 400,
                    "'priority'");
            expect(f, f.post("/api/runs", "{\"goal\":\"x\",\"workdir\":\"" + ws + "\",\"budgets\":{\"max_cost_usd\":-1}}"),
                    400, "max_cost_usd");
            expect(f, f.post("/api/runs", "{\"goal\":\"x\",\"workdir\":\"" + ws + "\",\"budgets\":{\"max_time\":\"soon\"}}"),
                    400, "max_time");
            expect(f, f.post("/api/runs", "{\"goal\":\"x\",\"workdir\":\"" + ws + "\",\"budgets\":{\"tokens\":5}}"),
                    400, "unknown budget 'tokens'");
            expect(f, f.post("/api/runs", "{\"goal\":\"x\",\"workdir\":\"" + ws + "\",\"colour\":\"red\"}"), 400,
                    "unknown field 'colour'");
            expect(f, f.post("/api/runs", "{\"goal\":\"x\",\"workdir\":\"" + ws + "\",\"concurrency\":0}"), 400,
                    "'concurrency'");
            expect(f, f.post("/api/runs", "{\"goal\":\"x\",\"workdir\":\"" + ws + "\",\"approval\":\"ask\"}"), 400,
                    "foreground");
            expect(f, f.post("/api/runs", "{\"goal\":\"x\",\"workdir\":\"" + ws + "\",\"approval\":\"never\"}"), 400,
                    "auto, ask or read-only");
            expect(f, f.post("/api/runs", "{\"goal\":\"x\",\"workdir\":\"" + ws + "\",\"isolation\":\"own\"}"), 400,
                    "'isolation' must be shared or worktree");
            expect(f, f.get("/api/runs/no-such-run"), 404, "no run no-such-run");
            expect(f, f.post("/api/runs/no-such-run/pause", ""), 404, "no run no-such-run");
            expect(f, f.get("/api/runs?status=sleeping"), 400, "'status'");
            expect(f, f.get("/api/nothing-here"), 404, "no such endpoint");

            // (its tasks work in trees of their own: the run records the isolation it was submitted with)
            String id = f.submit("job-01: two steps", Map.of("isolation", "worktree"));
            ServerFixture.await("the run to complete and leave the pool", Duration.ofSeconds(30),
                    () -> "done".equals(f.run(id).path("pool").path("state").asText()));
            assertThat(Files.readString(f.workspace.resolve(".longtask/runs/" + id + "/run.json")))
                    .containsPattern("\"isolation\"\\s*:\\s*\"worktree\"");
            expect(f, f.get("/api/runs/" + id + "/tasks/9"), 404, "no task 9");
            expect(f, f.get("/api/runs/" + id + "/tasks/two"), 404, "no task 'two'");
            expect(f, f.get("/api/runs/" + id + "/tasks/1/transcript?limit=0"), 400, "'limit'");
            expect(f, f.get("/api/runs/" + id + "/events?after=-4"), 400, "sequence number");
            expect(f, f.post("/api/runs/" + id + "/priority", "{\"priority\":1}"), 409, "only matters while a run waits");
            expect(f, f.post("/api/runs/" + id + "/cancel", ""), 409, "has ended");
            expect(f, f.post("/api/runs/" + id + "/resume", ""), 409, "completed");

            long before = Files.getLastModifiedTime(f.workspace.resolve(".longtask/runs/" + id + "/events.jsonl"))
                    .toMillis();
            JsonNode tasks = f.json(f.get("/api/runs/" + id + "/tasks"));
            assertThat(tasks.path("tasks")).hasSize(2);
            assertThat(f.json(f.get("/api/runs/" + id + "/tasks/1")).path("subject").asText())
                    .isEqualTo("job-01 step 1");
            JsonNode page = f.json(f.get("/api/runs/" + id + "/tasks/1/transcript?limit=2"));
            assertThat(page.path("entries")).hasSize(2);
            assertThat(page.path("next_offset").asInt()).isEqualTo(2);
            JsonNode report = f.json(f.get("/api/runs/" + id + "/report"));
            assertThat(report.path("markdown").asText()).contains("All steps done");
            assertThat(Files.getLastModifiedTime(f.workspace.resolve(".longtask/runs/" + id + "/events.jsonl"))
                    .toMillis()).as("reading changed nothing").isEqualTo(before);
        }
    }

    private static void expect(ServerFixture f, HttpResponse<String> response, int status, String message) {
        assertThat(response.statusCode()).as(response.body()).isEqualTo(status);
        assertThat(response.headers().firstValue("Content-Type")).hasValueSatisfying(
                v -> assertThat(v).startsWith("application/json"));
        JsonNode error = f.json(response).path("error");
        assertThat(error.path("status").asInt()).isEqualTo(status);
        assertThat(error.path("message").asText()).contains(message);
    }
}
