package dev.longtask.llm;

import java.time.Duration;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * The HTTP clients under a process's model clients, one per provider endpoint (provider, base URL, key and connect
 * timeout), shared by every run and workspace that talks to it. A java.net.http client holds a selector thread and
 * two file descriptors for as long as it is reachable, so a long-lived process ({@code serve}, {@code worker}) that
 * built one per run would grow by a thread a run. Each client is counted while requests are in flight; one that no
 * request has used for the idle time is dropped at the next request for any endpoint, so the JDK ends its thread
 * and closes its descriptors once the garbage collector has it (java.net.http on Java 17 has no close()).
 */
public final class ModelConnections {
    /** Long enough that a run's next call finds its connection kept alive; short enough that a pause frees it. */
    public static final Duration IDLE = Duration.ofMinutes(2);

    private final long idleNanos;
    private final LongSupplier nanoTime;
    private final Map<Key, Shared> byEndpoint = new HashMap<>();

    /** Who a client talks to and how it connects: requests to the same key share one client. */
    record Key(String endpoint, Duration connectTimeout) {
    }

    private static final class Shared {
        final java.net.http.HttpClient http;
        int inFlight;
        long lastUsed;

        Shared(java.net.http.HttpClient http, long now) {
            this.http = http;
            this.lastUsed = now;
        }
    }

    /**
     * Our tools as written for the wire, shared by every client built over these connections: a process keeps a client
     * for each workspace it serves, and each holding its own kept tens of KB for every workspace seen.
     */
    private final ToolSpecifications strictTools = new ToolSpecifications(true);
    private final ToolSpecifications plainTools = new ToolSpecifications(false);

    public ModelConnections() {
        this(IDLE, System::nanoTime);
    }

    /** The written tools for an endpoint whose dialect takes strict tools, or one whose dialect does not. */
    ToolSpecifications toolSpecifications(boolean strict) {
        return strict ? strictTools : plainTools;
    }

    ModelConnections(Duration idle, LongSupplier nanoTime) {
        this.idleNanos = idle.toNanos();
        this.nanoTime = nanoTime;
    }

    /** The client for {@code key}, built now if none is held; every call must be paired with {@link #release}. */
    synchronized java.net.http.HttpClient acquire(Key key) {
        long now = nanoTime.getAsLong();
        dropIdle(now);
        Shared shared = byEndpoint.computeIfAbsent(key, k -> new Shared(build(k), now));
        shared.inFlight++;
        shared.lastUsed = now;
        return shared.http;
    }

    synchronized void release(Key key) {
        Shared shared = byEndpoint.get(key);
        if (shared != null) {
            shared.inFlight = Math.max(0, shared.inFlight - 1);
            shared.lastUsed = nanoTime.getAsLong();
        }
    }

    /** How many clients are held now (in use or idle for less than the idle time). */
    synchronized int held() {
        return byEndpoint.size();
    }

    private void dropIdle(long now) {
        for (Iterator<Shared> it = byEndpoint.values().iterator(); it.hasNext(); ) {
            Shared shared = it.next();
            if (shared.inFlight == 0 && now - shared.lastUsed > idleNanos) {
                it.remove();
            }
        }
    }

    /**
     * A client whose dependent work runs where it becomes ready (the caller's thread as it sends, the client's
     * selector thread as the answer arrives) rather than on a pool of its own: with the pool every exchange was
     * handed between four threads, and the hand-offs and the pool's threads cost more processor time than the
     * exchange. Nothing in an exchange blocks (the bodies are bytes and strings in memory), so the selector thread is
     * never held; the caller still waits in {@code send}, which an interrupt ends.
     */
    private static java.net.http.HttpClient build(Key key) {
        java.net.http.HttpClient.Builder b = java.net.http.HttpClient.newBuilder()
                .version(java.net.http.HttpClient.Version.HTTP_1_1)
                .executor(Runnable::run);
        if (key.connectTimeout() != null) {
            b.connectTimeout(key.connectTimeout());
        }
        return b.build();
    }
}
