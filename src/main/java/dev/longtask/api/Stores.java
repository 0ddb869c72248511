package dev.longtask.api;

import dev.longtask.model.run.RunStores;
import dev.longtask.model.run.StoreException;
import dev.longtask.store.file.FileRunStores;
import dev.longtask.store.postgres.PostgresDatabase;
import dev.longtask.store.postgres.PostgresRunStore;
import dev.longtask.store.postgres.PostgresRunStores;
import dev.longtask.store.postgres.PostgresUrl;
import java.util.Map;

/**
 * The choice of where a process keeps its runs: the files of each workspace ({@link #files()}, the default) or a
 * PostgreSQL database that many processes on many machines share ({@link #of}). It is made here, above the store,
 * because it names both backends: the store's port ({@link RunStores}) and each backend then know only what is
 * below them, and no backend depends on another.
 */
public final class Stores {
    private Stores() {
    }

    /** The file store of each workspace ({@code <workspace>/.longtask/runs}). */
    public static RunStores files() {
        return FileRunStores.INSTANCE;
    }

    /**
     * Prepares, on the calling thread, what the first read of a workspace's run files needs (the JSON readers of
     * a checkpoint, the log and run.json): a short command starts this on a thread of its own as it starts, so that
     * its read finds them made. Reads no file and changes nothing; once done, calling it again costs nothing.
     */
    public static void prepareReading() {
        FileRunStores.INSTANCE.prepareReading();
    }

    /**
     * The stores {@code spec} names: null, empty or {@code files} for the file store, a {@code postgresql://} URL for
     * a database (connected and migrated now; the password from {@code PGPASSWORD} or a pgpass file).
     *
     * @param connections the most database connections held at once
     * @throws IllegalArgumentException saying what is wrong with {@code spec} and how to write it
     * @throws StoreException           when the database cannot be reached or migrated
     */
    public static RunStores of(String spec, Map<String, String> environment, int connections) {
        if (spec == null || spec.isBlank() || "files".equals(spec.strip())) {
            return files();
        }
        if (!PostgresUrl.isPostgres(spec.strip())) {
            throw new IllegalArgumentException("store '" + spec + "' is neither 'files' nor a PostgreSQL URL: write "
                    + "postgresql://[user@]host[:port]/database, or leave it out for the files of the workspace");
        }
        PostgresUrl url = PostgresUrl.parse(spec.strip(), environment);
        return new PostgresRunStores(PostgresDatabase.connect(url, environment, connections),
                PostgresRunStore.DEFAULT_LEASE);
    }
}
