package dev.longtask.server;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.longtask.api.AtomicWrite;
import dev.longtask.model.Event;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Delivers routed events to webhooks, at least once and in order per run and route. The run's own log is the
 * outbox's content; what is durable here is each (route, run) cursor, {@code <state-dir>/outbox/<route>/<run-id>},
 * the last seq delivered, written after the receiver said yes. A receiver that is down or slow holds back only its
 * own deliveries: streams retry with exponential backoff and jitter, and runs never wait for them.
 */
final class Outbox implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(Outbox.class);
    private static final int BATCH = 64;

    /** How long to wait before the next attempt after {@code failures} failures in a row. */
    record Backoff(Duration first, Duration max) {
        Duration after(int failures) {
            long base = first.toMillis() << Math.min(failures - 1, 20);
            long capped = Math.min(base, max.toMillis());
            return Duration.ofMillis(capped / 2 + ThreadLocalRandom.current().nextLong(capped / 2 + 1));
        }
    }

    private final Path directory;
    private final List<Route> routes;
    private final RunEvents events;
    private final HttpClient http;
    private final ObjectMapper json;
    private final Clock clock;
    private final Backoff backoff;
    private final ServerMetrics metrics;
    private final Map<String, Stream> streams = new ConcurrentHashMap<>();
    private final ExecutorService workers;
    private final Thread dispatcher;
    private final Object wake = new Object();
    private volatile boolean closed;

    Outbox(Path stateDirectory, List<Route> routes, RunEvents events, ObjectMapper json, Clock clock, Backoff backoff,
           ServerMetrics metrics) {
        this.directory = stateDirectory.resolve("outbox");
        this.routes = List.copyOf(routes);
        this.events = events;
        this.json = json;
        this.clock = clock;
        this.backoff = backoff;
        this.metrics = metrics;
        this.http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
        this.workers = Executors.newFixedThreadPool(4, daemon("longtask-webhook"));
        this.dispatcher = daemon("longtask-outbox").newThread(this::dispatch);
        dispatcher.start();
    }

    /**
     * Starts delivering the run's events on every route that covers it: from the first event for a run just
     * submitted, else from the saved cursor (or, for a route that is new since the run ended, from its end).
     */
    void track(PoolEntry entry, boolean fresh) {
        for (Route route : routes) {
            if (!route.covers(entry)) {
                continue;
            }
            Path cursorFile = directory.resolve(route.name()).resolve(entry.runId());
            long cursor = fresh ? 0 : readCursor(cursorFile, entry);
            Stream stream = new Stream(route, entry, cursorFile, cursor);
            if (streams.putIfAbsent(route.name() + "/" + entry.runId(), stream) == null) {
                if (fresh) {
                    stream.save(0);
                }
                stream.dirty = true;
            }
        }
        wake();
    }

    /** A run has new events: its streams are due. Called on the appending thread; never blocks. */
    void onEvent(String runId) {
        boolean any = false;
        for (Stream stream : streams.values()) {
            if (stream.entry.runId().equals(runId)) {
                stream.dirty = true;
                any = true;
            }
        }
        if (any) {
            wake();
        }
    }

    boolean hasRoutes() {
        return !routes.isEmpty();
    }

    private long readCursor(Path file, PoolEntry entry) {
        try {
            return Long.parseLong(Files.readString(file).strip());
        } catch (NoSuchFileException e) {
            return entry.state() == PoolEntry.State.DONE
                    ? events.files().lastSeq(entry.workspace(), entry.runId()) : 0;
        } catch (IOException | NumberFormatException e) {
            LOG.warn("the delivery cursor {} cannot be read ({}); delivering run {} again from its start", file,
                    e.getMessage(), entry.runId());
            return 0;
        }
    }

    private void wake() {
        synchronized (wake) {
            wake.notifyAll();
        }
    }

    private void dispatch() {
        while (!closed) {
            long now = System.nanoTime();
            long sleep = 1000;
            for (Stream stream : streams.values()) {
                if (stream.busy || !stream.dirty) {
                    continue;
                }
                long wait = (stream.notBefore - now) / 1_000_000;
                if (wait > 0) {
                    sleep = Math.min(sleep, wait);
                    continue;
                }
                stream.busy = true;
                stream.dirty = false;
                workers.execute(stream::drain);
            }
            synchronized (wake) {
                try {
                    wake.wait(Math.max(1, sleep));
                } catch (InterruptedException e) {
                    return;
                }
            }
        }
    }

    @Override
    public void close() {
        closed = true;
        dispatcher.interrupt();
        workers.shutdownNow();
        try {
            workers.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The deliveries of one run on one route. Only one worker drains it at a time. */
    private final class Stream {
        private final Route route;
        private final PoolEntry entry;
        private final Path cursorFile;
        private long cursor;
        private long saved;
        private int failures;
        private volatile boolean busy;
        private volatile boolean dirty;
        private volatile long notBefore;

        Stream(Route route, PoolEntry entry, Path cursorFile, long cursor) {
            this.route = route;
            this.entry = entry;
            this.cursorFile = cursorFile;
            this.cursor = cursor;
            this.saved = cursor;
        }

        void drain() {
            try {
                while (!closed) {
                    List<Event> batch = events.after(entry.workspace(), entry.runId(), cursor, BATCH);
                    if (batch.isEmpty()) {
                        break;
                    }
                    for (Event event : batch) {
                        if (route.events().accepts(event.type())
                                && !(route.unlessViewed() && events.hub().viewed(entry.runId()))) {
                            deliver(event);
                            save(event.seq());
                        }
                        cursor = event.seq();
                    }
                    save(cursor);
                }
                if (failures > 0) {
                    LOG.info("{}: delivering again after {} failed attempts", route, failures);
                }
                failures = 0;
            } catch (DeliveryFailed e) {
                failures++;
                metrics.webhookFailed(route.name());
                if (failures == 1 || failures % 10 == 0) {
                    LOG.warn("{}: run {} event {} not delivered ({}); retrying with backoff (attempt {})", route,
                            entry.runId(), cursor + 1, e.getMessage(), failures);
                }
                notBefore = System.nanoTime() + backoff.after(failures).toNanos();
                dirty = true;
            } catch (RuntimeException e) {
                failures++;
                LOG.warn("{}: run {} cannot be read for delivery: {}", route, entry.runId(), e.toString());
                notBefore = System.nanoTime() + backoff.after(failures).toNanos();
                dirty = true;
            } finally {
                busy = false;
                wake();
            }
        }

        private void deliver(Event event) {
            String deliveryId = route.name() + ":" + entry.runId() + ":" + event.seq();
            String text = EventText.line(entry.runId(), event);
            ObjectNode envelope = json.createObjectNode().put("delivery_id", deliveryId).put("route", route.name())
                    .put("run_id", entry.runId()).put("text", text);
            envelope.set("event", json.valueToTree(event));
            byte[] body;
            try {
                body = json.writeValueAsBytes(route.format().body(json, envelope, text, route.secret(),
                        clock.instant()));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            HttpRequest.Builder request = HttpRequest.newBuilder(route.format().target(route.url(), route.secret(),
                            clock.instant()))
                    .timeout(Duration.ofSeconds(15))
                    .header("Content-Type", "application/json; charset=utf-8")
                    .header("User-Agent", "longtask")
                    .header("X-Longtask-Delivery", deliveryId)
                    .header("X-Longtask-Event", event.type())
                    .header("X-Longtask-Run", entry.runId())
                    .POST(HttpRequest.BodyPublishers.ofByteArray(body));
            if (route.secret() != null) {
                request.header("X-Longtask-Signature", WebhookFormat.signature(route.secret(), body));
            }
            HttpResponse<String> response;
            try {
                response = http.send(request.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
            } catch (IOException e) {
                throw new DeliveryFailed(e.getClass().getSimpleName() + (e.getMessage() == null ? ""
                        : ": " + e.getMessage()));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new DeliveryFailed("interrupted");
            }
            if (response.statusCode() / 100 != 2) {
                throw new DeliveryFailed("HTTP " + response.statusCode());
            }
            String refusal = route.format().refusal(json, response.body());
            if (refusal != null) {
                throw new DeliveryFailed(refusal);
            }
            metrics.webhookDelivered(route.name());
        }

        void save(long seq) {
            if (seq <= saved && seq != 0) {
                return;
            }
            saved = seq;
            try {
                Files.createDirectories(cursorFile.getParent());
                AtomicWrite.write(cursorFile, Long.toString(seq).getBytes(StandardCharsets.US_ASCII));
            } catch (IOException e) {
                throw new UncheckedIOException("cannot save the delivery cursor " + cursorFile + ": " + e.getMessage(),
                        e);
            }
        }
    }

    /** The receiver did not take a delivery. */
    private static final class DeliveryFailed extends RuntimeException {
        DeliveryFailed(String message) {
            super(message);
        }
    }

    private static java.util.concurrent.ThreadFactory daemon(String name) {
        return r -> {
            Thread t = new Thread(r, name);
            t.setDaemon(true);
            return t;
        };
    }
}
