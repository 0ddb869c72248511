package dev.longtask.store.postgres;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import dev.longtask.model.Event;
import dev.longtask.model.JsonMapping;
import dev.longtask.model.run.ListedRun;
import dev.longtask.model.run.NoSuchRunException;
import dev.longtask.store.RunLayout;
import dev.longtask.model.run.RunSnapshot;
import dev.longtask.store.RunState;
import dev.longtask.model.run.StoreException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * Reads the runs of a database without opening one: any process, any number of times, never a write. What a
 * {@link PostgresRunStore} replays on open and what readers of many runs (a server, {@code status}) ask.
 */
public final class PostgresRuns {
    /** Reads a log line as an event, its deserialiser found once (immutable, so shared by every thread). */
    private static final ObjectReader EVENTS = JsonMapping.MAPPER.readerFor(Event.class);

    private PostgresRuns() {
    }

    /** The workspace a run works on, as its creator saw it. */
    public static String workspaceOf(PostgresDatabase db, String runId) {
        try (Connection c = db.connection();
             PreparedStatement select = c.prepareStatement("SELECT workspace FROM longtask_runs WHERE id = ?")) {
            select.setString(1, runId);
            try (ResultSet row = select.executeQuery()) {
                if (!row.next()) {
                    throw new NoSuchRunException(runId, db.shown());
                }
                return row.getString(1);
            }
        } catch (SQLException e) {
            throw new StoreException("cannot read run " + runId + " from " + db.shown() + ": " + e.getMessage(), e);
        }
    }

    /** Every run of the database with the workspace it works on, newest first. */
    public static Map<String, Path> workspaces(PostgresDatabase db) {
        try (Connection c = db.connection();
             PreparedStatement select = c.prepareStatement(
                     "SELECT id, workspace FROM longtask_runs WHERE last_seq > 0 ORDER BY created DESC, id DESC");
             ResultSet rows = select.executeQuery()) {
            Map<String, Path> runs = new java.util.LinkedHashMap<>();
            while (rows.next()) {
                runs.put(rows.getString(1), Path.of(rows.getString(2)));
            }
            return runs;
        } catch (SQLException e) {
            throw new StoreException("cannot list the runs of " + db.shown() + ": " + e.getMessage(), e);
        }
    }

    /**
     * Up to {@code limit} runs whose ids sort before {@code before} (from the greatest when null), greatest first in
     * the ids' binary order ({@code COLLATE "C"}, as Java compares them, whatever the database's collation), each with
     * its last seq; only those of {@code workspaces} unless null. The index {@code longtask_runs_by_id} serves the
     * order, so the query reads the page's rows and not the table.
     */
    public static List<ListedRun> page(PostgresDatabase db, String before, int limit,
                                                                 java.util.Collection<Path> workspaces) {
        String sql = "SELECT id, workspace, last_seq FROM longtask_runs WHERE last_seq > 0"
                + (before == null ? "" : " AND id COLLATE \"C\" < ?")
                + (workspaces == null ? "" : " AND workspace = ANY (?)")
                + " ORDER BY id COLLATE \"C\" DESC LIMIT ?";
        try (Connection c = db.connection(); PreparedStatement select = c.prepareStatement(sql)) {
            int i = 1;
            if (before != null) {
                select.setString(i++, before);
            }
            if (workspaces != null) {
                select.setArray(i++, c.createArrayOf("text", workspaces.stream().map(Path::toString).toArray()));
            }
            select.setInt(i, limit);
            List<ListedRun> page = new ArrayList<>();
            try (ResultSet rows = select.executeQuery()) {
                while (rows.next()) {
                    page.add(new ListedRun(rows.getString(1), Path.of(rows.getString(2)),
                            rows.getLong(3)));
                }
            }
            return page;
        } catch (SQLException e) {
            throw new StoreException("cannot list the runs of " + db.shown() + ": " + e.getMessage(), e);
        }
    }

    /** The seq of the run's last committed event: a cheap way to tell whether the run changed. */
    public static long lastSeq(PostgresDatabase db, String runId) {
        try (Connection c = db.connection();
             PreparedStatement select = c.prepareStatement("SELECT last_seq FROM longtask_runs WHERE id = ?")) {
            select.setString(1, runId);
            try (ResultSet row = select.executeQuery()) {
                if (!row.next()) {
                    throw new NoSuchRunException(runId, db.shown());
                }
                return row.getLong(1);
            }
        } catch (SQLException e) {
            throw new StoreException("cannot read run " + runId + " from " + db.shown() + ": " + e.getMessage(), e);
        }
    }

    /** Lines {@code offset} to {@code offset + limit} of the run's transcript {@code name} ("task_3", "planner_1"). */
    public static List<JsonNode> transcriptLines(PostgresDatabase db, String runId, String name, int offset,
                                                 int limit) {
        try (Connection c = db.connection(); PreparedStatement select = c.prepareStatement(
                "SELECT line FROM longtask_transcripts WHERE run_id = ? AND name = ? ORDER BY n OFFSET ? LIMIT ?")) {
            select.setString(1, runId);
            select.setString(2, name);
            select.setInt(3, offset);
            select.setInt(4, limit);
            ObjectMapper json = JsonMapping.MAPPER;
            List<JsonNode> lines = new ArrayList<>();
            try (ResultSet rows = select.executeQuery()) {
                while (rows.next()) {
                    lines.add(json.readTree(rows.getString(1)));
                }
            }
            return lines;
        } catch (SQLException | JsonProcessingException e) {
            throw new StoreException("cannot read transcript " + name + " of run " + runId + " from " + db.shown()
                    + ": " + e.getMessage(), e);
        }
    }

    /** The run ids of the database, newest first. */
    public static List<String> list(PostgresDatabase db) {
        try (Connection c = db.connection();
             PreparedStatement select = c.prepareStatement(
                     "SELECT id FROM longtask_runs WHERE last_seq > 0 ORDER BY created DESC, id DESC");
             ResultSet rows = select.executeQuery()) {
            List<String> ids = new ArrayList<>();
            while (rows.next()) {
                ids.add(rows.getString(1));
            }
            return ids;
        } catch (SQLException e) {
            throw new StoreException("cannot list the runs of " + db.shown() + ": " + e.getMessage(), e);
        }
    }

    /** A run as its log stands now, read by any process without opening it. */
    public static RunSnapshot read(PostgresDatabase db, String runId) {
        String workspace = workspaceOf(db, runId);
        RunState state = RunState.EMPTY;
        for (Event event : events(db, runId, 0, type -> true)) {
            state = state.apply(event);
        }
        return new RunSnapshot(RunLayout.runs(Path.of(workspace)).resolve(runId), state.run(), state.tasks(),
                state.approvals(), state.permissions(), state.history());
    }

    /** The committed events of a run after {@code afterSeq}, in order. */
    public static List<Event> events(PostgresDatabase db, String runId, long afterSeq, Predicate<String> withData) {
        try (Connection c = db.connection()) {
            return readEvents(c, db.shown(), runId, afterSeq, withData);
        } catch (SQLException e) {
            throw new StoreException("cannot read the events of run " + runId + " from " + db.shown() + ": "
                    + e.getMessage(), e);
        }
    }

    static List<Event> readEvents(Connection c, String shown, String runId, long afterSeq,
                                          Predicate<String> withData) throws SQLException {
        // the shared mapper: a new one per read built its deserialisers again each time, a fifth of a worker's samples
        ObjectMapper json = JsonMapping.MAPPER;
        ObjectReader lines = EVENTS;
        List<Event> events = new ArrayList<>();
        try (PreparedStatement select = c.prepareStatement(
                "SELECT seq, time, type, task, line FROM longtask_events WHERE run_id = ? AND seq > ? ORDER BY seq")) {
            select.setString(1, runId);
            select.setLong(2, afterSeq);
            select.setFetchSize(1000);
            try (ResultSet rows = select.executeQuery()) {
                while (rows.next()) {
                    String type = rows.getString(3);
                    if (withData.test(type)) {
                        try {
                            events.add(lines.readValue(rows.getString(5)));
                        } catch (JsonProcessingException e) {
                            throw new StoreException("event " + rows.getLong(1) + " of run " + runId + " in " + shown
                                    + " does not parse: " + e.getOriginalMessage(), e);
                        }
                    } else {
                        int task = rows.getInt(4);
                        events.add(new Event(rows.getLong(1), rows.getTimestamp(2).toInstant(), type,
                                rows.wasNull() ? null : task, json.createObjectNode()));
                    }
                }
            }
        }
        return events;
    }
}
