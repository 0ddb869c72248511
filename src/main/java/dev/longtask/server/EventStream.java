package dev.longtask.server;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.longtask.model.Event;
import dev.longtask.model.RunStatus;
import io.javalin.http.Context;
import io.javalin.http.sse.SseClient;
import io.javalin.http.sse.SseHandler;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code GET /api/runs/{id}/events}: the run's log as Server-Sent Events, each with its sequence number as id and
 * its type as event name, from {@code Last-Event-ID} (or {@code ?after=}) on, then live, with nothing missed or
 * repeated; {@code ?types=} and {@code ?exclude=} filter. The stream ends with an {@code end} event when the run has
 * ended and nothing will continue it. Without {@code Accept: text/event-stream} the same events come as one JSON page.
 */
final class EventStream {
    private static final Logger LOG = LoggerFactory.getLogger(EventStream.class);
    private static final int BATCH = 256;

    private final RunsApi runs;
    private final RunEvents events;
    private final Pool pool;
    private final ObjectMapper json;
    private final long keepAliveMillis;
    private final ExecutorService pumps = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "longtask-sse");
        t.setDaemon(true);
        return t;
    });

    EventStream(RunsApi runs, RunEvents events, Pool pool, ObjectMapper json, long keepAliveMillis) {
        this.runs = runs;
        this.events = events;
        this.pool = pool;
        this.json = json;
        this.keepAliveMillis = keepAliveMillis;
    }

    void handle(Context ctx) throws Exception {
        String runId = ctx.pathParam("id");
        Path workspace = runs.workspace(runId);
        EventFilter filter;
        try {
            filter = EventFilter.parse(ctx.queryParam("types"), ctx.queryParam("exclude"), EventFilter.EVERYTHING);
        } catch (IllegalArgumentException e) {
            throw ApiError.badRequest("'types' or 'exclude': " + e.getMessage());
        }
        long after = after(ctx);
        String accept = ctx.header("Accept");
        if (accept == null || !accept.contains("text/event-stream")) {
            page(ctx, workspace, runId, after, filter);
            return;
        }
        new SseHandler(client -> {
            client.keepAlive();
            events.hub().view(runId);
            pumps.execute(() -> {
                try {
                    pump(client, workspace, runId, after, filter);
                } catch (RuntimeException e) {
                    LOG.warn("the event stream of run {} stopped: {}", runId, e.toString());
                } finally {
                    events.hub().unview(runId);
                    client.close();
                }
            });
        }).handle(ctx);
    }

    private void pump(SseClient client, Path workspace, String runId, long after, EventFilter filter) {
        long cursor = after;
        EventHub hub = events.hub();
        long idleAt = -1; // the log's size when a read found nothing new and no session was running
        while (!client.terminated()) {
            long version = hub.version(runId);
            boolean live = hub.live(runId);
            long size = events.files().logSize(workspace, runId);
            if (live || size != idleAt) {
                List<Event> batch = events.after(workspace, runId, cursor, BATCH);
                for (Event event : batch) {
                    if (filter.accepts(event.type())) {
                        client.sendEvent(event.type(), text(event), Long.toString(event.seq()));
                        if (client.terminated()) {
                            return;
                        }
                    }
                    cursor = event.seq();
                }
                if (!batch.isEmpty()) {
                    idleAt = -1;
                    continue;
                }
                if (ended(runId, workspace)) {
                    ObjectNode end = json.createObjectNode().put("run_id", runId)
                            .put("status", events.files().figures(workspace, runId).status().wire())
                            .put("last_seq", cursor);
                    client.sendEvent("end", end.toString());
                    return;
                }
                // a run no session holds changes only when its log grows: no need to read it on every signal
                idleAt = live ? -1 : size;
            }
            try {
                if (hub.await(runId, version, keepAliveMillis) == version) {
                    client.sendComment("keep-alive");
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /** Nothing will append to the run: no session runs it and the pool will not start one (or never had it). */
    private boolean ended(String runId, Path workspace) {
        if (events.hub().live(runId)) {
            return false;
        }
        return pool.entry(runId).map(e -> e.state() == PoolEntry.State.DONE).orElseGet(() -> {
            RunStatus status = events.files().figures(workspace, runId).status();
            return status == RunStatus.COMPLETED || status == RunStatus.CANCELLED || status == RunStatus.FAILED;
        });
    }

    private void page(Context ctx, Path workspace, String runId, long after, EventFilter filter) throws IOException {
        int limit = RunsApi.number(ctx, "limit", 1, 5000, 500);
        List<Event> batch = events.after(workspace, runId, after, limit);
        ObjectNode out = json.createObjectNode().put("run_id", runId);
        var list = out.putArray("events");
        long last = after;
        for (Event event : batch) {
            if (filter.accepts(event.type())) {
                list.add(json.valueToTree(event));
            }
            last = event.seq();
        }
        out.put("next_after", last);
        ctx.contentType("application/json").result(json.writeValueAsString(out));
    }

    private static long after(Context ctx) {
        String header = ctx.header("Last-Event-ID");
        String text = header != null && !header.isBlank() ? header : ctx.queryParam("after");
        if (text == null || text.isBlank()) {
            return 0;
        }
        try {
            long after = Long.parseLong(text.strip());
            if (after >= 0) {
                return after;
            }
        } catch (NumberFormatException ignored) {
            // reported below
        }
        throw ApiError.badRequest("Last-Event-ID (or 'after') must be an event's sequence number, got '" + text + "'");
    }

    private String text(Event event) {
        try {
            return json.writeValueAsString(event);
        } catch (IOException e) {
            throw new IllegalStateException("cannot write event " + event.seq() + ": " + e.getMessage(), e);
        }
    }

    void close() {
        pumps.shutdownNow();
    }
}
