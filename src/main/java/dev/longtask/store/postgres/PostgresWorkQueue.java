package dev.longtask.store.postgres;

import dev.longtask.model.Task;
import dev.longtask.model.run.StoreException;
import dev.longtask.model.run.StoreOptions;
import dev.longtask.model.run.UnreachableWorkspaceException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * The ready tasks of every running run of a database, as a worker takes them: {@link #next} claims one for each free
 * slot (a claim is a commit of the run like any other, so workers that ask at once get different tasks, and a run
 * another process is writing is passed over for an idle one), {@link #awaitWork} waits for a commit that made a task
 * ready (LISTEN/NOTIFY), and {@link #requeueLapsed} gives the tasks of dead or stalled workers back. The runs it touches stay open here, one {@link PostgresRunStore} each, renewing the leases
 * of the tasks this process holds.
 */
public final class PostgresWorkQueue implements AutoCloseable {
    /** A claimed task and the store of its run (which fences the task's writes by the claim's attempt). */
    public record Claimed(PostgresRunStore store, Task task) {
    }

    private final PostgresDatabase db;
    private final StoreOptions options;
    private final Duration lease;
    private final Map<String, PostgresRunStore> open = new ConcurrentHashMap<>();
    /** Runs this process cannot work on (their workspace is not here, their model cannot be used), with why. */
    private final Map<String, String> passedOver = new ConcurrentHashMap<>();
    /** The connection that listens for new work ({@link #awaitWork}), once asked. */
    private Connection listening;

    public PostgresWorkQueue(PostgresDatabase db, StoreOptions options, Duration lease) {
        this.db = db;
        this.options = options;
        this.lease = lease;
    }

    /**
     * Claims a ready task of any running run for {@code owner}, or empty when there is none now. Runs are tried
     * oldest first; one whose row another process holds is skipped, and only when every candidate is busy does the
     * claim wait for the first.
     *
     * A run whose workspace this machine cannot see (see {@link PostgresRunStore#open}), or that cannot be read (its
     * log is spoilt), is passed over from then on, and {@link #passedOver} says why; the database being away is
     * thrown.
     */
    public Optional<Claimed> next(String owner) {
        List<Claimed> claimed = next(List.of(owner));
        return claimed.isEmpty() ? Optional.empty() : Optional.of(claimed.get(0));
    }

    /**
     * Claims up to one ready task for each of {@code owners} (a worker's free slots), each run's share in one
     * transaction, trying runs as {@link #next(String)} does; the claims are in the owners' order (the first owner's
     * first), fewer when fewer tasks are ready.
     */
    public List<Claimed> next(List<String> owners) {
        return next(owners, run -> Set.of());
    }

    /**
     * {@link #next(List)} passing over, in each run, the tasks {@code busy} names (those a slot of this process still
     * works on: see {@link PostgresRunStore#claimNext(List, boolean, Set)}).
     */
    public List<Claimed> next(List<String> owners, Function<String, Set<Integer>> busy) {
        List<Claimed> claimed = new ArrayList<>();
        List<String> runs = runsWithReadyTasks();
        for (boolean skipBusy : new boolean[] {true, false}) {
            for (String runId : runs) {
                if (claimed.size() == owners.size()) {
                    return claimed;
                }
                if (passedOver.containsKey(runId)) {
                    continue;
                }
                PostgresRunStore store;
                List<Task> tasks;
                try {
                    store = store(runId);
                    tasks = store.claimNext(owners.subList(claimed.size(), owners.size()), skipBusy, busy.apply(runId));
                } catch (UnreachableWorkspaceException unreachable) {
                    passOver(runId, unreachable.getMessage());
                    continue;
                } catch (StoreException e) {
                    if (!e.unavailable()) {
                        // a run that cannot be read (a spoilt log) would stop every claim of the runs behind it
                        passOver(runId, "cannot read it: " + e.getMessage());
                        continue;
                    }
                    if (claimed.isEmpty()) {
                        throw e;
                    }
                    // The claims already made are held (their leases renewed): handed to no slot they would be
                    // worked by nobody and never lapse. The next look meets this failure again.
                    return claimed;
                }
                for (Task task : tasks) {
                    claimed.add(new Claimed(store, task));
                }
                if (!skipBusy) {
                    break;
                }
            }
            if (!claimed.isEmpty()) {
                return claimed;
            }
        }
        return claimed;
    }

    /**
     * Waits up to {@code timeout} for a commit of any process to make a task ready ({@code LISTEN}/{@code NOTIFY});
     * true when one did. The first call starts listening (on a connection of its own, held until {@link #close}); a
     * notification sent since the previous call is not lost, so look for work, then wait. When the database cannot be
     * listened to, this waits the whole timeout and the caller's next look finds what a notification would have told.
     * Called by one thread at a time.
     */
    public boolean awaitWork(Duration timeout) throws InterruptedException {
        try {
            if (listening == null) {
                listening = db.connection();
                try (java.sql.Statement listen = listening.createStatement()) {
                    listen.execute("LISTEN " + PostgresRunStore.WORK_CHANNEL);
                }
                return true; // not listening until now: look again before waiting
            }
            org.postgresql.PGNotification[] news = listening.unwrap(org.postgresql.PGConnection.class)
                    .getNotifications((int) Math.max(1, timeout.toMillis()));
            return news != null && news.length > 0;
        } catch (SQLException e) {
            stopListening();
            Thread.sleep(timeout.toMillis()); // the database is away: a poll interval, then the caller looks again
            return false;
        }
    }

    private void stopListening() {
        if (listening != null) {
            try {
                listening.close();
            } catch (SQLException e) {
                // a broken connection: the pool drops it
            }
            listening = null;
        }
    }

    /** From now on, claims nothing of {@code runId}, for the reason {@code why}: another worker will. */
    public void passOver(String runId, String why) {
        passedOver.putIfAbsent(runId, why);
    }

    /** The runs this queue passes over, with why. */
    public Map<String, String> passedOver() {
        return Map.copyOf(passedOver);
    }

    /** Requeues, in every run, the tasks whose lease lapsed; returns how many. */
    public int requeueLapsed() {
        int requeued = 0;
        for (String runId : runsWithLapsedLeases()) {
            if (passedOver.containsKey(runId)) {
                continue;
            }
            PostgresRunStore store;
            try {
                store = store(runId);
            } catch (UnreachableWorkspaceException unreachable) {
                passOver(runId, unreachable.getMessage());
                continue;
            }
            requeued += store.requeueLapsed().size();
        }
        return requeued;
    }

    /** The store of a run this queue has open (opened on first use). */
    public PostgresRunStore store(String runId) {
        // a worker writes the run's files only before its agents read them: the scheduling process keeps them fresh
        return open.computeIfAbsent(runId, id -> PostgresRunStore.open(db, id, options, lease,
                PostgresRunStore.Projections.WHEN_FLUSHED));
    }

    /**
     * Closes the stores of runs that no longer run and that no slot works a task of ({@code inUse}), with their
     * heartbeat and projector threads: a worker that has carried a thousand runs holds the stores of those still
     * going, not a thousand. A run that runs again is opened again on its next claim. Returns the runs closed.
     */
    public List<String> closeEnded(Set<String> inUse) {
        List<String> idle = open.keySet().stream().filter(id -> !inUse.contains(id)).toList();
        if (idle.isEmpty()) {
            return List.of();
        }
        Set<String> running = new HashSet<>(runIds("SELECT id FROM longtask_runs WHERE status = 'running' "
                + "AND id = ANY(?)", idle));
        List<String> closed = new ArrayList<>();
        for (String runId : idle) {
            PostgresRunStore store = running.contains(runId) ? null : open.remove(runId);
            if (store != null) {
                store.close();
                closed.add(runId);
            }
        }
        return closed;
    }

    /** How many runs' stores this queue holds open. */
    int openRuns() {
        return open.size();
    }

    private List<String> runsWithReadyTasks() {
        return runIds("SELECT r.id FROM longtask_runs r WHERE r.status = 'running' AND EXISTS (SELECT 1 FROM "
                + "longtask_tasks t WHERE t.run_id = r.id AND t.ready AND t.status = 'pending') ORDER BY r.created, r.id "
                + "LIMIT 100");
    }

    private List<String> runsWithLapsedLeases() {
        return runIds("SELECT DISTINCT run_id FROM longtask_tasks WHERE status = 'in_progress' "
                + "AND lease_expires < clock_timestamp()");
    }

    private List<String> runIds(String query) {
        return runIds(query, null);
    }

    /** The ids {@code query} selects; {@code among}, when given, is its one parameter, an array of run ids. */
    private List<String> runIds(String query, List<String> among) {
        try (Connection c = db.connection(); PreparedStatement select = c.prepareStatement(query)) {
            if (among != null) {
                select.setArray(1, c.createArrayOf("text", among.toArray()));
            }
            try (ResultSet rows = select.executeQuery()) {
                return ids(rows);
            }
        } catch (SQLException e) {
            throw new StoreException("cannot look for work in " + db.shown() + ": " + e.getMessage(), e);
        }
    }

    private static List<String> ids(ResultSet rows) throws SQLException {
        List<String> ids = new ArrayList<>();
        while (rows.next()) {
            ids.add(rows.getString(1));
        }
        return ids;
    }

    /**
     * Closes the runs' stores. A task a store still holds (none should be: every slot gives its task back as it
     * ends) is requeued first, or, with the database away, no longer renewed, so it lapses.
     */
    @Override
    public void close() {
        stopListening();
        open.values().forEach(store -> store.releaseAll("the worker stopped before the task finished; it starts over"));
        open.values().forEach(PostgresRunStore::close);
        open.clear();
    }
}
