package dev.longtask.engine;

import dev.longtask.model.run.RunStore;
import dev.longtask.model.run.StoreException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A database outage seen by a session on a shared store (a restart, a failover): a pause, not a failure. The session
 * waits, looking again with a backoff, says so once (to its watchers and in the log) and, when the database answers,
 * carries the run on as a resume in the same process would: nothing acknowledged was lost, since an event is
 * acknowledged only once its transaction commits.
 */
final class StoreOutage {
    static final Duration FIRST_WAIT = Duration.ofMillis(250);
    static final Duration LONGEST_WAIT = Duration.ofSeconds(10);

    private final List<StoreWatcher> watchers = new CopyOnWriteArrayList<>();

    void watch(StoreWatcher watcher) {
        watchers.add(watcher);
    }

    /** True when {@code failure} is the shared store's database being away, which the session waits out. */
    static boolean isOutage(RunStore store, Throwable failure) {
        return store.shared() && StoreException.unavailable(failure);
    }

    /**
     * Waits until {@code store} answers again (it reads the run's newest events), or the session is stopped; true when
     * the store is back.
     */
    boolean awaitBack(RunStore store, StopSignal stop, Throwable failure) {
        String why = failure.getMessage() == null ? failure.toString() : failure.getMessage();
        // Said once: to the watchers (a terminal) when there are any, else in the log (a server's).
        if (watchers.isEmpty()) {
            log().warn("run {}: the database is away ({}); waiting for it, the run goes on when it is back",
                    store.runId(), why);
        }
        watchers.forEach(w -> w.away(store.runId(), why));
        long started = System.nanoTime();
        Duration wait = FIRST_WAIT;
        while (!stop.stopping()) {
            if (!pause(stop, wait)) {
                break;
            }
            try {
                store.refresh();
                Duration after = Duration.ofNanos(System.nanoTime() - started);
                if (watchers.isEmpty()) {
                    log().warn("run {}: the database is back after {} ms; the run goes on", store.runId(),
                            after.toMillis());
                }
                watchers.forEach(w -> w.back(store.runId(), after));
                return true;
            } catch (RuntimeException e) {
                if (!StoreException.unavailable(e)) {
                    throw e;
                }
            }
            wait = wait.multipliedBy(2).compareTo(LONGEST_WAIT) > 0 ? LONGEST_WAIT : wait.multipliedBy(2);
        }
        return false;
    }

    /** Waits {@code wait} (a retry backoff), cut short by a stop of the session; false when stopped. */
    private static boolean pause(StopSignal stop, Duration wait) {
        return stop.interruptibly(() -> {
            try {
                Thread.sleep(wait.toMillis()); // backoff between looks at a database that is away
                return true;
            } catch (InterruptedException e) {
                Thread.interrupted();
                return false;
            }
        });
    }

    private static Logger log() {
        return LoggerFactory.getLogger(StoreOutage.class);
    }
}
