package dev.longtask.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.longtask.store.file.FileRunStore;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A server without a token answers only requests whose Host header names it, so a page of another site whose name
 * was rebound to 127.0.0.1 cannot drive it; with a token the Host does not matter. Raw sockets: an HTTP client will
 * not let a caller set the Host header, a browser under DNS rebinding sends the attacker's name.
 */
class HostHeaderTest {
    @TempDir
    Path dir;

    private static ServerOptions withoutToken(ServerOptions o, List<String> hosts) {
        return new ServerOptions("127.0.0.1", 0, 1, 0, o.roots(), o.stateDirectory(), o.tokenFile(), true,
                List.of(), List.of(), java.util.Map.of(), o.shutdownGrace(), o.webhookRetry(), o.webhookRetryMax(),
                hosts);
    }

    /** The status line and body of one request sent with {@code host} as its Host header. */
    private static String send(ServerFixture f, String method, String path, String host, String token, String body)
            throws IOException {
        URI uri = URI.create(f.server.url());
        try (Socket socket = new Socket(uri.getHost(), uri.getPort())) {
            socket.setSoTimeout(60_000);
            byte[] content = body.getBytes(StandardCharsets.UTF_8);
            String request = method + " " + path + " HTTP/1.1\r\nHost: " + host + "\r\nConnection: close\r\n"
                    + (token == null ? "" : "Authorization: Bearer " + token + "\r\n")
                    + "Content-Type: application/json\r\nContent-Length: " + content.length + "\r\n\r\n";
            OutputStream out = socket.getOutputStream();
            out.write(request.getBytes(StandardCharsets.US_ASCII));
            out.write(content);
            out.flush();
            InputStream in = socket.getInputStream();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void withoutATokenOnlyRequestsNamingThisServerAreAnswered() throws Exception {
        try (ServerFixture f = ServerFixture.start(dir, new Jobs(1, 0, true).model,
                o -> withoutToken(o, List.of("devbox.internal")))) {
            int port = URI.create(f.server.url()).getPort();
            String submit = "{\"goal\":\"job-01: one step\",\"workdir\":\"" + f.workspace + "\"}";

            for (String path : List.of("/api/health", "/api/runs", "/", "/metrics")) {
                String rebound = send(f, "GET", path, "attacker.example:" + port, null, "");
                assertThat(rebound).as(path).startsWith("HTTP/1.1 403");
                assertThat(rebound).as(path).contains("forbidden_host").contains("--allow-host");
            }
            assertThat(send(f, "POST", "/api/runs", "attacker.example:" + port, null, submit))
                    .startsWith("HTTP/1.1 403");
            assertThat(send(f, "POST", "/mcp", "attacker.example:" + port, null,
                    "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}")).startsWith("HTTP/1.1 403");
            assertThat(send(f, "GET", "/api/health", "", null, "")).startsWith("HTTP/1.1 4");
            assertThat(FileRunStore.list(f.workspace)).isEmpty();

            for (String host : List.of("localhost:" + port, "127.0.0.1:" + port, "LOCALHOST.:" + port,
                    "app.localhost:" + port, "devbox.internal:" + port, "127.0.0.1")) {
                assertThat(send(f, "GET", "/api/health", host, null, "")).as(host).startsWith("HTTP/1.1 200");
            }
            assertThat(send(f, "POST", "/api/runs", "localhost:" + port, null, submit)).startsWith("HTTP/1.1 20");
            assertThat(FileRunStore.list(f.workspace)).hasSize(1);
        }
    }

    @Test
    void withATokenTheHostDoesNotMatter() throws Exception {
        try (ServerFixture f = ServerFixture.start(dir, new Jobs(1, 0, true).model, o -> o)) {
            assertThat(send(f, "GET", "/api/health", "attacker.example", f.server.token(), ""))
                    .startsWith("HTTP/1.1 200");
            assertThat(send(f, "GET", "/api/health", "attacker.example", null, "")).startsWith("HTTP/1.1 401");
        }
    }
}
