package dev.longtask.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.longtask.model.Task;
import dev.longtask.model.TaskStatus;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What the director reads of the graph: everything while it fits, the tasks needing a decision first when not. */
class GraphListingTest {
    static final String RESULTS = ".longtask/runs/r1/results/task_<id>/result.json";

    static Task task(int id, TaskStatus status, String error) {
        return new Task(id, "subject of " + id, "", "general", status, List.of(), List.of(), null, null, null, null,
                1, ProgressTest.T0, null, null, null, error);
    }

    @Test
    void aSmallGraphIsListedWholeInOrder() {
        String listing = GraphListing.of(List.of(task(1, TaskStatus.COMPLETED, null),
                task(2, TaskStatus.FAILED, "no input"), task(3, TaskStatus.PENDING, null)), RESULTS, 10_000);
        assertThat(listing).isEqualTo("""
                [x] #1: subject of 1 [general]
                    result: .longtask/runs/r1/results/task_1/result.json
                [!] #2: subject of 2 [general]
                    error: no input
                    result: .longtask/runs/r1/results/task_2/result.json
                [ ] #3: subject of 3 [general]
                """.replace("[!]", TaskStatus.FAILED.marker()));
    }

    @Test
    void aThousandTasksFitTheBudgetWithEveryFailedAndPendingOneListed() {
        List<Task> tasks = new ArrayList<>();
        for (int id = 1; id <= 1_000; id++) {
            tasks.add(task(id, id == 500 ? TaskStatus.FAILED : id > 990 ? TaskStatus.PENDING : TaskStatus.COMPLETED,
                    id == 500 ? "x".repeat(5_000) : null));
        }
        String listing = GraphListing.of(tasks, RESULTS, 6_000);

        assertThat(listing.length()).isLessThan(6_000 + 200);
        assertThat(listing).contains("#500: subject of 500", "#991: subject of 991", "#1000: subject of 1000")
                .contains("x".repeat(GraphListing.ERROR_CHARS) + "...").doesNotContain("x".repeat(GraphListing.ERROR_CHARS + 1));
        assertThat(listing).containsPattern("\\.\\.\\. and \\d+ more tasks not listed for room \\(#\\d+-#499, #501-#990\\); "
                + "their results are at \\.longtask/runs/r1/results/task_<id>/result\\.json\\n$");
    }

    @Test
    void idsReadAsRanges() {
        assertThat(GraphListing.ranges(List.of(1, 2, 3, 5, 7, 8))).isEqualTo("#1-#3, #5, #7-#8");
    }
}
