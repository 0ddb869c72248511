package dev.longtask.store.postgres;

import dev.longtask.model.run.StoreException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HexFormat;
import java.util.List;

/**
 * The versioned schema of the PostgreSQL store: each version is one SQL resource, applied once, in order, in one
 * transaction together with its row in {@code longtask_schema} (PostgreSQL's DDL is transactional, so a version is
 * applied whole or not at all). Workers that start at the same moment serialise on an advisory lock, so exactly one
 * applies each version. A version already applied whose script changed since, or a database newer than this
 * program, is refused rather than guessed at.
 */
final class PostgresSchema {
    /** Append only: a released version's script never changes. */
    static final List<String> VERSIONS = List.of("V1__runs_events_tasks.sql", "V2__commit_in_one_statement.sql",
            "V3__runs_by_id.sql");
    private static final long LOCK_KEY = 0x6c6f6e677461736bL; // "longtask"

    private PostgresSchema() {
    }

    /** Brings the schema to the newest version; returns it. */
    static int migrate(Connection c) throws SQLException {
        boolean autoCommit = c.getAutoCommit();
        c.setAutoCommit(false);
        try {
            try (Statement s = c.createStatement()) {
                s.execute("SELECT pg_advisory_xact_lock(" + LOCK_KEY + ")");
                s.execute("CREATE TABLE IF NOT EXISTS longtask_schema (version integer PRIMARY KEY, script text NOT NULL,"
                        + " sha256 text NOT NULL, applied timestamptz NOT NULL DEFAULT clock_timestamp())");
            }
            int applied = 0;
            try (Statement s = c.createStatement();
                 ResultSet rows = s.executeQuery("SELECT version, script, sha256 FROM longtask_schema ORDER BY version")) {
                while (rows.next()) {
                    int version = rows.getInt(1);
                    if (version > VERSIONS.size()) {
                        throw new StoreException("the database's longtask schema is at version " + version
                                + ", newer than this longtask knows (" + VERSIONS.size() + "): upgrade longtask");
                    }
                    String script = VERSIONS.get(version - 1);
                    if (!script.equals(rows.getString(2)) || !sha256(script).equals(rows.getString(3))) {
                        throw new StoreException("the database's longtask schema version " + version + " ("
                                + rows.getString(2) + ") differs from this longtask's " + script
                                + ": the database was migrated by another build; use the same release everywhere");
                    }
                    applied = version;
                }
            }
            c.commit();
            for (int version = applied + 1; version <= VERSIONS.size(); version++) {
                apply(c, version);
            }
            return VERSIONS.size();
        } catch (SQLException | RuntimeException e) {
            c.rollback();
            throw e;
        } finally {
            c.setAutoCommit(autoCommit);
        }
    }

    private static void apply(Connection c, int version) throws SQLException {
        String script = VERSIONS.get(version - 1);
        try (Statement s = c.createStatement()) {
            s.execute("SELECT pg_advisory_xact_lock(" + LOCK_KEY + ")");
            try (ResultSet done = s.executeQuery("SELECT 1 FROM longtask_schema WHERE version = " + version)) {
                if (done.next()) {
                    c.commit(); // another process applied it while this one waited for the lock
                    return;
                }
            }
            s.execute(text(script));
        }
        try (PreparedStatement insert = c.prepareStatement(
                "INSERT INTO longtask_schema (version, script, sha256) VALUES (?, ?, ?)")) {
            insert.setInt(1, version);
            insert.setString(2, script);
            insert.setString(3, sha256(script));
            insert.executeUpdate();
        }
        c.commit();
    }

    static String text(String script) {
        try (InputStream in = PostgresSchema.class.getResourceAsStream(script)) {
            if (in == null) {
                throw new IllegalStateException("schema script " + script + " is missing from the build");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException("cannot read schema script " + script + ": " + e, e);
        }
    }

    private static String sha256(String script) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(text(script).getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
