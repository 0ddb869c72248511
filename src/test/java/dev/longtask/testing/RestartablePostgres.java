package dev.longtask.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * A PostgreSQL server of a test's own (unlike {@link EmbeddedPostgres}, which all tests share), which the test can
 * restart as a failover or a minor upgrade does ({@code pg_ctl stop -m fast}, then start on the same port and data):
 * every connection is cut, and for a moment nobody can connect.
 */
public final class RestartablePostgres implements AutoCloseable {
    private final Path data;
    private final int port;
    private io.zonky.test.db.postgres.embedded.EmbeddedPostgres server;

    public RestartablePostgres(Path data) {
        this.data = data;
        this.server = start(data, 0);
        this.port = server.getPort();
    }

    private static io.zonky.test.db.postgres.embedded.EmbeddedPostgres start(Path data, int port) {
        try {
            Files.createDirectories(data);
            io.zonky.test.db.postgres.embedded.EmbeddedPostgres.Builder builder =
                    io.zonky.test.db.postgres.embedded.EmbeddedPostgres.builder()
                            .setDataDirectory(data)
                            .setCleanDataDirectory(false)
                            .setServerConfig("max_connections", "100")
                            .setServerConfig("fsync", "off");
            if (port != 0) {
                builder.setPort(port);
            }
            return builder.start();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start a PostgreSQL of the test's own", e);
        }
    }

    /** A new database on this server; its store URL. */
    public String newDatabase(String name) {
        try (Connection c = server.getPostgresDatabase().getConnection(); Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE " + name);
        } catch (SQLException e) {
            throw new IllegalStateException("cannot create database " + name + ": " + e.getMessage(), e);
        }
        return "postgresql://postgres@localhost:" + port + "/" + name;
    }

    /** Stops the server (fast: every session is cut) and starts it again on the same port with the same data. */
    public void restart() {
        stop();
        server = start(data, port);
    }

    private void stop() {
        try {
            server.close();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot stop the test's PostgreSQL", e);
        }
    }

    @Override
    public void close() {
        stop();
    }
}
