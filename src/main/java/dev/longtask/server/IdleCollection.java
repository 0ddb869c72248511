package dev.longtask.server;

import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * Gives back the memory a busy pool grew into once the pool has been idle a while: one full collection, after which
 * the JVM returns the free heap to the system. The serial collector the launcher gives {@code serve} sizes its old
 * generation for what eight running sessions held and gives it back only at a full collection, which a server at
 * rest never makes by itself: 330 MB of RSS stayed after every run ended, 250 MB after one collection. (G1's periodic
 * collection does this in the JVM, but G1 itself held 400 MB at the same load.)
 */
final class IdleCollection implements AutoCloseable {
    /** How long the pool must stay idle: a queue that refills within it is not idle, and pays for no collection. */
    static final Duration QUIET = Duration.ofSeconds(30);

    private final BooleanSupplier idle;
    private final Runnable collect;
    private final Duration quiet;
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "longtask-idle-collection");
        t.setDaemon(true);
        return t;
    });
    private ScheduledFuture<?> pending;

    /**
     * @param idle    whether the pool is idle now (no session live or starting, none waiting)
     * @param collect the collection ({@code System::gc} in a server)
     */
    IdleCollection(BooleanSupplier idle, Runnable collect, Duration quiet) {
        this.idle = idle;
        this.collect = collect;
        this.quiet = quiet;
    }

    /** The pool fell idle: collect once after the quiet while, if it is idle then. */
    synchronized void poolIdle() {
        if (pending != null) {
            pending.cancel(false);
        }
        if (!timer.isShutdown()) {
            pending = timer.schedule(() -> {
                if (idle.getAsBoolean()) {
                    collect.run();
                }
            }, quiet.toMillis(), TimeUnit.MILLISECONDS);
        }
    }

    @Override
    public synchronized void close() {
        timer.shutdownNow();
    }
}
