package dev.longtask.store.postgres;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.pool.HikariPool;
import dev.longtask.model.run.StoreException;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Map;

/**
 * A pool of connections to the PostgreSQL database of a store, its schema brought to this program's version when it
 * connects ({@link PostgresSchema}). One per process; every {@link PostgresRunStore} and the claims of a worker share
 * it. The password is handed to the driver in memory (from {@code PGPASSWORD}) or read by the driver from a pgpass
 * file; it is never written, logged or put into a message.
 */
public final class PostgresDatabase implements AutoCloseable {
    private final HikariDataSource pool;
    private final PostgresUrl url;
    private final int schemaVersion;

    private PostgresDatabase(HikariDataSource pool, PostgresUrl url, int schemaVersion) {
        this.pool = pool;
        this.url = url;
        this.schemaVersion = schemaVersion;
    }

    /**
     * Connects and migrates the schema.
     *
     * @param connections the most connections held at once (a worker needs one per slot, plus one for heartbeats)
     * @throws StoreException naming the server and the user, and the driver's reason, when it cannot connect or
     *                        the schema cannot be brought up to date
     */
    public static PostgresDatabase connect(PostgresUrl url, Map<String, String> environment, int connections) {
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(url.jdbcUrl());
        config.setUsername(url.user());
        String password = environment.get("PGPASSWORD");
        if (password != null && !password.isEmpty()) {
            config.setPassword(password);
        }
        config.setMaximumPoolSize(Math.max(2, connections));
        config.setMinimumIdle(1);
        config.setPoolName("longtask-postgres");
        config.setConnectionTimeout(10_000);
        config.setInitializationFailTimeout(1); // one attempt: a wrong password or host is said at once
        HikariDataSource pool;
        try {
            pool = new HikariDataSource(config);
        } catch (HikariPool.PoolInitializationException e) {
            throw new StoreException("cannot connect to PostgreSQL at " + url.shown() + " as " + url.user() + ": "
                    + rootMessage(e) + " (the password comes from PGPASSWORD or ~/.pgpass)", e);
        }
        try (Connection c = pool.getConnection()) {
            return new PostgresDatabase(pool, url, PostgresSchema.migrate(c));
        } catch (SQLException e) {
            pool.close();
            throw new StoreException("cannot prepare the longtask schema in " + url.shown() + ": " + e.getMessage(), e);
        } catch (RuntimeException e) {
            pool.close();
            throw e;
        }
    }

    private static String rootMessage(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return root.getMessage() == null ? root.toString() : root.getMessage();
    }

    /** A connection from the pool; close it to give it back. */
    Connection connection() throws SQLException {
        return pool.getConnection();
    }

    /** host:port/database, as messages name it. */
    public String shown() {
        return url.shown();
    }

    /** The schema version the database is at (this program's newest). */
    public int schemaVersion() {
        return schemaVersion;
    }

    @Override
    public void close() {
        pool.close();
    }
}
