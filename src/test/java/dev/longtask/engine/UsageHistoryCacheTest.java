package dev.longtask.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.longtask.model.JsonMapping;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The usage histories a runtime keeps parsed are what their files hold: a history one run wrote is read by the next
 * from memory, and a file another process replaced or changed in place is read again.
 */
class UsageHistoryCacheTest {
    @TempDir
    Path ws;

    private static RunRecord record(String id, int second) {
        return new RunRecord(id, Instant.parse("2026-01-01T00:00:00Z").plusSeconds(second), "m", "completed", 1, 1,
                1, 1, 0, null, 1, 0, List.of(), null);
    }

    @Test
    void aRunReadsWhatTheRunBeforeRecordedThroughTheSharedCache() throws Exception {
        UsageHistoryCache cache = new UsageHistoryCache();
        UsageHistory.ofWorkspace(ws, cache).record(record("a", 1));
        UsageHistory.ofWorkspace(ws, cache).record(record("b", 2));
        List<RunRecord> read = UsageHistory.ofWorkspace(ws, cache).read();
        assertThat(read).extracting(RunRecord::runId).containsExactly("a", "b");
        assertThat(UsageHistory.ofWorkspace(ws, cache).read()).as("unchanged: the same records kept")
                .isSameAs(read);
        assertThat(UsageHistory.ofWorkspace(ws).read()).as("what the file holds").isEqualTo(read);
    }

    @Test
    void aFileReplacedByAnotherWriterIsReadAgain() throws Exception {
        UsageHistoryCache cache = new UsageHistoryCache();
        UsageHistory.ofWorkspace(ws, cache).record(record("a", 1));
        assertThat(UsageHistory.ofWorkspace(ws, cache).read()).extracting(RunRecord::runId).containsExactly("a");
        // another process (its own cache) records a run: the file is replaced by a rename
        UsageHistory.ofWorkspace(ws).record(record("other", 2));
        assertThat(UsageHistory.ofWorkspace(ws, cache).read()).extracting(RunRecord::runId)
                .containsExactly("a", "other");
    }

    @Test
    void aFileChangedInPlaceIsReadAgain() throws Exception {
        UsageHistoryCache cache = new UsageHistoryCache();
        UsageHistory history = UsageHistory.ofWorkspace(ws, cache);
        history.record(record("a", 1));
        assertThat(history.read()).hasSize(1);
        Path file = ws.resolve(".longtask").resolve(UsageHistory.FILE);
        Files.write(file, JsonMapping.MAPPER.writeValueAsBytes(List.of(record("x", 1), record("y", 2))),
                StandardOpenOption.TRUNCATE_EXISTING);
        assertThat(history.read()).extracting(RunRecord::runId).containsExactly("x", "y");
        Files.delete(file);
        assertThat(history.read()).as("gone: none").isEmpty();
    }

    @Test
    void onlyTheFilesUsedLastAreKept() throws Exception {
        UsageHistoryCache cache = new UsageHistoryCache();
        List<RunRecord> first = null;
        for (int k = 0; k <= UsageHistoryCache.FILES; k++) {
            UsageHistory h = new UsageHistory(ws.resolve("h" + k + ".json"), cache);
            h.record(record("r" + k, k));
            List<RunRecord> read = h.read();
            first = k == 0 ? read : first;
        }
        assertThat(new UsageHistory(ws.resolve("h0.json"), cache).read()).as("the eldest was let go: parsed again")
                .isEqualTo(first).isNotSameAs(first);
    }

    private static RunRecord full(String id, int second, long tokens) {
        return new RunRecord(id, Instant.parse("2026-01-01T00:00:00Z").plusSeconds(second), "m:x", "completed", 3, 2,
                tokens, tokens / 10, 7, second % 2 == 0 ? null : new java.math.BigDecimal("0.25"), 12, 1.5,
                List.of(new AgentFigures("planner", "m:x", 1, 1, 900, 90, 0, 0, 1.25),
                        new AgentFigures("general", "m:x", 2, 5, tokens, 40, 7, 3, 4.5)),
                second % 3 == 0 ? null : new dev.longtask.model.PlanEstimate(600L,
                        Instant.parse("2026-01-01T00:00:00Z"), 3, 1000L, 200L, 50L, new java.math.BigDecimal("0.75"),
                        "built-in priors"));
    }

    /** The file as the mapper's pretty printer writes the records it holds: what every version wrote and reads. */
    private static byte[] asTheMapperWrites(Path file) throws Exception {
        List<RunRecord> held = JsonMapping.MAPPER.readValue(Files.readAllBytes(file),
                new com.fasterxml.jackson.core.type.TypeReference<List<RunRecord>>() {
                });
        return JsonMapping.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsBytes(held);
    }

    @Test
    void aHistoryWrittenFromTheRecordsKeptRenderedIsWhatTheMapperWrites() throws Exception {
        UsageHistoryCache cache = new UsageHistoryCache();
        Path file = ws.resolve(".longtask").resolve(UsageHistory.FILE);
        assertThat(UsageHistory.render(List.of(), new java.util.IdentityHashMap<>()))
                .isEqualTo(JsonMapping.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsBytes(List.of()));
        for (int k = 0; k < UsageHistory.KEPT + 5; k++) {
            UsageHistory.ofWorkspace(ws, cache).record(full("r" + k, k, 1000 + k));
            if (k < 4 || k % 25 == 0 || k >= UsageHistory.KEPT) {
                assertThat(Files.readAllBytes(file)).as("after " + (k + 1)).isEqualTo(asTheMapperWrites(file));
            }
        }
        // a run recorded again replaces its record: the file holds the new one, not the old one's kept rendering
        UsageHistory.ofWorkspace(ws, cache).record(full("r50", 50, 77));
        List<RunRecord> read = UsageHistory.ofWorkspace(ws).read();
        assertThat(read).hasSize(UsageHistory.KEPT);
        assertThat(read).filteredOn(r -> r.runId().equals("r50")).singleElement()
                .satisfies(r -> assertThat(r.inputTokens()).isEqualTo(77));
        assertThat(read.get(0).runId()).as("the oldest let go").isEqualTo("r5");
        assertThat(Files.readAllBytes(file)).isEqualTo(asTheMapperWrites(file));
        // another writer (its own cache) replaced the file: what it wrote is kept by the next write through this cache
        UsageHistory.ofWorkspace(ws).record(full("other", 500, 5));
        UsageHistory.ofWorkspace(ws, cache).record(full("mine", 501, 6));
        assertThat(UsageHistory.ofWorkspace(ws).read()).extracting(RunRecord::runId).endsWith("other", "mine");
        assertThat(Files.readAllBytes(file)).isEqualTo(asTheMapperWrites(file));
    }
}
