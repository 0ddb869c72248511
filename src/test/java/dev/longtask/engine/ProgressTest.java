package dev.longtask.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.longtask.model.Run;
import dev.longtask.model.RunStatus;
import dev.longtask.model.Task;
import dev.longtask.model.TaskStatus;
import dev.longtask.model.plan.ProgressSnapshot;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class ProgressTest {
    static final Instant T0 = Instant.parse("2026-11-26T10:00:00Z");

    static Task task(int id, TaskStatus status, List<Integer> blockedBy, List<Integer> blocks, Instant started,
            Instant finished) {
        return new Task(id, "t" + id, "", "general", status, blockedBy, blocks, null, null, null, null, 1,
                T0, started, finished, null, null);
    }

    static Run run() {
        return new Run(1, "r1", "goal", "/w", "m", RunStatus.RUNNING, "", null, null, T0, T0, null, 1, 1, 0);
    }

    @Test
    void noEtaBeforeAnyTaskFinished() {
        List<Task> tasks = List.of(task(1, TaskStatus.PENDING, List.of(), List.of(), null, null));
        ProgressSnapshot s = new Progress().snapshot(run(), tasks, 2, T0.plusSeconds(5));
        assertThat(s.etaSeconds()).isNull();
        assertThat(s.etaText()).isEqualTo("unknown");
        assertThat(s.percent()).isZero();
    }

    @Test
    void etaSpreadsRemainingWorkOverWorkersButNotBelowTheLongestChain() {
        // Task 1 took 60 s. Four independent pending tasks on 2 workers: 4 * 60 / 2 = 120 s.
        List<Task> wide = List.of(
                task(1, TaskStatus.COMPLETED, List.of(), List.of(), T0, T0.plusSeconds(60)),
                task(2, TaskStatus.PENDING, List.of(), List.of(), null, null),
                task(3, TaskStatus.PENDING, List.of(), List.of(), null, null),
                task(4, TaskStatus.PENDING, List.of(), List.of(), null, null),
                task(5, TaskStatus.PENDING, List.of(), List.of(), null, null));
        assertThat(new Progress().eta(wide, 2, T0.plusSeconds(60))).isEqualTo(120);
        // A chain 2 -> 3 -> 4 cannot use the second worker: 3 * 60 = 180 s.
        List<Task> chain = List.of(
                task(1, TaskStatus.COMPLETED, List.of(), List.of(), T0, T0.plusSeconds(60)),
                task(2, TaskStatus.PENDING, List.of(), List.of(3), null, null),
                task(3, TaskStatus.PENDING, List.of(2), List.of(4), null, null),
                task(4, TaskStatus.PENDING, List.of(3), List.of(), null, null));
        assertThat(new Progress().eta(chain, 2, T0.plusSeconds(60))).isEqualTo(180);
    }

    @Test
    void remainingWorkNeverReadsAsNoTimeLeft() {
        // tasks that finished within milliseconds: two pending ones still take a moment, not 0 s
        List<Task> quick = List.of(
                task(1, TaskStatus.COMPLETED, List.of(), List.of(), T0, T0.plusMillis(3)),
                task(2, TaskStatus.PENDING, List.of(), List.of(), null, null),
                task(3, TaskStatus.PENDING, List.of(), List.of(), null, null));
        assertThat(new Progress().eta(quick, 2, T0.plusSeconds(1))).isEqualTo(1);
        // a drained graph has nothing left
        List<Task> done = List.of(task(1, TaskStatus.COMPLETED, List.of(), List.of(), T0, T0.plusSeconds(10)));
        assertThat(new Progress().eta(done, 2, T0.plusSeconds(60))).isZero();
    }

    /**
     * The graph drained while the run still works (the director's last look, the synthesizer's report): the ETA is
     * that step's, counted from when the last task finished and growing past the mean as a late task's does, never
     * 0 s while the run works; once the run ended it is 0.
     */
    @Test
    void aDrainedGraphWhoseRunStillWritesItsReportIsNotDone() {
        List<Task> tasks = List.of(
                task(1, TaskStatus.COMPLETED, List.of(), List.of(), T0, T0.plusSeconds(10)),
                task(2, TaskStatus.COMPLETED, List.of(), List.of(), T0, T0.plusSeconds(10)));
        Progress progress = new Progress();
        assertThat(progress.snapshot(run(), tasks, 2, T0.plusSeconds(14)).etaSeconds()).isEqualTo(6);
        assertThat(progress.snapshot(run(), tasks, 2, T0.plusSeconds(50)).etaSeconds()).isEqualTo(10);
        Run ended = new Run(1, "r1", "goal", "/w", "m", RunStatus.COMPLETED, "", null, null, T0, T0, null, 1, 1, 0);
        assertThat(progress.snapshot(ended, tasks, 2, T0.plusSeconds(50)).etaSeconds()).isZero();
    }

    @Test
    void theLastTaskRunningPastTheMeanGrowsTheEtaFromItsOwnTimeAndNeverFallsBack() {
        // The end of a real run: nine quick tasks done at 10 s each, the last (the longest, a synthesis) running on.
        List<Task> tasks = new java.util.ArrayList<>();
        for (int id = 1; id <= 9; id++) {
            tasks.add(task(id, TaskStatus.COMPLETED, List.of(), List.of(), T0, T0.plusSeconds(10)));
        }
        Instant started = T0.plusSeconds(10);
        tasks.add(task(10, TaskStatus.IN_PROGRESS, List.of(), List.of(), started, null));
        Progress progress = new Progress();

        Long before = progress.eta(tasks, 3, started.plusSeconds(4));
        Long nearMean = progress.eta(tasks, 3, started.plusSeconds(8));
        Long atMean = progress.eta(tasks, 3, started.plusSeconds(10));
        Long past = progress.eta(tasks, 3, started.plusSeconds(40));
        Long farPast = progress.eta(tasks, 3, started.plusSeconds(400));

        assertThat(before).as("what is left of the mean, not spread over the idle workers").isEqualTo(6);
        assertThat(nearMean).isEqualTo(2);
        assertThat(atMean).as("no jump at the mean").isEqualTo(3);
        assertThat(past).isEqualTo(10);
        assertThat(farPast).as("it grows with the task's own time").isEqualTo(100);
        assertThat(progress.snapshot(run(), tasks, 3, started.plusSeconds(400)).etaText())
                .as("a measured figure, so the view never falls back to the plan's estimate").isEqualTo("1m 40s");
    }

    @Test
    void countsAndRunningLines() {
        List<Task> tasks = List.of(
                task(1, TaskStatus.COMPLETED, List.of(), List.of(), T0, T0.plusSeconds(10)),
                task(2, TaskStatus.FAILED, List.of(), List.of(), T0, T0.plusSeconds(10)),
                task(3, TaskStatus.IN_PROGRESS, List.of(), List.of(), T0.plusSeconds(20), null),
                task(4, TaskStatus.PENDING, List.of(), List.of(), null, null));
        ProgressSnapshot s = new Progress().snapshot(run(), tasks, 2, T0.plusSeconds(30));
        assertThat(s.completed()).isEqualTo(1);
        assertThat(s.failed()).isEqualTo(1);
        assertThat(s.running()).isEqualTo(1);
        assertThat(s.pending()).isEqualTo(1);
        // Done of the tasks still wanted: the failed task is not progress.
        assertThat(s.percent()).isEqualTo(25.0);
        assertThat(s.tasks()).singleElement().satisfies(r -> {
            assertThat(r.id()).isEqualTo(3);
            assertThat(r.elapsedSeconds()).isEqualTo(10);
        });
    }

    @Test
    void aFailedRunIsNotShownAsDoneAndCancelledTasksAreNotWanted() {
        List<Task> failed = List.of(
                task(1, TaskStatus.FAILED, List.of(), List.of(), T0, T0.plusSeconds(10)),
                task(2, TaskStatus.CANCELLED, List.of(), List.of(), null, null),
                task(3, TaskStatus.CANCELLED, List.of(), List.of(), null, null));
        assertThat(new Progress().snapshot(run(), failed, 2, T0.plusSeconds(30)).percent()).isZero();
        List<Task> completed = List.of(
                task(1, TaskStatus.COMPLETED, List.of(), List.of(), T0, T0.plusSeconds(10)),
                task(2, TaskStatus.CANCELLED, List.of(), List.of(), null, null));
        assertThat(new Progress().snapshot(run(), completed, 2, T0.plusSeconds(30)).percent()).isEqualTo(100.0);
    }
}
