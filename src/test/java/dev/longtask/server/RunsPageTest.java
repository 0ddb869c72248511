package dev.longtask.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.longtask.model.RunStatus;
import dev.longtask.model.run.FsyncPolicy;
import dev.longtask.model.run.RunStore;
import dev.longtask.model.run.StoreOptions;
import dev.longtask.store.file.FileRunStore;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code GET /api/runs} in pages: a walk from the first page along {@code next} meets every run once, greatest id
 * first, while other runs are being made; the filters hold across pages; a cursor the server did not give is a 400.
 * The runs are made directly through the store (no model, no pool), in the server's root, which it lists.
 */
class RunsPageTest {
    private static final StoreOptions NO_FSYNC = StoreOptions.defaults().withSecrets(List.of())
            .withFsync(FsyncPolicy.NONE);

    @TempDir
    Path dir;

    @Test
    void pagesMeetEveryRunOnceInOrderWhileRunsAreMade() throws Exception {
        try (ServerFixture f = ServerFixture.start(dir, new Jobs(1, 0, true).model, o -> o)) {
            List<String> before = new ArrayList<>();
            for (int i = 0; i < 150; i++) {
                String id = String.format("20261127-1200%02d-%04x", i % 60, i);
                make(f.root, id, i % 3 == 0 ? RunStatus.COMPLETED : null);
                before.add(id);
            }
            before.sort(java.util.Comparator.reverseOrder());

            AtomicBoolean walking = new AtomicBoolean(true);
            List<String> madeMeanwhile = java.util.Collections.synchronizedList(new ArrayList<>());
            CompletableFuture<Void> maker = CompletableFuture.runAsync(() -> {
                // newer ids (as newId makes them) and ids that fall between the ones already listed
                for (int i = 0; walking.get() && i < 60; i++) {
                    String id = i % 2 == 0 ? String.format("20261127-1300%02d-%04x", i % 60, i)
                            : String.format("20261127-1200%02d-%04x-late", (i * 7) % 60, i);
                    make(f.root, id, null);
                    madeMeanwhile.add(id);
                }
            });

            List<String> seen = new ArrayList<>();
            String cursor = null;
            int pages = 0;
            do {
                HttpResponse<String> r = f.get("/api/runs?limit=7" + (cursor == null ? "" : "&cursor=" + cursor));
                assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
                JsonNode page = f.json(r);
                assertThat(page.path("runs").size()).isBetween(1, 7);
                page.path("runs").forEach(run -> {
                    String id = run.path("run_id").asText();
                    if (before.contains(id)) { // one being made meanwhile may not have its first event yet
                        assertThat(run.path("status").asText()).as(run.toString()).isNotEmpty();
                        assertThat(run.path("tasks").path("total").isInt()).isTrue();
                    }
                    seen.add(id);
                });
                cursor = page.path("next").isNull() ? null : page.path("next").asText();
                assertThat(r.headers().firstValue("Link").isPresent()).isEqualTo(cursor != null);
                r.headers().firstValue("Link").ifPresent(link -> assertThat(link)
                        .contains("cursor=" + page.path("next").asText()).contains("limit=7"));
                pages++;
            } while (cursor != null);
            walking.set(false);
            maker.get();

            assertThat(new HashSet<>(seen)).as("no run twice").hasSize(seen.size());
            assertThat(seen).as("greatest id first").isSortedAccordingTo(java.util.Comparator.reverseOrder());
            assertThat(seen).as("every run made before the walk").containsAll(before);
            assertThat(madeMeanwhile.containsAll(seen.stream().filter(id -> !before.contains(id)).toList())).isTrue();
            assertThat(pages).isGreaterThanOrEqualTo(150 / 7);

            // a run made after the walk shows on the first page again
            make(f.root, "20261128-000000-ffff", null);
            assertThat(f.json(f.get("/api/runs?limit=1")).path("runs").get(0).path("run_id").asText())
                    .isEqualTo("20261128-000000-ffff");
        }
    }

    @Test
    void aStatusFilterHoldsAcrossPagesAndABadCursorIsA400() throws Exception {
        try (ServerFixture f = ServerFixture.start(dir, new Jobs(1, 0, true).model, o -> o)) {
            Set<String> completed = new HashSet<>();
            for (int i = 0; i < 40; i++) {
                String id = String.format("run-%03d", i);
                make(f.root, id, i % 4 == 0 ? RunStatus.COMPLETED : null);
                if (i % 4 == 0) {
                    completed.add(id);
                }
            }
            List<String> seen = new ArrayList<>();
            String query = "/api/runs?status=completed&limit=3";
            for (String next = ""; next != null; ) {
                JsonNode page = f.json(f.get(query + next));
                page.path("runs").forEach(run -> {
                    assertThat(run.path("status").asText()).isEqualTo("completed");
                    seen.add(run.path("run_id").asText());
                });
                next = page.path("next").isNull() ? null : "&cursor=" + page.path("next").asText();
            }
            assertThat(seen).containsExactlyElementsOf(completed.stream()
                    .sorted(java.util.Comparator.reverseOrder()).toList());

            // the default page, and a limit out of bounds
            JsonNode first = f.json(f.get("/api/runs"));
            assertThat(first.path("runs")).hasSize(40);
            assertThat(first.path("next").isNull()).isTrue();
            assertThat(f.json(f.get("/api/runs?limit=10")).path("runs")).hasSize(10);
            expect(f, f.get("/api/runs?limit=0"), "'limit' must be a whole number from 1 to "
                    + RunsApi.MAX_RUNS_PAGE);
            expect(f, f.get("/api/runs?limit=" + (RunsApi.MAX_RUNS_PAGE + 1)), "'limit'");
            for (String bad : List.of("nonsense!", "cnVuLTAwMQ", RunsCursor.after("run-001") + "x", "%2F%2F%2F")) {
                expect(f, f.get("/api/runs?cursor=" + bad), "'cursor' is not one this server gave");
            }
            // a cursor this server gave, from a run since gone, still places the page
            JsonNode after = f.json(f.get("/api/runs?limit=2&cursor=" + RunsCursor.after("run-0205")));
            assertThat(after.path("runs").get(0).path("run_id").asText()).isEqualTo("run-020");
        }
    }

    private static void expect(ServerFixture f, HttpResponse<String> r, String message) {
        assertThat(r.statusCode()).as(r.body()).isEqualTo(400);
        assertThat(f.json(r).path("error").path("message").asText()).contains(message);
    }

    private static void make(Path workspace, String runId, RunStatus status) {
        try (RunStore store = FileRunStore.create(workspace, runId, "goal of " + runId, null, null, NO_FSYNC)) {
            if (status != null) {
                store.setRunStatus(status, "made so by the test");
            }
        }
    }
}
