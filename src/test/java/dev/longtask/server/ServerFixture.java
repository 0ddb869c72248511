package dev.longtask.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.longtask.api.Longtask;
import dev.longtask.model.llm.LlmClient;
import dev.longtask.model.run.FsyncPolicy;
import dev.longtask.model.run.StoreOptions;
import dev.longtask.testing.EngineFixture;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import java.util.function.UnaryOperator;

/** A real server on a random loopback port over a scripted model, and a real HTTP client that carries the token. */
final class ServerFixture implements AutoCloseable {
    private static final Duration PATIENCE = Duration.ofMinutes(2);

    static final ObjectMapper JSON = new ObjectMapper();

    final Path root;
    final Path workspace;
    final LongtaskServer server;
    final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    private ServerFixture(Path root, Path workspace, LongtaskServer server) {
        this.root = root;
        this.workspace = workspace;
        this.server = server;
    }

    /** A server over {@code model} with the options {@code tweak} makes of the defaults (port 0, the root). */
    static ServerFixture start(Path dir, LlmClient model, UnaryOperator<ServerOptions> tweak) {
        Approvals approvals = new Approvals();
        return start(dir, tweak, backend(model, approvals), approvals);
    }

    /** @param approvals the approver {@code backend}'s runtime was built with */
    static ServerFixture start(Path dir, UnaryOperator<ServerOptions> tweak, RunBackend backend, Approvals approvals) {
        try {
            Path root = Files.createDirectories(dir.resolve("root"));
            Path ws = EngineFixture.workspace(Files.createDirectories(root.resolve("ws")));
            ServerOptions options = tweak.apply(ServerOptions.defaults(root).withPort(0)
                    .withConfigFiles(List.of()).withWebhookRetry(Duration.ofMillis(50), Duration.ofMillis(400)));
            return new ServerFixture(root, ws.toRealPath(), LongtaskServer.start(options, backend, approvals));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The runtime behind the server, with the scripted model for every run and fsync off for speed; its questions go
     * to {@code approvals}.
     */
    static RunBackend backend(LlmClient model, Approvals approvals) {
        return new ApiBackend(runtime(model, approvals), StoreOptions.defaults().withSecrets(List.of())
                .withFsync(FsyncPolicy.NONE));
    }

    static Longtask runtime(LlmClient model, Approvals approvals) {
        return Longtask.builder().environment(Map.of()).home(null).llm(model, EngineFixture.models(model).pricing())
                .fsync(FsyncPolicy.NONE).approver(approvals).build();
    }

    String url(String path) {
        return server.url() + path;
    }

    HttpResponse<String> get(String path) {
        return send(request(path).GET().build());
    }

    HttpResponse<String> post(String path, String body) {
        return send(request(path).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build());
    }

    HttpRequest.Builder request(String path) {
        return HttpRequest.newBuilder(URI.create(url(path))).timeout(Duration.ofSeconds(30))
                .header("Authorization", "Bearer " + server.token());
    }

    HttpResponse<String> send(HttpRequest request) {
        try {
            return http.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** Submits a run and returns its id; the answer must be 201. */
    String submit(String goal, Map<String, Object> extra) {
        Map<String, Object> body = new java.util.LinkedHashMap<>(Map.of("goal", goal, "workdir",
                workspace.toString()));
        body.putAll(extra);
        try {
            HttpResponse<String> r = post("/api/runs", JSON.writeValueAsString(body));
            assertThat(r.statusCode()).as(r.body()).isEqualTo(201);
            return JSON.readTree(r.body()).path("run_id").asText();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    JsonNode json(HttpResponse<String> response) {
        try {
            return JSON.readTree(response.body());
        } catch (IOException e) {
            throw new AssertionError("not JSON: " + response.body(), e);
        }
    }

    JsonNode run(String runId) {
        HttpResponse<String> r = get("/api/runs/" + runId);
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        return json(r);
    }

    /**
     * Waits for {@code condition}, checking it every 20 ms, and fails with {@code what} after {@code limit}, or after
     * two minutes if that is longer: a deadline here catches a hang, never slowness, and on a shared 2-core machine at a
     * load of 30 a run of the scripted model can take more than half a minute.
     */
    static void await(String what, Duration limit, BooleanSupplier condition) {
        Duration patience = limit.compareTo(PATIENCE) < 0 ? PATIENCE : limit;
        long deadline = System.nanoTime() + patience.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out after " + patience + " waiting for " + what);
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
        }
    }

    /** One Server-Sent Event as the wire carried it. */
    record Sse(String id, String event, String data) {
    }

    /** An open SSE stream: read events one at a time, close to disconnect. */
    static final class SseStream implements AutoCloseable {
        private final InputStream body;
        private final BufferedReader reader;
        final int status;

        SseStream(HttpResponse<InputStream> response) {
            this.body = response.body();
            this.reader = new BufferedReader(new InputStreamReader(body, StandardCharsets.UTF_8));
            this.status = response.statusCode();
        }

        /** The next event (comments skipped), or null at the end of the stream. */
        Sse next() throws IOException {
            String id = null;
            String event = null;
            List<String> data = new ArrayList<>();
            String line;
            while ((line = reader.readLine()) != null) {
                if (line.isEmpty()) {
                    if (event != null || !data.isEmpty()) {
                        return new Sse(id, event, String.join("\n", data));
                    }
                    continue;
                }
                if (line.startsWith(":")) {
                    continue;
                }
                int colon = line.indexOf(':');
                String field = colon < 0 ? line : line.substring(0, colon);
                String value = colon < 0 ? "" : line.substring(colon + 1).stripLeading();
                switch (field) {
                    case "id" -> id = value;
                    case "event" -> event = value;
                    case "data" -> data.add(value);
                    default -> {
                    }
                }
            }
            return null;
        }

        @Override
        public void close() throws IOException {
            body.close();
        }
    }

    SseStream events(String runId, String query, String lastEventId) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url("/api/runs/" + runId + "/events" + query)))
                .header("Authorization", "Bearer " + server.token()).header("Accept", "text/event-stream");
        if (lastEventId != null) {
            request.header("Last-Event-ID", lastEventId);
        }
        return new SseStream(http.send(request.build(), HttpResponse.BodyHandlers.ofInputStream()));
    }

    @Override
    public void close() {
        server.close();
    }
}
