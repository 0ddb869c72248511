package dev.longtask.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpServer;
import dev.longtask.model.Event;
import dev.longtask.model.JsonMapping;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Webhook routes: a receiver that is down while the runs go on and while the server restarts, then comes up,
 * gets every routed event of every run, in order per run, each signed with the route's secret.
 */
class WebhookTest {
    private static final String SECRET = "route-secret-0123456789";

    @TempDir
    Path dir;

    /** One request the receiver took. */
    record Delivery(String id, String run, String signature, byte[] body) {
    }

    @Test
    void aReceiverDownWhileRunsGoOnAndTheServerRestartsGetsEveryRoutedEventInOrderOnceItIsUp() throws Exception {
        int port;
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = probe.getLocalPort();
        }
        Path config = Files.createDirectories(dir.resolve("config")).resolve("routes.yaml");
        Files.writeString(config, """
                routes:
                  - name: ops
                    url: http://127.0.0.1:%d/hook
                    secret_env: OPS_SECRET
                    runs: [pool]
                  - name: chat
                    url: http://127.0.0.1:%d/chat
                    format: slack
                    events: [task.completed]
                """.formatted(port, port));
        UnaryOperator<ServerOptions> routed = o -> new ServerOptions(o.bind(), o.port(), 2, 0, o.roots(),
                o.stateDirectory(), o.tokenFile(), false, List.of(), List.of(config), Map.of("OPS_SECRET", SECRET),
                o.shutdownGrace(), Duration.ofMillis(50), Duration.ofMillis(300));
        Jobs jobs = new Jobs(2, 0, true);
        List<String> ids = new ArrayList<>();
        try (ServerFixture f = ServerFixture.start(dir, jobs.model, routed)) {
            for (int i = 1; i <= 3; i++) {
                ids.add(f.submit("job-0" + i + ": two steps", Map.of()));
            }
            ServerFixture.await("every run to complete", Duration.ofSeconds(60), () ->
                    f.json(f.get("/api/runs?status=completed")).path("runs").size() == 3);
            ServerFixture.await("failed deliveries to be counted", Duration.ofSeconds(30), () -> f.get("/metrics")
                    .body().matches("(?s).*longtask_webhook_deliveries_total\\{outcome=\"failed\",route=\"ops\"} "
                            + "([3-9]|\\d\\d+).*"));
        }
        List<Delivery> hook = Collections.synchronizedList(new ArrayList<>());
        List<JsonNode> chat = Collections.synchronizedList(new ArrayList<>());
        try (ServerFixture f = ServerFixture.start(dir, jobs.model, routed)) {
            HttpServer receiver = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 16);
            receiver.createContext("/hook", exchange -> {
                byte[] body = exchange.getRequestBody().readAllBytes();
                hook.add(new Delivery(exchange.getRequestHeaders().getFirst("X-Longtask-Delivery"),
                        exchange.getRequestHeaders().getFirst("X-Longtask-Run"),
                        exchange.getRequestHeaders().getFirst("X-Longtask-Signature"), body));
                exchange.sendResponseHeaders(204, -1);
                exchange.close();
            });
            receiver.createContext("/chat", exchange -> {
                chat.add(ServerFixture.JSON.readTree(exchange.getRequestBody()));
                exchange.sendResponseHeaders(200, 2);
                exchange.getResponseBody().write("ok".getBytes(StandardCharsets.UTF_8));
                exchange.close();
            });
            receiver.start();
            try {
                Map<String, List<Long>> expected = new LinkedHashMap<>();
                RunFiles files = new RunFiles(JsonMapping.newMapper());
                int completedTasks = 0;
                for (String id : ids) {
                    List<Event> log = files.eventsAfter(f.workspace, id, 0, Integer.MAX_VALUE);
                    expected.put(id, log.stream().filter(e -> EventFilter.RUN_LEVEL.contains(e.type()))
                            .map(Event::seq).toList());
                    completedTasks += (int) log.stream().filter(e -> e.type().equals("task.completed")).count();
                }
                int total = expected.values().stream().mapToInt(List::size).sum();
                int chats = completedTasks;
                ServerFixture.await("every routed event delivered", Duration.ofSeconds(30),
                        () -> distinct(hook) >= total && chat.size() >= chats);

                Map<String, List<Long>> delivered = new LinkedHashMap<>();
                for (Delivery d : List.copyOf(hook)) {
                    assertThat(d.signature()).isEqualTo("sha256=" + hmacHex(d.body()));
                    JsonNode body = ServerFixture.JSON.readTree(d.body());
                    assertThat(body.path("delivery_id").asText()).isEqualTo(d.id())
                            .isEqualTo("ops:" + d.run() + ":" + body.path("event").path("seq").asLong());
                    assertThat(body.path("text").asText()).startsWith("[longtask " + d.run() + "]");
                    List<Long> seqs = delivered.computeIfAbsent(d.run(), k -> new ArrayList<>());
                    long seq = body.path("event").path("seq").asLong();
                    if (!seqs.isEmpty() && seqs.get(seqs.size() - 1) == seq) {
                        continue; // a redelivery the receiver may see at least once; the id tells it
                    }
                    seqs.add(seq);
                }
                assertThat(delivered).isEqualTo(expected);
                assertThat(chat).allSatisfy(m -> assertThat(m.path("text").asText()).contains("done: did job-0"));
                assertThat(chat).hasSize(chats);
            } finally {
                receiver.stop(0);
            }
        }
    }

    private static int distinct(List<Delivery> deliveries) {
        return (int) List.copyOf(deliveries).stream().map(Delivery::id).distinct().count();
    }

    private static String hmacHex(byte[] body) throws Exception {
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(SECRET.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
        return java.util.HexFormat.of().formatHex(mac.doFinal(body));
    }
}
