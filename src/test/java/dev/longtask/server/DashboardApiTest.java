package dev.longtask.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the server adds for the dashboard, over HTTP: its files without the token (and nothing else without it),
 * reports and notes rendered from Markdown with raw HTML escaped, the critical path beside the tasks, the field a
 * refusal is about, and the roots in the health answer.
 */
class DashboardApiTest {
    @TempDir
    Path dir;

    private static HttpResponse<String> anonymous(ServerFixture f, String path, String... headers) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(f.url(path))).timeout(Duration.ofSeconds(10));
        for (int i = 0; i < headers.length; i += 2) {
            request.header(headers[i], headers[i + 1]);
        }
        return f.send(request.GET().build());
    }

    @Test
    void thePageAndItsFilesComeWithoutTheTokenAndTheApiStillNeedsIt() {
        Digest model = new Digest();
        try (ServerFixture f = ServerFixture.start(dir, model.model, o -> o)) {
            HttpResponse<String> page = anonymous(f, "/");
            assertThat(page.statusCode()).isEqualTo(200);
            assertThat(page.headers().firstValue("Content-Type")).hasValueSatisfying(t -> assertThat(t).startsWith("text/html"));
            assertThat(page.headers().firstValue("Content-Security-Policy"))
                    .hasValueSatisfying(p -> assertThat(p).contains("script-src 'self'", "frame-ancestors 'none'"));
            assertThat(page.headers().firstValue("Referrer-Policy")).hasValue("no-referrer");
            assertThat(page.body()).contains("<script type=\"module\" src=\"/assets/app.js\">");

            HttpResponse<String> script = anonymous(f, "/assets/app.js");
            assertThat(script.statusCode()).isEqualTo(200);
            assertThat(script.headers().firstValue("Content-Type")).hasValueSatisfying(t -> assertThat(t)
                    .startsWith("text/javascript"));
            String etag = script.headers().firstValue("ETag").orElseThrow();
            assertThat(anonymous(f, "/assets/app.js", "If-None-Match", etag).statusCode()).isEqualTo(304);
            assertThat(anonymous(f, "/assets/vendor/dagre/dagre.esm.js").body()).contains("export{");
            assertThat(anonymous(f, "/assets/vendor/dagre/LICENSE.txt").body()).contains("Chris Pettitt");

            for (String outside : new String[] {"/assets/../logback.xml", "/assets/%2e%2e/logback.xml",
                    "/assets/..%2Flogback.xml", "/assets/nothing.js", "/assets/.hidden.css", "/assets/app"}) {
                assertThat(anonymous(f, outside).statusCode()).as(outside).isEqualTo(404);
            }
            assertThat(anonymous(f, "/api/runs").statusCode()).isEqualTo(401);
            assertThat(anonymous(f, "/api/health").statusCode()).isEqualTo(401);
            assertThat(anonymous(f, "/metrics").statusCode()).isEqualTo(401);

            JsonNode health = f.json(f.get("/api/health"));
            assertThat(health.path("roots").get(0).asText()).isEqualTo(f.root.toRealPath().toString());
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void aWebSocketUpgradeSetsNoCookie() throws Exception {
        Digest model = new Digest();
        try (ServerFixture f = ServerFixture.start(dir, model.model, o -> o);
             java.net.Socket socket = new java.net.Socket("127.0.0.1", f.server.port())) {
            socket.setSoTimeout(10_000);
            String request = "GET /api/stream?access_token=" + f.server.token() + " HTTP/1.1\r\n"
                    + "Host: 127.0.0.1:" + f.server.port() + "\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n"
                    + "Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n";
            socket.getOutputStream().write(request.getBytes(java.nio.charset.StandardCharsets.US_ASCII));
            java.io.BufferedReader in = new java.io.BufferedReader(new java.io.InputStreamReader(
                    socket.getInputStream(), java.nio.charset.StandardCharsets.US_ASCII));
            java.util.List<String> head = new java.util.ArrayList<>();
            for (String line = in.readLine(); line != null && !line.isEmpty(); line = in.readLine()) {
                head.add(line);
            }
            assertThat(head.get(0)).contains("101");
            assertThat(head).noneMatch(h -> h.toLowerCase(java.util.Locale.ROOT).startsWith("set-cookie"));
        }
    }

    @Test
    void theReportAndNotesComeRenderedWithRawHtmlEscapedAndTheTasksWithTheirCriticalPath() throws Exception {
        Digest model = new Digest();
        try (ServerFixture f = ServerFixture.start(dir, model.model, o -> o)) {
            String id = f.submit("Digest the notes", Map.of());
            ServerFixture.await("the run to complete", Duration.ofSeconds(30),
                    () -> "completed".equals(f.run(id).path("status").asText()));

            JsonNode report = f.json(f.get("/api/runs/" + id + "/report"));
            assertThat(report.path("markdown").asText()).startsWith(Digest.REPORT);
            String html = report.path("html").asText();
            assertThat(html).contains("<h1>Digest of the notes</h1>", "<td>alpha.txt</td>",
                    "&lt;script&gt;alert('not run')&lt;/script&gt;").doesNotContain("<script>");

            JsonNode notes = f.json(f.get("/api/runs/" + id + "/notes"));
            Path runDir = RunFiles.directory(f.workspace, id);
            assertThat(notes.path("findings").path("markdown").asText())
                    .isEqualTo(Files.readString(runDir.resolve("findings.md")));
            assertThat(notes.path("findings").path("html").asText()).contains("finding of Survey the notes");
            assertThat(notes.path("progress").path("html").asText()).contains("<h2>");
            assertThat(notes.path("plan").path("markdown").asText())
                    .isEqualTo(Files.readString(runDir.resolve("task_plan.md")));

            JsonNode tasks = f.json(f.get("/api/runs/" + id + "/tasks"));
            assertThat(tasks.path("tasks")).hasSize(4);
            JsonNode path = tasks.path("critical_path");
            assertThat(path).hasSize(3);
            assertThat(path.get(0).asInt()).isEqualTo(1);
            assertThat(path.get(1).asInt()).isIn(2, 3);
            assertThat(path.get(2).asInt()).isEqualTo(4);
        }
    }

    @Test
    void theCostOfAModelWithoutAPriceIsUnknownNotZeroInTheRunTheListAndItsTasks() throws Exception {
        try (ServerFixture f = ServerFixture.start(dir, new Jobs(1, 0, true).model, o -> o)) {
            try (var store = dev.longtask.store.file.FileRunStore.create(f.root, "unpriced", "g", null, null,
                    dev.longtask.model.run.StoreOptions.defaults())) {
                store.createTask(dev.longtask.model.TaskDraft.of("a step"));
                store.claim(1, "me");
                store.append(1, new dev.longtask.model.EventData.LlmCall("openai:no-price", "general", "task", 1, 5,
                        dev.longtask.model.Usage.unpriced(1200, 80, 0, 0)));
                store.complete(1, "done");
            }
            JsonNode listed = f.json(f.get("/api/runs")).path("runs").get(0).path("usage");
            JsonNode run = f.json(f.get("/api/runs/unpriced")).path("usage");
            JsonNode task = f.json(f.get("/api/runs/unpriced/tasks")).path("tasks").get(0).path("usage");
            for (JsonNode usage : java.util.List.of(listed, run, task)) {
                assertThat(usage.has("cost_usd")).as(usage.toString()).isTrue();
                assertThat(usage.path("cost_usd").isNull()).as("unknown, not $0: " + usage).isTrue();
                assertThat(usage.path("unpriced_calls").asInt()).isEqualTo(1);
                assertThat(usage.path("input_tokens").asLong()).isEqualTo(1200);
            }
        }
    }

    @Test
    void aRefusedSubmissionNamesTheFieldAtFault() throws Exception {
        Digest model = new Digest();
        try (ServerFixture f = ServerFixture.start(dir, model.model, o -> o)) {
            Path outside = Files.createDirectories(dir.resolve("elsewhere"));
            String ws = f.workspace.toString();
            Map<String, String> bodies = Map.of(
                    "{\"workdir\":\"" + ws + "\"}", "goal",
                    "{\"goal\":\"x\",\"workdir\":\"" + ws + "/nope\"}", "workdir",
                    "{\"goal\":\"x\",\"workdir\":\"" + outside + "\"}", "workdir",
                    "{\"goal\":\"x\",\"workdir\":\"" + ws + "\",\"priority\":5000}", "priority",
                    "{\"goal\":\"x\",\"workdir\":\"" + ws + "\",\"concurrency\":\"two\"}", "concurrency",
                    "{\"goal\":\"x\",\"workdir\":\"" + ws + "\",\"budgets\":{\"max_time\":\"soon\"}}", "budgets.max_time",
                    "{\"goal\":\"x\",\"workdir\":\"" + ws + "\",\"budgets\":{\"max_cost_usd\":0}}", "budgets.max_cost_usd",
                    "{\"goal\":\"x\",\"workdir\":\"" + ws + "\",\"approval\":\"ask\"}", "approval",
                    "{\"goal\":\"x\",\"workdir\":\"" + ws + "\",\"colour\":\"red\"}", "colour");
            for (Map.Entry<String, String> body : bodies.entrySet()) {
                JsonNode error = f.json(f.post("/api/runs", body.getKey())).path("error");
                assertThat(error.path("field").asText()).as(body.getKey()).isEqualTo(body.getValue());
                assertThat(error.path("message").asText()).as(body.getKey()).isNotBlank();
            }
            JsonNode malformed = f.json(f.post("/api/runs", "[1]")).path("error");
            assertThat(malformed.has("field")).as("a body that is not an object names no field").isFalse();
        }
    }
}
