package dev.longtask.server;

import java.time.Clock;
import java.time.Duration;
import java.util.Collection;
import java.util.Comparator;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * When the pool looks at its queue, always on its own thread (a submit or a resume never waits for a session to
 * start): at once after a change; after {@link #AWAY} when the database is away or the store's other servers hold
 * every place; and when the backoff of a retry is over. A wake-up timed by the executor's clock can come a moment
 * before the pool's clock says a backoff is over: it then finds nothing due, and {@link #atEarliestBackoff} books the
 * next one, so a waiting retry is never forgotten. Once stopped, nothing is booked: what waits stays queued for the
 * server's next start.
 */
final class PoolWakeUps {
    /** How long the pool waits before it looks again at a database that was away, or for a place to come free. */
    static final Duration AWAY = Duration.ofSeconds(2);

    private final ScheduledExecutorService thread = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "longtask-pool");
        t.setDaemon(true);
        return t;
    });
    private final Clock clock;
    private final Runnable look;

    /** @param look what the pool does when it wakes: start what is due */
    PoolWakeUps(Clock clock, Runnable look) {
        this.clock = clock;
        this.look = look;
    }

    void now() {
        try {
            thread.execute(look);
        } catch (RejectedExecutionException stopped) {
            // the server is stopping
        }
    }

    /** Looks again after {@link #AWAY}. */
    void afterAWhile() {
        in(AWAY.toMillis());
    }

    /** A retry waits out its backoff; everything else may start at once. */
    boolean due(PoolEntry entry) {
        return entry.notBefore() == null || !clock.instant().isBefore(entry.notBefore());
    }

    /** Looks again when {@code entry}'s backoff is over. */
    void whenDue(PoolEntry entry) {
        in(Math.max(0, Duration.between(clock.instant(), entry.notBefore()).toMillis()) + 1);
    }

    /** Books a look for when the earliest backoff of the {@code waiting} entries ends, if any is not due yet. */
    void atEarliestBackoff(Collection<PoolEntry> waiting) {
        waiting.stream().filter(e -> !due(e)).min(Comparator.comparing(PoolEntry::notBefore))
                .ifPresent(this::whenDue);
    }

    private void in(long millis) {
        try {
            thread.schedule(look, millis, TimeUnit.MILLISECONDS);
        } catch (RejectedExecutionException stopped) {
            // the server is stopping: the run stays queued for its next start
        }
    }

    /** Books nothing more and waits up to {@code grace} for a look under way; false if interrupted. */
    boolean stop(Duration grace) {
        thread.shutdown();
        try {
            thread.awaitTermination(grace.toMillis(), TimeUnit.MILLISECONDS);
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
