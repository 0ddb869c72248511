package dev.longtask.store.postgres;

import dev.longtask.model.TaskResult;
import dev.longtask.model.run.StoreException;
import dev.longtask.store.ResultFiles;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The rows a run keeps beside its events: task results, the report's files and transcript lines. Writes an attempt
 * makes carry the attempt and fail through {@link PostgresCommits#failure}, so a fenced write is told as one.
 */
final class PostgresRunRows {
    private final PostgresDatabase db;
    private final String runId;
    private final PostgresCommits commits;

    PostgresRunRows(PostgresDatabase db, String runId, PostgresCommits commits) {
        this.db = db;
        this.runId = runId;
        this.commits = commits;
    }

    void putResult(int task, Integer attempt, String text) {
        try (Connection c = db.connection(); PreparedStatement upsert = c.prepareStatement("INSERT INTO longtask_results "
                + "(run_id, task, attempt, result) VALUES (?, ?, ?, ?) ON CONFLICT (run_id, task) DO UPDATE SET "
                + "attempt = EXCLUDED.attempt, result = EXCLUDED.result, written = clock_timestamp()")) {
            upsert.setString(1, runId);
            upsert.setInt(2, task);
            PostgresCommits.setInteger(upsert, 3, attempt);
            upsert.setString(4, text);
            upsert.executeUpdate();
        } catch (SQLException e) {
            throw commits.failure(e, attempt == null ? null : task);
        }
    }

    /** What task {@code task}'s agent submitted, as the database holds it: readable from any machine. */
    Optional<TaskResult> result(int task) {
        try (Connection c = db.connection(); PreparedStatement select = c.prepareStatement(
                "SELECT result FROM longtask_results WHERE run_id = ? AND task = ?")) {
            select.setString(1, runId);
            select.setInt(2, task);
            try (ResultSet row = select.executeQuery()) {
                return row.next() ? Optional.of(ResultFiles.parse(row.getString(1))) : Optional.empty();
            }
        } catch (SQLException e) {
            throw new StoreException("cannot read the result of task " + task + " of run " + runId + ": "
                    + e.getMessage(), e);
        }
    }

    /** Stores the texts of the run's files by name, replacing those stored before, in one batch. */
    void putFiles(Map<String, String> files) {
        try (Connection c = db.connection(); PreparedStatement upsert = c.prepareStatement("INSERT INTO longtask_files "
                + "(run_id, name, content) VALUES (?, ?, ?) ON CONFLICT (run_id, name) DO UPDATE SET content = "
                + "EXCLUDED.content")) {
            for (Map.Entry<String, String> file : files.entrySet()) {
                upsert.setString(1, runId);
                upsert.setString(2, file.getKey());
                upsert.setString(3, file.getValue());
                upsert.addBatch();
            }
            upsert.executeBatch();
        } catch (SQLException e) {
            throw new StoreException("cannot store the report of run " + runId + " in " + db.shown() + ": "
                    + e.getMessage(), e);
        }
    }

    /**
     * Adds {@code lines} to the transcript {@code name} in one statement, in order (the rows' serial numbers follow
     * the order of the values): all of them or, when the fence refuses the attempt, none.
     */
    void addTranscriptLines(String name, Integer task, Integer attempt, List<String> lines) {
        StringBuilder sql = new StringBuilder("INSERT INTO longtask_transcripts (run_id, name, task, attempt, line) "
                + "VALUES ");
        for (int i = 0; i < lines.size(); i++) {
            sql.append(i == 0 ? "" : ", ").append("(?, ?, ?, ?, ?)");
        }
        try (Connection c = db.connection(); PreparedStatement insert = c.prepareStatement(sql.toString())) {
            int at = 0;
            for (String line : lines) {
                insert.setString(++at, runId);
                insert.setString(++at, name);
                PostgresCommits.setInteger(insert, ++at, task);
                PostgresCommits.setInteger(insert, ++at, attempt);
                insert.setString(++at, line);
            }
            insert.executeUpdate();
        } catch (SQLException e) {
            throw commits.failure(e, attempt == null ? null : task);
        }
    }
}
