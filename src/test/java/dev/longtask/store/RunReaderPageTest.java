package dev.longtask.store;

import static org.assertj.core.api.Assertions.assertThat;

import dev.longtask.model.run.FsyncPolicy;
import dev.longtask.model.run.ListedRun;
import dev.longtask.model.run.StoreOptions;
import dev.longtask.store.file.FileRunStore;
import dev.longtask.store.file.FileRunStores;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A file store's pages come from the runs directories' names kept between pages: a run made or removed since shows
 * (or goes) on the next page asked, once the kept names are trusted; a directory without a log is no run; a run in two
 * workspaces is listed once, in the first.
 */
class RunReaderPageTest {
    private static final StoreOptions OPTIONS = StoreOptions.defaults().withSecrets(List.of())
            .withFsync(FsyncPolicy.NONE);

    @TempDir
    Path dir;

    @Test
    void keptNamesFollowTheRunsDirectory() throws Exception {
        Path one = Files.createDirectories(dir.resolve("one"));
        Path two = Files.createDirectories(dir.resolve("two"));
        for (String id : List.of("a", "c", "e")) {
            FileRunStore.create(one, id, "g", null, null, OPTIONS).close();
        }
        for (String id : List.of("b", "c", "d")) {
            FileRunStore.create(two, id, "g", null, null, OPTIONS).close();
        }
        Files.createDirectories(RunLayout.runs(two).resolve("f-no-log-yet"));
        settled(one, two); // an hour old: the names listed now are trusted on the next pages
        RunReader reader = new RunReader(FileRunStores.INSTANCE);

        assertThat(ids(reader.page(List.of(one, two), true, null, 10))).containsExactly("e", "d", "c", "b", "a");
        assertThat(reader.page(List.of(one, two), true, null, 10).get(2).workspace()).isEqualTo(one);
        assertThat(ids(reader.page(List.of(one, two), true, "d", 2))).containsExactly("c", "b");
        assertThat(ids(reader.page(List.of(one, two), true, "cc", 10))).containsExactly("c", "b", "a");
        assertThat(ids(reader.page(List.of(two), true, null, 10))).containsExactly("d", "c", "b");

        FileRunStore.create(one, "g", "g", null, null, OPTIONS).close();
        assertThat(ids(reader.page(List.of(one, two), true, null, 2))).containsExactly("g", "e");
        settled(one, two);
        assertThat(ids(reader.page(List.of(one, two), true, null, 2))).containsExactly("g", "e");
        deleteTree(RunLayout.runs(one).resolve("e"));
        assertThat(ids(reader.page(List.of(one, two), true, null, 2))).containsExactly("g", "d");
    }

    private static void settled(Path... workspaces) throws Exception {
        for (Path workspace : workspaces) {
            Files.setLastModifiedTime(RunLayout.runs(workspace), FileTime.from(Instant.now().minusSeconds(3600)));
        }
    }

    private static List<String> ids(List<ListedRun> page) {
        return page.stream().map(ListedRun::runId).toList();
    }

    private static void deleteTree(Path root) throws Exception {
        try (var paths = Files.walk(root)) {
            for (Path p : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
