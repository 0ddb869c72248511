package dev.longtask.store.postgres;

import com.fasterxml.jackson.databind.JsonNode;
import dev.longtask.model.Budget;
import dev.longtask.model.run.RunSnapshot;
import dev.longtask.model.run.RunStore;
import dev.longtask.model.run.RunStores;
import dev.longtask.store.RunStoreContract;
import dev.longtask.model.run.StoreOptions;
import dev.longtask.testing.EmbeddedPostgres;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/** The RunStore contract on PostgreSQL (a real server the tests start; a database of its own per test). */
class PostgresRunStoreContractTest extends RunStoreContract {
    PostgresDatabase db;

    @BeforeEach
    void connect() {
        db = PostgresDatabase.connect(PostgresUrl.parse(EmbeddedPostgres.newDatabase(), Map.of()), Map.of(), 8);
    }

    @AfterEach
    void disconnect() {
        db.close();
    }

    @Override
    protected RunStore create(String runId, String goal, String model, Budget budget, StoreOptions options) {
        return PostgresRunStore.create(db, workspace, runId, goal, model, budget, null, options, Duration.ofSeconds(30));
    }

    @Override
    protected RunStore reopen(String runId) {
        return PostgresRunStore.open(db, runId, options(), Duration.ofSeconds(30));
    }

    @Override
    protected RunSnapshot read(String runId) {
        return PostgresRuns.read(db, runId);
    }

    @Override
    protected List<String> list() {
        return PostgresRuns.list(db);
    }

    @Override
    protected List<JsonNode> transcript(RunStore store, String name) {
        return ((PostgresRunStore) store).transcriptLines(name);
    }

    @Override
    protected JsonNode result(RunStore store, int task) {
        return ((PostgresRunStore) store).result(task).orElseThrow().json();
    }

    @Override
    protected RunStores stores() {
        return new PostgresRunStores(db, Duration.ofSeconds(30));
    }

    @Override
    protected String everythingWritten(RunStore store) throws Exception {
        StringBuilder all = new StringBuilder();
        try (Connection c = db.connection(); Statement s = c.createStatement()) {
            for (String query : List.of("SELECT line FROM longtask_events", "SELECT line FROM longtask_transcripts",
                    "SELECT result FROM longtask_results", "SELECT task::text FROM longtask_tasks",
                    "SELECT run::text FROM longtask_runs")) {
                try (ResultSet rows = s.executeQuery(query)) {
                    while (rows.next()) {
                        all.append(rows.getString(1)).append('\n');
                    }
                }
            }
        }
        return all.toString();
    }
}
