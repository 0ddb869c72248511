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
}
