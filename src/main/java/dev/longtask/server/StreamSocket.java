package dev.longtask.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.longtask.model.Event;
import io.javalin.websocket.WsConfig;
import io.javalin.websocket.WsContext;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.websocket.api.Callback;

/**
 * {@code /api/stream}: a WebSocket for IM bridges and dashboards. The client sends a subscription,
 * <pre>{"type": "subscribe", "runs": ["*" | "pool" | "foreground" | run ids], "types": ["task.*"], "exclude": [],
 *  "after": {"RUN_ID": seq}}</pre>
 * and gets {@code {"type": "event", "run_id", "text", "event": {...}}} for each matching event from then on (or
 * after the given seqs), in order per run. Without {@code types} only run-level events come. Each connection reads
 * at its own pace on its own thread; one that stops reading is closed, never waited for by a run.
 */
final class StreamSocket {
    private static final long SEND_TIMEOUT_SECONDS = 30;
    /** RFC 6455's "going away": the server stops in order. */
    static final int GOING_AWAY = 1001;
    private static final long CLOSE_WAIT_SECONDS = 2;
    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(StreamSocket.class);

    private final RunEvents events;
    private final Pool pool;
    private final ObjectMapper json;
    private final Map<String, Connection> connections = new ConcurrentHashMap<>();

    StreamSocket(RunEvents events, Pool pool, ObjectMapper json) {
        this.events = events;
        this.pool = pool;
        this.json = json;
    }

    void configure(WsConfig ws) {
        ws.onConnect(ctx -> {
            // a quiet stream would otherwise reach Jetty's idle timeout and close under a dashboard that waits
            ctx.enableAutomaticPings(15, TimeUnit.SECONDS);
            Connection connection = new Connection(ctx);
            connections.put(ctx.sessionId(), connection);
            try {
                connection.send(json.createObjectNode().put("type", "hello")
                        .put("message", "send {\"type\":\"subscribe\",\"runs\":[\"*\"]} to get run-level events"));
            } catch (ClientGone gone) {
                stop(ctx.sessionId());
            }
        });
        ws.onMessage(ctx -> {
            Connection connection = connections.get(ctx.sessionId());
            try {
                if (connection != null) {
                    connection.onMessage(ctx.message());
                }
            } catch (ClientGone gone) {
                stop(ctx.sessionId());
            }
        });
        ws.onClose(ctx -> stop(ctx.sessionId()));
        ws.onError(ctx -> stop(ctx.sessionId()));
    }

    private void stop(String sessionId) {
        Connection connection = connections.remove(sessionId);
        if (connection != null) {
            connection.stop();
        }
    }

    /**
     * Tells every client that the server is going away (close code 1001, as a browser does when a page goes), so that
     * a client tells an orderly stop, after which it may connect again, from a broken connection (1006).
     */
    void close() {
        for (String sessionId : connections.keySet()) {
            Connection connection = connections.remove(sessionId);
            if (connection != null) {
                connection.goAway();
            }
        }
    }

    /** The client cannot be sent to any more. */
    private static final class ClientGone extends RuntimeException {
        ClientGone(String message) {
            super(message);
        }
    }

    /** What a client asked for. */
    private record Subscription(List<String> runs, EventFilter filter, Map<String, Long> after) {
        boolean covers(PoolEntry entry) {
            return runs.stream().anyMatch(r -> r.equals("*") || r.equals(entry.runId())
                    || (r.equals("pool") && !entry.foreground()) || (r.equals("foreground") && entry.foreground()));
        }
    }

    private final class Connection {
        private final WsContext ctx;
        private volatile Subscription subscription;
        private volatile boolean stopped;
        private volatile boolean goingAway;
        private Thread sender;

        Connection(WsContext ctx) {
            this.ctx = ctx;
        }

        void onMessage(String text) {
            try {
                subscription = parse(json.readTree(text));
                ObjectNode ack = json.createObjectNode().put("type", "subscribed");
                ack.set("runs", json.valueToTree(subscription.runs()));
                ack.set("types", json.valueToTree(subscription.filter().include()));
                ack.set("exclude", json.valueToTree(subscription.filter().exclude()));
                send(ack);
                synchronized (this) {
                    if (sender == null) {
                        sender = new Thread(this::pump, "longtask-stream-" + ctx.sessionId());
                        sender.setDaemon(true);
                        sender.start();
                    }
                }
            } catch (IOException | IllegalArgumentException e) {
                send(json.createObjectNode().put("type", "error").put("message", e instanceof IOException
                        ? "not JSON: " + RunsApi.firstLine(e.getMessage()) : e.getMessage()));
            }
        }

        private Subscription parse(JsonNode message) {
            if (!message.isObject() || !"subscribe".equals(message.path("type").asText())) {
                throw new IllegalArgumentException("send {\"type\":\"subscribe\",\"runs\":[\"*\"],\"types\":[...]}");
            }
            List<String> runs = strings(message.get("runs"));
            EventFilter filter = new EventFilter(strings(message.get("types")), strings(message.get("exclude")));
            Map<String, Long> after = new HashMap<>();
            JsonNode given = message.get("after");
            if (given != null && given.isObject()) {
                for (Iterator<Map.Entry<String, JsonNode>> it = given.fields(); it.hasNext(); ) {
                    Map.Entry<String, JsonNode> e = it.next();
                    after.put(e.getKey(), e.getValue().asLong());
                }
            }
            return new Subscription(runs.isEmpty() ? List.of("*") : runs, filter, after);
        }

        private List<String> strings(JsonNode node) {
            List<String> out = new ArrayList<>();
            if (node != null && node.isArray()) {
                node.forEach(n -> out.add(n.asText()));
            } else if (node != null && node.isTextual()) {
                out.add(node.asText());
            }
            return out;
        }

        /** Follows every covered run from where the subscription starts; runs that appear later from their start. */
        private void pump() {
            Map<String, Long> cursors = new HashMap<>();
            Map<String, Long> idle = new HashMap<>();
            Subscription current = null;
            EventHub hub = events.hub();
            try {
                while (!stopped) {
                    long version = hub.version();
                    if (current != subscription) {
                        current = subscription;
                        cursors.clear();
                        idle.clear();
                        for (PoolEntry entry : pool.entries()) {
                            if (current.covers(entry)) {
                                Long from = current.after().get(entry.runId());
                                cursors.put(entry.runId(), from != null ? from : lastSeq(entry));
                            }
                        }
                    }
                    boolean sent = false;
                    for (PoolEntry entry : pool.entries()) {
                        if (current.covers(entry)) {
                            sent |= follow(entry, current, cursors, idle, hub.live(entry.runId()));
                        }
                    }
                    if (!sent) {
                        hub.await(version, 15_000);
                    }
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (ClientGone e) {
                if (!goingAway) {
                    ctx.closeSession(1011, e.getMessage());
                }
            }
        }

        /** Sends what the run has after its cursor; true when there was something. */
        private boolean follow(PoolEntry entry, Subscription current, Map<String, Long> cursors,
                               Map<String, Long> idle, boolean live) {
            String runId = entry.runId();
            long size = events.files().logSize(entry.workspace(), runId);
            if (size < 0 || !live && Long.valueOf(size).equals(idle.get(runId))) {
                return false; // not created yet, or no session holds it and its log has not grown
            }
            List<Event> batch;
            try {
                batch = events.after(entry.workspace(), runId, cursors.computeIfAbsent(runId, id -> 0L), 256);
            } catch (RuntimeException unreadable) {
                LOG.debug("run {} cannot be read for the stream now: {}", runId, unreadable.toString());
                return false;
            }
            if (batch.isEmpty() && !live) {
                idle.put(runId, size);
            } else {
                idle.remove(runId);
            }
            for (Event event : batch) {
                if (current.filter().accepts(event.type())) {
                    ObjectNode message = json.createObjectNode().put("type", "event").put("run_id", runId)
                            .put("text", EventText.line(runId, event));
                    message.set("event", json.valueToTree(event));
                    send(message);
                }
                cursors.put(runId, event.seq());
            }
            return !batch.isEmpty();
        }

        /** Where a run's log ends now; 0 for one not created yet (it is then followed from its first event). */
        private long lastSeq(PoolEntry entry) {
            try {
                return events.files().lastSeq(entry.workspace(), entry.runId());
            } catch (RuntimeException notYet) {
                return 0;
            }
        }

        /** Sends and waits until the socket took it; a client that does not read for long is cut off. */
        void send(ObjectNode message) {
            Callback.Completable done = new Callback.Completable();
            ctx.session.sendText(message.toString(), done);
            try {
                done.get(SEND_TIMEOUT_SECONDS, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new ClientGone("the server is stopping");
            } catch (Exception e) {
                stopped = true;
                throw new ClientGone("the client did not take a message for " + SEND_TIMEOUT_SECONDS
                        + "s or went away");
            }
        }

        void stop() {
            stopped = true;
            Thread t = sender;
            if (t != null) {
                t.interrupt();
            }
        }

        /** Stops sending and closes with 1001, waiting a little for the close frame to leave before Jetty stops. */
        void goAway() {
            goingAway = true;
            stop();
            Callback.Completable closed = new Callback.Completable();
            try {
                ctx.session.close(GOING_AWAY, "the server is stopping", closed);
                closed.get(CLOSE_WAIT_SECONDS, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (Exception e) {
                LOG.debug("a stream client did not take the close: {}", e.toString());
            }
        }
    }
}
