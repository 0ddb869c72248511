package dev.longtask.store.postgres;

import dev.longtask.model.run.RunSlots;
import dev.longtask.model.run.StoreException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.Map;

/**
 * The places of a database's servers for runs at work ({@code serve --store URL --max-runs N}): place {@code i} is the
 * PostgreSQL advisory lock ({@link #LOCK_CLASS}, {@code i}), {@code i < N}, held on a connection of this process's
 * own for as long as its run is at work. Taking one is atomic in the database, so servers that start runs at the same
 * moment never hold more than N between them, and a server that dies (SIGKILL, its machine) gives its places back as
 * its connection closes. Servers of one database should be given the same {@code --max-runs}: each counts up to its
 * own.
 *
 * <p>When the database goes away, the locks go with the connection: the next take or release reconnects and takes
 * again the places of the runs still at work here; one another server took meanwhile is left to it (its run counts
 * once the place is free again), and said so by {@link #lost}.
 */
final class PostgresRunSlots implements RunSlots {
    /** The first key of the advisory locks of run places ("lt" + "rs"), apart from the schema's lock. */
    static final int LOCK_CLASS = 0x6c747273;

    private final PostgresDatabase db;
    private final int count;
    private final Map<String, Integer> held = new HashMap<>();
    private Connection session;
    private int lost;

    PostgresRunSlots(PostgresDatabase db, int count) {
        if (count < 1) {
            throw new IllegalArgumentException("a server needs at least 1 place for runs, got " + count);
        }
        this.db = db;
        this.count = count;
    }

    @Override
    public synchronized boolean tryTake(String runId) {
        if (held.containsKey(runId)) {
            return true;
        }
        try {
            Connection c = session();
            for (int place = 0; place < count; place++) {
                if (!held.containsValue(place) && lock(c, place)) {
                    held.put(runId, place);
                    return true;
                }
            }
            return false;
        } catch (SQLException e) {
            drop();
            throw new StoreException("cannot count the runs at work in " + db.shown() + ": " + e.getMessage(), e);
        }
    }

    @Override
    public synchronized void release(String runId) {
        Integer place = held.remove(runId);
        if (place == null || session == null) {
            return;
        }
        try (PreparedStatement unlock = session.prepareStatement("SELECT pg_advisory_unlock(?, ?)")) {
            unlock.setInt(1, LOCK_CLASS);
            unlock.setInt(2, place);
            unlock.executeQuery().close();
        } catch (SQLException e) {
            drop(); // the connection is gone, and its locks with it
        }
    }

    /** How many places of runs at work here another server took while the database was away. */
    synchronized int lost() {
        return lost;
    }

    /** The connection that holds the places; a new one takes again those of the runs still at work here. */
    private Connection session() throws SQLException {
        if (session != null && session.isValid(5)) {
            return session;
        }
        drop();
        session = db.connection();
        for (Map.Entry<String, Integer> entry : Map.copyOf(held).entrySet()) {
            if (!lock(session, entry.getValue())) {
                lost++;
            }
        }
        return session;
    }

    private static boolean lock(Connection c, int place) throws SQLException {
        try (PreparedStatement take = c.prepareStatement("SELECT pg_try_advisory_lock(?, ?)")) {
            take.setInt(1, LOCK_CLASS);
            take.setInt(2, place);
            try (ResultSet row = take.executeQuery()) {
                return row.next() && row.getBoolean(1);
            }
        }
    }

    /** Lets the connection go back to the pool without a lock: the pool would otherwise hand the locks on. */
    private void drop() {
        if (session != null) {
            try (PreparedStatement unlock = session.prepareStatement("SELECT pg_advisory_unlock_all()")) {
                unlock.executeQuery().close();
            } catch (SQLException e) {
                // a broken connection: its session, and its locks, are gone
            }
            try {
                session.close();
            } catch (SQLException e) {
                // a broken connection: the pool discards it
            }
            session = null;
        }
    }

    /** Gives back every place (closing the connection releases its locks). */
    @Override
    public synchronized void close() {
        held.clear();
        drop();
    }
}
