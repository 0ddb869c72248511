package dev.longtask.store.postgres;

import com.fasterxml.jackson.databind.JsonNode;
import dev.longtask.model.Budget;
import dev.longtask.model.Event;
import dev.longtask.model.RunSettings;
import dev.longtask.model.run.ListedRun;
import dev.longtask.model.run.RunSlots;
import dev.longtask.model.run.RunSnapshot;
import dev.longtask.model.run.RunStore;
import dev.longtask.model.run.SharedRunStores;
import dev.longtask.model.run.StoreOptions;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * The runs of a PostgreSQL database, shared by every process connected to it: a run is found by its id whatever the
 * workspace, and its projection files are written in the workspace it was created in.
 */
public final class PostgresRunStores implements SharedRunStores {
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

    @Override
    public RunSlots runSlots(int count) {
        return new PostgresRunSlots(db, count);
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
        return PostgresRuns.list(db);
    }

    @Override
    public RunSnapshot read(Path workspace, String runId) {
        return PostgresRuns.read(db, runId);
    }

    @Override
    public List<Event> events(Path workspace, String runId, long afterSeq) {
        return PostgresRuns.events(db, runId, afterSeq, type -> true);
    }

    @Override
    public Map<String, Path> workspaces() {
        return PostgresRuns.workspaces(db);
    }

    @Override
    public List<ListedRun> page(String before, int limit,
                                                          java.util.Collection<Path> workspaces) {
        return PostgresRuns.page(db, before, limit, workspaces);
    }

    @Override
    public Path workspaceOf(String runId) {
        return Path.of(PostgresRuns.workspaceOf(db, runId));
    }

    @Override
    public long lastSeq(String runId) {
        return PostgresRuns.lastSeq(db, runId);
    }

    @Override
    public List<JsonNode> transcript(String runId, String name, int offset, int limit) {
        return PostgresRuns.transcriptLines(db, runId, name, offset, limit);
    }

    @Override
    public List<Event> events(String runId, long afterSeq, java.util.function.Predicate<String> withData) {
        return PostgresRuns.events(db, runId, afterSeq, withData);
    }

    @Override
    public String where(Path workspace) {
        return "PostgreSQL " + db.shown();
    }

    @Override
    public void close() {
        db.close();
    }
}
