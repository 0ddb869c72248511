package dev.longtask.store;

import dev.longtask.model.Task;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The ready tasks of every running run of a database, as a worker takes them: {@link #next} claims one (the run's row
 * and the task's row taken with {@code FOR UPDATE SKIP LOCKED}, so workers that ask at once get different tasks and a
 * run another process is writing is passed over for an idle one), and {@link #requeueLapsed} gives the tasks of dead
 * or stalled workers back. The runs it touches stay open here, one {@link PostgresRunStore} each, renewing the leases
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
     * @throws StoreException when a run's workspace is not reachable from this machine (see
     *                        {@link PostgresRunStore#open})
     */
    public Optional<Claimed> next(String owner) {
        List<String> runs = runsWithReadyTasks();
        for (boolean skipBusy : new boolean[] {true, false}) {
            for (String runId : runs) {
                PostgresRunStore store = store(runId);
                Optional<Task> task = store.claimNext(owner, skipBusy);
                if (task.isPresent()) {
                    return Optional.of(new Claimed(store, task.get()));
                }
                if (!skipBusy) {
                    break;
                }
            }
        }
        return Optional.empty();
    }

    /** Requeues, in every run, the tasks whose lease lapsed; returns how many. */
    public int requeueLapsed() {
        int requeued = 0;
        for (String runId : runsWithLapsedLeases()) {
            requeued += store(runId).requeueLapsed().size();
        }
        return requeued;
    }

    /** The store of a run this queue has open (opened on first use). */
    public PostgresRunStore store(String runId) {
        return open.computeIfAbsent(runId, id -> PostgresRunStore.open(db, id, options, lease));
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
        try (Connection c = db.connection(); PreparedStatement select = c.prepareStatement(query);
             ResultSet rows = select.executeQuery()) {
            List<String> ids = new ArrayList<>();
            while (rows.next()) {
                ids.add(rows.getString(1));
            }
            return ids;
        } catch (SQLException e) {
            throw new StoreException("cannot look for work in " + db.shown() + ": " + e.getMessage(), e);
        }
    }

    /** Closes the runs' stores: leases still held are no longer renewed and lapse. */
    @Override
    public void close() {
        open.values().forEach(PostgresRunStore::close);
        open.clear();
    }
}
