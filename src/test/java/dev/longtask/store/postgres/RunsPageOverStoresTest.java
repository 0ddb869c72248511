package dev.longtask.store.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import dev.longtask.model.run.FsyncPolicy;
import dev.longtask.model.run.ListedRun;
import dev.longtask.store.RunReader;
import dev.longtask.model.run.StoreOptions;
import dev.longtask.store.file.FileRunStore;
import dev.longtask.store.file.FileRunStores;
import dev.longtask.testing.EmbeddedPostgres;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link RunReader#page} lists the same runs in the same order from the files and from PostgreSQL, whatever the
 * database's collation (ids that a natural-language collation orders otherwise: case, '-', '.', '_'), page by page
 * from a cursor, and with a shared store only the runs of the workspaces asked for unless all are.
 */
class RunsPageOverStoresTest {
    private static final StoreOptions OPTIONS = StoreOptions.defaults().withSecrets(List.of())
            .withFsync(FsyncPolicy.NONE);
    private static final List<String> IDS = List.of("a-1", "a.1", "a_1", "a1", "A1", "B", "b", "b-", "Z9", "z",
            "0", "9-x", "20261127-120000-00ff", "20261127-120000-0a00", "20261127-1200001");

    @TempDir
    Path dir;

    @Test
    void filesAndPostgresPageAlikeInTheIdsBinaryOrder() throws Exception {
        Path files = Files.createDirectories(dir.resolve("files"));
        Path one = Files.createDirectories(dir.resolve("one"));
        Path two = Files.createDirectories(dir.resolve("two"));
        PostgresDatabase db = PostgresDatabase.connect(PostgresUrl.parse(EmbeddedPostgres.newDatabase(), Map.of()),
                Map.of(), 4);
        try (PostgresRunStores shared = new PostgresRunStores(db, Duration.ofSeconds(30))) {
            for (int i = 0; i < IDS.size(); i++) {
                FileRunStore.create(files, IDS.get(i), "g", null, null, OPTIONS).close();
                PostgresRunStore.create(db, i % 3 == 0 ? two : one, IDS.get(i), "g", null, null, null, OPTIONS,
                        Duration.ofSeconds(30)).close();
            }
            List<String> expected = IDS.stream().sorted(Comparator.reverseOrder()).toList();

            RunReader fromFiles = new RunReader(FileRunStores.INSTANCE);
            RunReader fromDatabase = new RunReader(shared);
            assertThat(walk(fromFiles, List.of(files), true)).containsExactlyElementsOf(expected);
            assertThat(walk(fromDatabase, List.of(), true)).containsExactlyElementsOf(expected);
            List<String> ofTwo = new ArrayList<>();
            for (int i = 0; i < IDS.size(); i += 3) {
                ofTwo.add(IDS.get(i));
            }
            ofTwo.sort(Comparator.reverseOrder());
            assertThat(walk(fromDatabase, List.of(two), false)).containsExactlyElementsOf(ofTwo);

            ListedRun first = fromDatabase.page(List.of(), true, null, 1).get(0);
            assertThat(first.workspace()).isEqualTo(IDS.indexOf(first.runId()) % 3 == 0 ? two : one);
            assertThat(first.version()).isEqualTo(fromDatabase.version(first.workspace(), first.runId()));
        }
    }

    /** Every run, three at a time, each page from the last id of the page before. */
    private static List<String> walk(RunReader reader, List<Path> workspaces, boolean all) {
        List<String> seen = new ArrayList<>();
        String before = null;
        for (List<ListedRun> page; !(page = reader.page(workspaces, all, before, 3)).isEmpty(); ) {
            assertThat(page.size()).isLessThanOrEqualTo(3);
            page.forEach(run -> seen.add(run.runId()));
            before = page.get(page.size() - 1).runId();
        }
        return seen;
    }
}
