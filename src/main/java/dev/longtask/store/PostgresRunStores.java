package dev.longtask.store;

import dev.longtask.model.Budget;
import dev.longtask.model.Event;
import dev.longtask.model.RunSettings;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * The runs of a PostgreSQL database, shared by every process connected to it: a run is found by its id whatever the
 * workspace, and its projection files are written in the workspace it was created in.
 */
public final class PostgresRunStores implements RunStores {
    private final PostgresDatabase db;
    private final Duration lease;

    public PostgresRunStores(PostgresDatabase db, Duration lease) {
        this.db = db;
        this.lease = lease;
    }

    /** The database, for a worker's queue. */
    public PostgresDatabase database() {
        return db;
    }

    /** How long a claim holds its task without a heartbeat. */
    public Duration lease() {
        return lease;
    }

    @Override
    public RunStore create(Path workspace, String runId, String goal, String model, Budget budget,
                           RunSettings settings, StoreOptions options) {
        return PostgresRunStore.create(db, workspace, runId, goal, model, budget, settings, options, lease);
    }

    /** Nothing to repair: every change is one transaction. */
    @Override
    public Opened open(Path workspace, String runId, StoreOptions options) {
        return new Opened(PostgresRunStore.open(db, runId, options, lease), List.of());
    }

    @Override
    public List<String> list(Path workspace) {
        return PostgresRunStore.list(db);
    }

    @Override
    public RunSnapshot read(Path workspace, String runId) {
        return PostgresRunStore.read(db, runId);
    }

    @Override
    public List<Event> events(Path workspace, String runId, long afterSeq) {
        return PostgresRunStore.events(db, runId, afterSeq, type -> true);
    }

    @Override
    public String where(Path workspace) {
        return "PostgreSQL " + db.shown();
    }

    @Override
    public boolean shared() {
        return true;
    }

    @Override
    public void close() {
        db.close();
    }
}
