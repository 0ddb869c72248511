package dev.longtask.store.postgres;

import dev.longtask.model.Event;
import dev.longtask.model.EventType;
import dev.longtask.model.TaskStatus;
import dev.longtask.store.RunState;
import dev.longtask.model.run.StoreException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The claims one {@link PostgresRunStore} holds and their leases: the attempt number that fences every write about a
 * held task, and the heartbeat thread that renews the leases (a third of the lease apart) until the store closes.
 */
final class Leases implements AutoCloseable {
    private final PostgresDatabase db;
    private final String runId;
    private final Duration lease;
    /**
     * The tasks this store claimed and has not finished, with the attempt number that fences their writes. A claim
     * that is lost (its lease lapsed, another attempt took the task) stays here, so every later write about the task
     * still carries the stale attempt and the database refuses it.
     */
    private final Map<Integer, Integer> held = new ConcurrentHashMap<>();
    /**
     * Tasks whose claim this store held and gave back (requeued by this store): a later write about one comes from an
     * agent that outlived its claim (a slot stopped in its place, a give-back after a freeze), and would carry no
     * attempt the database could check, so it is refused here.
     */
    private final Set<Integer> letGo = ConcurrentHashMap.newKeySet();
    /**
     * Claims of {@link #held} whose lease could not be renewed, task to attempt: no longer renewed, reported once. Kept
     * by attempt, so a beat that fails for an attempt that just ended cannot mark the task's next claim lost.
     */
    private final Map<Integer, Integer> lost = new ConcurrentHashMap<>();
    private final List<PostgresRunStore.LeaseLost> lostListeners = new CopyOnWriteArrayList<>();
    private final ScheduledExecutorService heartbeat;
    private volatile boolean closed;

    Leases(PostgresDatabase db, String runId, Duration lease) {
        this.db = db;
        this.runId = runId;
        this.lease = lease;
        this.heartbeat = Executors.newSingleThreadScheduledExecutor(runnable -> {
            Thread thread = new Thread(runnable, "longtask-lease-" + runId);
            thread.setDaemon(true);
            return thread;
        });
        long every = Math.max(50, lease.toMillis() / 3);
        heartbeat.scheduleWithFixedDelay(this::renew, every, every, TimeUnit.MILLISECONDS);
    }

    Duration duration() {
        return lease;
    }

    /** The attempt whose claim of {@code task} this store holds (or held and lost), or null when it never claimed it. */
    Integer attempt(int task) {
        return held.get(task);
    }

    boolean holds(int task) {
        return held.containsKey(task);
    }

    /** True when this store held {@code task}'s claim, let it go, and has not claimed it again. */
    boolean letGo(int task) {
        return letGo.contains(task) && !held.containsKey(task);
    }

    /** The tasks held and not lost, with their attempt numbers. */
    Map<Integer, Integer> current() {
        Map<Integer, Integer> holding = new HashMap<>(held);
        lost.forEach((task, attempt) -> holding.remove(task, attempt));
        return Map.copyOf(holding);
    }

    void onLost(PostgresRunStore.LeaseLost listener) {
        lostListeners.add(listener);
    }

    /** The claim of {@code task} is lost (its write was fenced) or given up: it is no longer renewed. */
    void lose(int task) {
        Integer attempt = held.get(task);
        if (attempt != null) {
            lost.put(task, attempt);
        }
    }

    /** Books what this store's commit did to its claims: a claim taken is held, a task that left progress is not. */
    void committed(List<Event> events, RunState after) {
        for (Event event : events) {
            if (EventType.TASK_CLAIMED.equals(event.type())) {
                held.put(event.task(), after.task(event.task()).attempts());
                letGo.remove(event.task());
            } else if (event.task() != null && after.task(event.task()).status() != TaskStatus.IN_PROGRESS
                    && held.remove(event.task()) != null && after.task(event.task()).status() == TaskStatus.PENDING) {
                letGo.add(event.task()); // completed or failed, the task's state refuses a second end by itself
            }
        }
    }

    /** The tasks of the run (any holder's) whose lease lapsed, as {id, attempt}. */
    List<int[]> lapsed() {
        try (Connection c = db.connection(); PreparedStatement select = c.prepareStatement("SELECT id, attempts FROM "
                + "longtask_tasks WHERE run_id = ? AND status = 'in_progress' AND lease_expires < clock_timestamp()")) {
            select.setString(1, runId);
            List<int[]> lapsed = new ArrayList<>();
            try (ResultSet rows = select.executeQuery()) {
                while (rows.next()) {
                    lapsed.add(new int[] {rows.getInt(1), rows.getInt(2)});
                }
            }
            return lapsed;
        } catch (SQLException e) {
            throw new StoreException("run " + runId + ": cannot read leases from " + db.shown() + ": "
                    + e.getMessage(), e);
        }
    }

    /** Extends the lease of every task this store holds; a task whose lease is gone is dropped and reported. */
    void renew() {
        if (closed || held.isEmpty()) {
            return;
        }
        try (Connection c = db.connection(); PreparedStatement renew = c.prepareStatement("UPDATE longtask_tasks SET "
                + "lease_expires = clock_timestamp() + ? * interval '1 millisecond' WHERE run_id = ? AND id = ? "
                + "AND attempts = ? AND status = 'in_progress' AND lease_expires >= clock_timestamp()")) {
            for (Map.Entry<Integer, Integer> claim : current().entrySet()) {
                renew.setLong(1, lease.toMillis());
                renew.setString(2, runId);
                renew.setInt(3, claim.getKey());
                renew.setInt(4, claim.getValue());
                if (renew.executeUpdate() == 0
                        && !claim.getValue().equals(lost.put(claim.getKey(), claim.getValue()))) {
                    log().warn("run {}: the lease of task #{} (attempt {}) could not be renewed; it is lost",
                            runId, claim.getKey(), claim.getValue());
                    lostListeners.forEach(l -> l.lost(claim.getKey(), claim.getValue()));
                }
            }
        } catch (SQLException | RuntimeException e) {
            // The database is away: the leases lapse unless a later beat gets through, and fencing refuses the rest.
            // The session or worker says once that the database is away; a warning each beat would repeat it.
            if (StoreException.unavailable(e)) {
                log().debug("run {}: cannot renew leases ({})", runId, e.getMessage());
            } else {
                log().warn("run {}: cannot renew leases ({})", runId, e.getMessage());
            }
        }
    }

    /** Stops renewing: tasks still held lapse and are claimed again elsewhere. */
    @Override
    public void close() {
        closed = true;
        heartbeat.shutdownNow();
    }

    private static Logger log() {
        return LoggerFactory.getLogger(PostgresRunStore.class);
    }
}
