package dev.longtask.store.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.longtask.model.RunStatus;
import dev.longtask.model.TaskDraft;
import dev.longtask.model.run.StoreException;
import dev.longtask.model.run.StoreOptions;
import dev.longtask.testing.RestartablePostgres;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a store says when its database restarts: an outage ({@link StoreException#unavailable}), then it works on. */
class PostgresOutageTest {
    @TempDir
    Path dir;

    @Test
    void aRestartOfTheDatabaseIsAnOutageAndTheStoreWorksOnAfterIt() throws Exception {
        try (RestartablePostgres pg = new RestartablePostgres(dir.resolve("pg"))) {
            String url = pg.newDatabase("outage");
            java.nio.file.Files.createDirectories(dir.resolve("ws"));
            try (PostgresDatabase db = PostgresDatabase.connect(PostgresUrl.parse(url, Map.of()), Map.of(), 4);
                 PostgresRunStore store = PostgresRunStore.create(db, dir.resolve("ws"), "r", "goal", null, null,
                         null, StoreOptions.defaults().withSecrets(List.of()), Duration.ofSeconds(30))) {
                store.createTask(new TaskDraft("t", "do", "general", List.of(), Map.of(), Map.of(), List.of()));
                store.setRunStatus(RunStatus.RUNNING, "");
                pg.restart();
                // the pool's connections were cut: the first use of each fails as an outage, never as a refusal
                for (int tries = 0; ; tries++) {
                    try {
                        store.claimNext("w", false);
                        break;
                    } catch (StoreException e) {
                        assertThat(e.unavailable()).as(e.toString()).isTrue();
                        assertThat(tries).as("the pool replaces its broken connections").isLessThan(10);
                    }
                }
                assertThat(store.task(1).status()).isEqualTo(dev.longtask.model.TaskStatus.IN_PROGRESS);
                store.complete(1, "after the restart");
            }
        }
    }
}
