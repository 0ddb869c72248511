package dev.longtask.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.longtask.api.Stores;
import dev.longtask.testing.EngineFixture;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** `serve` tells its address and token before it builds the rest: what a client meets in between. */
class ListenerTest {
    @TempDir
    Path dir;

    @Test
    void aRequestMadeBeforeTheServerIsBuiltWaitsOnThePortAndIsAnsweredOnceItStarts() throws Exception {
        ServerOptions options = options();
        Listener listener = Listener.open(options);
        assertThat(listener.port()).isPositive();
        assertThat(listener.url()).isEqualTo("http://127.0.0.1:" + listener.port());
        assertThat(listener.token()).isNotBlank().isEqualTo(Files.readString(options.tokenFile()).trim());
        try (Socket early = new Socket()) {
            // the port is bound already: the connection is taken (not refused) before any handler exists
            early.connect(new InetSocketAddress("127.0.0.1", listener.port()), 60_000);
            early.setSoTimeout(120_000);
            OutputStream request = early.getOutputStream();
            request.write(("GET /api/health HTTP/1.1\r\nHost: 127.0.0.1:" + listener.port() + "\r\nAuthorization: "
                    + "Bearer " + listener.token() + "\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.UTF_8));
            request.flush();
            Approvals approvals = new Approvals();
            try (LongtaskServer server = listener.start(ServerFixture.backend(new Jobs(1, 0, true).model, approvals),
                    approvals, Stores.files())) {
                assertThat(server.port()).isEqualTo(listener.port());
                assertThat(server.token()).isEqualTo(listener.token());
                BufferedReader answer = new BufferedReader(new InputStreamReader(early.getInputStream(),
                        StandardCharsets.UTF_8));
                assertThat(answer.readLine()).isEqualTo("HTTP/1.1 200 OK");
                String line;
                StringBuilder rest = new StringBuilder();
                while ((line = answer.readLine()) != null) {
                    rest.append(line).append('\n');
                }
                assertThat(rest.toString()).contains("\"status\":\"ok\"");
            }
        }
    }

    @Test
    void aListenerClosedUnstartedFreesItsPortAndCannotStart() throws Exception {
        ServerOptions options = options();
        Listener listener = Listener.open(options);
        int port = listener.port();
        listener.close();
        Listener again = Listener.open(options.withPort(port));
        try {
            assertThat(again.port()).isEqualTo(port);
            assertThatThrownBy(() -> Listener.open(options.withPort(port)))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("cannot listen on 127.0.0.1:"
                            + port + ": ");
        } finally {
            again.close();
        }
        Approvals approvals = new Approvals();
        assertThatThrownBy(() -> listener.start(ServerFixture.backend(new Jobs(1, 0, true).model, approvals), approvals,
                Stores.files())).isInstanceOf(IllegalStateException.class);
    }

    private ServerOptions options() throws Exception {
        Path root = Files.createDirectories(dir.resolve("root"));
        EngineFixture.workspace(Files.createDirectories(root.resolve("ws")));
        return ServerOptions.defaults(root).withPort(0).withConfigFiles(List.of())
                .withWebhookRetry(Duration.ofMillis(50), Duration.ofMillis(400));
    }
}
