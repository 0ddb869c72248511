package dev.longtask.cli;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.longtask.model.Event;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the soak reads from the database behind the processes, over plain JDBC on a connection of each question's
 * own: the database restarts under it, so nothing is held between questions, and a question asked while it is away
 * throws {@link SQLException} for the caller to ask again later.
 */
final class SoakDatabase {
    private final String jdbcUrl;

    /** {@code storeUrl} as the processes take it: {@code postgresql://postgres@localhost:PORT/NAME}. */
    SoakDatabase(String storeUrl) {
        this.jdbcUrl = "jdbc:" + storeUrl.replace("postgres@", "");
    }

    private Connection connect() throws SQLException {
        Connection c = DriverManager.getConnection(jdbcUrl, "postgres", "");
        c.setReadOnly(true);
        return c;
    }

    /** How many tasks of every run are completed. */
    int completedTasks() throws SQLException {
        try (Connection c = connect(); PreparedStatement q = c.prepareStatement(
                "SELECT count(*) FROM longtask_tasks WHERE status = 'completed'"); ResultSet row = q.executeQuery()) {
            row.next();
            return row.getInt(1);
        }
    }

    /** The status of every run of the database, by id. */
    Map<String, String> runStatuses() throws SQLException {
        try (Connection c = connect(); PreparedStatement q = c.prepareStatement("SELECT id, status FROM longtask_runs");
             ResultSet rows = q.executeQuery()) {
            Map<String, String> statuses = new HashMap<>();
            while (rows.next()) {
                statuses.put(rows.getString(1), rows.getString(2));
            }
            return statuses;
        }
    }

    /** The run's log in order (without the events' data: the checks need their seq, time, type and task). */
    List<Event> events(String run) throws SQLException {
        try (Connection c = connect(); PreparedStatement q = c.prepareStatement(
                "SELECT seq, time, type, task FROM longtask_events WHERE run_id = ? ORDER BY seq")) {
            q.setString(1, run);
            List<Event> events = new ArrayList<>();
            try (ResultSet rows = q.executeQuery()) {
                while (rows.next()) {
                    int task = rows.getInt(4);
                    events.add(new Event(rows.getLong(1), rows.getTimestamp(2).toInstant(), rows.getString(3),
                            rows.wasNull() ? null : task, JsonNodeFactory.instance.objectNode()));
                }
            }
            return events;
        }
    }

    /** A task's events but its transcript's, one a line: seq, time, type, attempt, data. */
    String taskHistory(String run, int task) throws SQLException {
        try (Connection c = connect(); PreparedStatement q = c.prepareStatement("SELECT seq, time, type, attempt, "
                + "line::jsonb -> 'data' FROM longtask_events WHERE run_id = ? AND task = ? ORDER BY seq")) {
            q.setString(1, run);
            q.setInt(2, task);
            StringBuilder history = new StringBuilder();
            try (ResultSet rows = q.executeQuery()) {
                while (rows.next()) {
                    String data = rows.getString(5);
                    history.append("\n  ").append(rows.getLong(1)).append(' ').append(rows.getTimestamp(2).toInstant())
                            .append(' ').append(rows.getString(3)).append(" attempt ").append(rows.getString(4))
                            .append(' ').append(data == null ? "" : data.length() > 200 ? data.substring(0, 200)
                                    : data);
                }
            }
            return history.toString();
        }
    }

    /** The run's tasks: id to {status, subject, attempts}. */
    Map<Integer, String[]> tasks(String run) throws SQLException {
        try (Connection c = connect(); PreparedStatement q = c.prepareStatement(
                "SELECT id, status, task ->> 'subject', attempts FROM longtask_tasks WHERE run_id = ? ORDER BY id")) {
            q.setString(1, run);
            Map<Integer, String[]> tasks = new LinkedHashMap<>();
            try (ResultSet rows = q.executeQuery()) {
                while (rows.next()) {
                    tasks.put(rows.getInt(1), new String[] {rows.getString(2), rows.getString(3),
                            Integer.toString(rows.getInt(4))});
                }
            }
            return tasks;
        }
    }

    /** The attempt (the fencing token the database checked) each task.completed event of the run was written under. */
    Map<Integer, Integer> completionAttempts(String run) throws SQLException {
        try (Connection c = connect(); PreparedStatement q = c.prepareStatement(
                "SELECT task, attempt FROM longtask_events WHERE run_id = ? AND type = 'task.completed'")) {
            q.setString(1, run);
            Map<Integer, Integer> attempts = new HashMap<>();
            try (ResultSet rows = q.executeQuery()) {
                while (rows.next()) {
                    attempts.put(rows.getInt(1), rows.getInt(2));
                }
            }
            return attempts;
        }
    }

    /** The owner of every claim of the run's tasks, one per task.claimed event. */
    List<String> claimOwners(String run) throws SQLException {
        try (Connection c = connect(); PreparedStatement q = c.prepareStatement("SELECT line::jsonb -> 'data' ->> "
                + "'owner' FROM longtask_events WHERE run_id = ? AND type = 'task.claimed' ORDER BY seq")) {
            q.setString(1, run);
            List<String> owners = new ArrayList<>();
            try (ResultSet rows = q.executeQuery()) {
                while (rows.next()) {
                    owners.add(String.valueOf(rows.getString(1)));
                }
            }
            return owners;
        }
    }

    /** A file the run stored beside its log (report.md, final_result.json), or null when it has none. */
    String file(String run, String name) throws SQLException {
        try (Connection c = connect(); PreparedStatement q = c.prepareStatement(
                "SELECT content FROM longtask_files WHERE run_id = ? AND name = ?")) {
            q.setString(1, run);
            q.setString(2, name);
            try (ResultSet row = q.executeQuery()) {
                return row.next() ? row.getString(1) : null;
            }
        }
    }
}
