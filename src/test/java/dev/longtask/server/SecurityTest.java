package dev.longtask.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.longtask.store.file.FileRunStore;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.net.http.WebSocketHandshakeException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every request needs the token; pages of other origins cannot change runs; the token file is the owner's. */
class SecurityTest {
    @TempDir
    Path dir;

    @Test
    void requestsWithoutTheRightTokenAreRefusedEverywhere() throws Exception {
        try (ServerFixture f = ServerFixture.start(dir, new Jobs(1, 0, true).model, o -> o)) {
            String id = f.submit("job-01: one step", Map.of());
            // only the dashboard's files (/, /assets/...) come without it: DashboardApiTest
            for (String path : List.of("/api/health", "/api/runs", "/api/runs/" + id, "/api/runs/" + id + "/tasks",
                    "/api/runs/" + id + "/events", "/api/runs/" + id + "/notes", "/metrics", "/api/nothing")) {
                HttpResponse<String> none = f.send(HttpRequest.newBuilder(URI.create(f.url(path))).build());
                assertThat(none.statusCode()).as(path).isEqualTo(401);
                assertThat(none.headers().firstValue("WWW-Authenticate")).as(path).hasValue("Bearer realm=\"longtask\"");
                assertThat(f.json(none).path("error").path("message").asText()).contains("Authorization: Bearer");
                HttpResponse<String> wrong = f.send(HttpRequest.newBuilder(URI.create(f.url(path)))
                        .header("Authorization", "Bearer " + f.server.token() + "x").build());
                assertThat(wrong.statusCode()).as(path).isEqualTo(401);
            }
            HttpResponse<String> sse = f.send(HttpRequest.newBuilder(URI.create(f.url("/api/runs/" + id + "/events")))
                    .header("Accept", "text/event-stream").build());
            assertThat(sse.statusCode()).isEqualTo(401);
            HttpResponse<String> post = f.send(HttpRequest.newBuilder(URI.create(f.url("/api/runs")))
                    .header("Cookie", "token=" + f.server.token())
                    .POST(HttpRequest.BodyPublishers.ofString("{\"goal\":\"job-02: x\",\"workdir\":\"" + f.workspace
                            + "\"}")).build());
            assertThat(post.statusCode()).as("a cookie is not a token").isEqualTo(401);
            assertThat(FileRunStore.list(f.workspace)).containsExactly(id);
            assertThatThrownBy(() -> f.http.newWebSocketBuilder().buildAsync(
                    URI.create(f.url("/api/stream").replace("http:", "ws:")), new WebSocket.Listener() {
                    }).orTimeout(10, TimeUnit.SECONDS).join())
                    .isInstanceOf(CompletionException.class).hasCauseInstanceOf(WebSocketHandshakeException.class);
            HttpResponse<String> queryToken = f.send(HttpRequest.newBuilder(URI.create(f.url("/api/health?access_token="
                    + f.server.token()))).build());
            assertThat(queryToken.statusCode()).as("a GET may carry the token in the query").isEqualTo(200);
        }
    }

    @Test
    void crossOriginRequestsCannotChangeRunsButTheServersOwnOriginCan() throws Exception {
        Jobs jobs = new Jobs(1, 0, false);
        try (ServerFixture f = ServerFixture.start(dir, jobs.model, o -> o.withMaxRuns(1))) {
            f.submit("job-01: holds the slot", Map.of());
            String waiting = f.submit("job-02: waits", Map.of());
            HttpResponse<String> evil = f.send(f.request("/api/runs/" + waiting + "/cancel")
                    .header("Origin", "https://evil.example").POST(HttpRequest.BodyPublishers.noBody()).build());
            assertThat(evil.statusCode()).isEqualTo(403);
            assertThat(f.json(evil).path("error").path("message").asText()).contains("https://evil.example");
            HttpResponse<String> evilSubmit = f.send(f.request("/api/runs").header("Origin", "null")
                    .POST(HttpRequest.BodyPublishers.ofString("{\"goal\":\"job-03: x\",\"workdir\":\""
                            + f.workspace + "\"}")).build());
            assertThat(evilSubmit.statusCode()).isEqualTo(403);
            assertThat(FileRunStore.list(f.workspace)).hasSize(2);
            assertThat(f.run(waiting).path("status").asText()).isEqualTo("queued");
            HttpResponse<String> own = f.send(f.request("/api/runs/" + waiting + "/cancel")
                    .header("Origin", f.server.url()).POST(HttpRequest.BodyPublishers.noBody()).build());
            assertThat(own.statusCode()).isEqualTo(202);
            assertThat(f.run(waiting).path("status").asText()).isEqualTo("cancelled");
            assertThatThrownBy(() -> f.http.newWebSocketBuilder().header("Authorization", "Bearer " + f.server.token())
                    .header("Origin", "https://evil.example")
                    .buildAsync(URI.create(f.url("/api/stream").replace("http:", "ws:")), new WebSocket.Listener() {
                    }).orTimeout(10, TimeUnit.SECONDS).join())
                    .hasCauseInstanceOf(WebSocketHandshakeException.class);
            jobs.release();
        }
    }

    @Test
    void theTokenFileIsMadeOnFirstStartForItsOwnerOnlyAndKeptAfterwards() throws Exception {
        String first;
        Path tokenFile;
        try (ServerFixture f = ServerFixture.start(dir, new Jobs(1, 0, true).model, o -> o)) {
            tokenFile = f.root.resolve(".longtask/server/token");
            first = f.server.token();
            assertThat(Files.readString(tokenFile).strip()).isEqualTo(first);
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(tokenFile))).isEqualTo("rw-------");
            assertThat(first).hasSizeGreaterThanOrEqualTo(40);
        }
        try (ServerFixture again = ServerFixture.start(dir, new Jobs(1, 0, true).model, o -> o)) {
            assertThat(again.server.token()).isEqualTo(first);
        }
    }

    @Test
    void aNonLoopbackBindWithoutATokenIsRefused() {
        assertThatThrownBy(() -> ServerFixture.start(dir, new Jobs(1, 0, true).model, o -> new ServerOptions(
                "0.0.0.0", 0, 1, 0, o.roots(), o.stateDirectory(), o.tokenFile(), true, List.of(), List.of(),
                Map.of(), o.shutdownGrace(), o.webhookRetry(), o.webhookRetryMax())))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("0.0.0.0")
                .hasMessageContaining("--no-token");
    }
}
