package dev.longtask.server;

import dev.longtask.model.Event;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BiConsumer;

/**
 * The live events of the runs this process carries, for every reader (SSE, the WebSocket stream, the outbox):
 * a run's session publishes into a window of recent events and signals; readers pull at their own pace, so a slow
 * or dead reader never slows a run. Readers behind the window read the log on disk instead.
 */
final class EventHub {
    static final int WINDOW = 4096;

    private final Map<String, Feed> feeds = new ConcurrentHashMap<>();
    /** The runs someone follows (an SSE stream), each with a signal of its own: see {@link #await(String, long, long)}. */
    private final Map<String, Viewers> viewers = new ConcurrentHashMap<>();
    private final List<BiConsumer<String, Event>> taps = new CopyOnWriteArrayList<>();
    private final List<java.util.function.Consumer<String>> watchers = new CopyOnWriteArrayList<>();
    private final Object signal = new Object();
    private long version;

    /** The recent events of one session of one run. */
    static final class Feed {
        private final long base;
        private final ConcurrentSkipListMap<Long, Event> window = new ConcurrentSkipListMap<>();
        private volatile long contiguous;
        private volatile boolean live = true;

        Feed(long base) {
            this.base = base;
            this.contiguous = base;
        }

        /** The highest seq up to which every event is here (or was before the session). */
        long lastSeq() {
            return contiguous;
        }

        boolean live() {
            return live;
        }

        private synchronized void add(Event event) {
            if (event.seq() <= contiguous) {
                return;
            }
            window.put(event.seq(), event);
            while (window.containsKey(contiguous + 1)) {
                contiguous++;
            }
            while (window.firstKey() < contiguous - WINDOW) {
                window.pollFirstEntry();
            }
        }

        /** The events after {@code after}, or empty when the window no longer (or not yet) holds them. */
        Optional<List<Event>> after(long after, int limit) {
            long from = after + 1;
            if (from <= base) {
                return Optional.empty();
            }
            if (from > contiguous) {
                return Optional.of(List.of());
            }
            Map.Entry<Long, Event> first = window.firstEntry();
            if (first == null || first.getKey() > from) {
                return Optional.empty();
            }
            List<Event> events = new ArrayList<>();
            for (Event e : window.subMap(from, true, contiguous, true).values()) {
                if (events.size() == limit) {
                    break;
                }
                events.add(e);
            }
            return Optional.of(events);
        }
    }

    /**
     * The viewers of one run and the signal they wait on. A stream waits on its run's signal, not the hub's: with
     * hundreds of streams open, each event woke every one of them (each then looked at its run's log), so the work
     * of an event grew with the number of streams of all runs and delayed the events of each.
     */
    private static final class Viewers {
        private int count;
        private long version;
    }

    /** A session of {@code runId} starts; the log held {@code lastSeq} events before it. */
    void open(String runId, long lastSeq) {
        feeds.put(runId, new Feed(lastSeq));
        signal(runId);
        signal();
    }

    /**
     * The session ended: its feed is dropped (readers use only a live session's feed; the rest read the log, where
     * every event was durable before it was published). Kept, a server held up to {@link #WINDOW} events of every
     * run it ever carried: about 25 KB a run of a few tasks, megabytes for one of hundreds.
     */
    void close(String runId) {
        Feed feed = feeds.remove(runId);
        if (feed != null) {
            feed.live = false;
        }
        changed(runId);
    }

    /** Called on the appending thread with each durable event: cheap, never blocks on a reader. */
    void publish(String runId, Event event) {
        Feed feed = feeds.get(runId);
        if (feed == null) {
            return;
        }
        feed.add(event);
        for (BiConsumer<String, Event> tap : taps) {
            tap.accept(runId, event);
        }
        changed(runId);
    }

    /**
     * The run's log grew outside a session (its status set while it waited, was held or was cancelled): readers
     * of it look again.
     */
    void changed(String runId) {
        for (java.util.function.Consumer<String> watcher : watchers) {
            watcher.accept(runId);
        }
        signal(runId);
        signal();
    }

    /** {@code watcher} hears the id of every run whose log grew; it must be quick. */
    void watch(java.util.function.Consumer<String> watcher) {
        watchers.add(watcher);
    }

    /** {@code tap} sees every published event on the appending thread; it must be quick. */
    void tap(BiConsumer<String, Event> tap) {
        taps.add(tap);
    }

    /** Someone started watching the run's events (its SSE stream); see {@link #viewed}. */
    void view(String runId) {
        viewers.compute(runId, (id, v) -> {
            Viewers in = v == null ? new Viewers() : v;
            synchronized (in) {
                in.count++;
            }
            return in;
        });
    }

    void unview(String runId) {
        viewers.computeIfPresent(runId, (id, v) -> {
            synchronized (v) {
                v.count--;
                return v.count <= 0 ? null : v;
            }
        });
    }

    /** Whether someone watches the run now: routes with {@code unless_viewed} hold back while they do. */
    boolean viewed(String runId) {
        return viewers.containsKey(runId);
    }

    Optional<Feed> feed(String runId) {
        return Optional.ofNullable(feeds.get(runId));
    }

    boolean live(String runId) {
        Feed feed = feeds.get(runId);
        return feed != null && feed.live;
    }

    long version() {
        synchronized (signal) {
            return version;
        }
    }

    /** Waits until something was published or a session opened or closed after {@code seen}, or the time ran out. */
    long await(long seen, long millis) throws InterruptedException {
        long deadline = System.nanoTime() + millis * 1_000_000;
        synchronized (signal) {
            while (version == seen) {
                long left = (deadline - System.nanoTime()) / 1_000_000;
                if (left <= 0) {
                    break;
                }
                signal.wait(left);
            }
            return version;
        }
    }

    void signal() {
        synchronized (signal) {
            version++;
            signal.notifyAll();
        }
    }

    /**
     * The run's own signal, for one who {@link #view viewed} it: it moves whenever the run's log may have grown or
     * its session opened or closed. For a run nobody views, the hub's {@link #version()}.
     */
    long version(String runId) {
        Viewers v = viewers.get(runId);
        if (v == null) {
            return version();
        }
        synchronized (v) {
            return v.version;
        }
    }

    /**
     * Waits until the run's signal moved past {@code seen} or the time ran out, as {@link #await(long, long)} does
     * for the hub's; a viewer of the run only (else it waits on the hub's).
     */
    long await(String runId, long seen, long millis) throws InterruptedException {
        Viewers v = viewers.get(runId);
        if (v == null) {
            return await(seen, millis);
        }
        long deadline = System.nanoTime() + millis * 1_000_000;
        synchronized (v) {
            while (v.version == seen) {
                long left = (deadline - System.nanoTime()) / 1_000_000;
                if (left <= 0) {
                    break;
                }
                v.wait(left);
            }
            return v.version;
        }
    }

    private void signal(String runId) {
        Viewers v = viewers.get(runId);
        if (v != null) {
            synchronized (v) {
                v.version++;
                v.notifyAll();
            }
        }
    }
}
