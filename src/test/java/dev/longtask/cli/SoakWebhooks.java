package dev.longtask.cli;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.HashMap;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.Executors;
import java.util.function.IntSupplier;

/**
 * The receiver of the soak's webhook route: it takes every delivery and checks it as it comes, in order per run
 * ({@code X-Longtask-Delivery} is {@code route:run:seq}) and once each. Delivery is at least once across a crash of
 * the server (it records a cursor after the receiver answered), so a delivery seen before is a violation unless
 * the server was killed since that delivery came: then it is counted as redelivered.
 */
final class SoakWebhooks implements AutoCloseable {
    /** What one run's deliveries have shown so far. */
    private static final class Received {
        final Set<Long> seqs = new TreeSet<>();
        long last;
        int killsAtLast;
    }

    private final HttpServer server;
    private final IntSupplier serverKills;
    private final Queue<String> violations;
    private final Map<String, Received> runs = new HashMap<>();
    private int deliveries;
    private int redelivered;

    SoakWebhooks(IntSupplier serverKills, Queue<String> violations) throws IOException {
        this.serverKills = serverKills;
        this.violations = violations;
        this.server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 16);
        server.setExecutor(Executors.newFixedThreadPool(2, r -> {
            Thread t = new Thread(r, "soak-webhooks");
            t.setDaemon(true);
            return t;
        }));
        server.createContext("/hook", this::deliver);
        server.start();
    }

    String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/hook";
    }

    private void deliver(HttpExchange exchange) throws IOException {
        try (exchange) {
            exchange.getRequestBody().readAllBytes();
            String id = exchange.getRequestHeaders().getFirst("X-Longtask-Delivery");
            String[] parts = id == null ? new String[0] : id.split(":");
            if (parts.length != 3) {
                violations.add("a webhook delivery without a proper X-Longtask-Delivery: " + id);
            } else {
                received(parts[1], Long.parseLong(parts[2]));
            }
            exchange.sendResponseHeaders(204, -1);
        }
    }

    private synchronized void received(String run, long seq) {
        deliveries++;
        Received r = runs.computeIfAbsent(run, k -> new Received());
        int kills = serverKills.getAsInt();
        if (seq > r.last) {
            r.seqs.add(seq);
            r.last = seq;
            r.killsAtLast = kills;
        } else if (r.seqs.contains(seq) && kills > r.killsAtLast) {
            redelivered++;
        } else {
            violations.add("webhook of run " + run + ": event " + seq + " delivered after event " + r.last
                    + (r.seqs.contains(seq) ? " (a second time, with no crash of the server between)" : ""));
        }
    }

    /** The seqs delivered for {@code run}, in order. */
    synchronized Set<Long> delivered(String run) {
        Received r = runs.get(run);
        return r == null ? Set.of() : new TreeSet<>(r.seqs);
    }

    synchronized int deliveries() {
        return deliveries;
    }

    synchronized int redelivered() {
        return redelivered;
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
