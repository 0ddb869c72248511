package dev.longtask.api;

import static org.assertj.core.api.Assertions.assertThat;

import dev.longtask.model.JsonMapping;
import dev.longtask.model.run.FsyncPolicy;
import dev.longtask.model.run.RunStore;
import dev.longtask.model.run.RunStores;
import dev.longtask.model.run.StoreOptions;
import dev.longtask.model.run.Transcript;
import dev.longtask.testing.EmbeddedPostgres;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link Runs#transcript} reads a run's transcript through the store: the same lines from a file run as from a run
 * of a shared store, whose transcripts are in the database and in no file.
 */
class TranscriptsOverStoresTest {
    private static final StoreOptions OPTIONS = StoreOptions.defaults().withSecrets(List.of())
            .withFsync(FsyncPolicy.NONE);

    @TempDir
    Path dir;

    @Test
    void aTranscriptReadsTheSameFromTheFilesAndFromPostgres() throws Exception {
        try (RunStores database = Stores.of(EmbeddedPostgres.newDatabase(), Map.of(), 4)) {
            for (RunStores stores : List.of(Stores.files(), database)) {
                Path workspace = Files.createDirectories(dir.resolve(stores.shared() ? "shared" : "files"));
                String runId;
                try (RunStore run = stores.create(workspace, null, "g", null, null, null, OPTIONS)) {
                    Transcript planner = run.roleTranscript("planner_1");
                    planner.append(JsonMapping.MAPPER.createObjectNode().put("role", "user").put("text", "plan it"));
                    planner.append(JsonMapping.MAPPER.createObjectNode().put("role", "assistant").put("n", 2));
                    runId = run.runId();
                }
                Runs runs = Runs.of(stores, workspace);
                assertThat(runs.transcript(runId, "planner_1")).as(stores.where(workspace))
                        .contains("{\"role\":\"user\",\"text\":\"plan it\"}\n{\"role\":\"assistant\",\"n\":2}\n");
                assertThat(runs.transcript(runId, "director_round_1")).as(stores.where(workspace)).isEmpty();
            }
        }
    }
}
