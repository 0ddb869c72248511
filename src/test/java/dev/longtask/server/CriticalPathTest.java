package dev.longtask.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.longtask.model.Task;
import dev.longtask.model.TaskStatus;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The critical path is the chain that takes longest, by what tasks took and are expected to take. */
class CriticalPathTest {
    static final Instant T0 = Instant.parse("2026-11-26T10:00:00Z");

    /** A task from {@code startS} to {@code endS} seconds after T0 (null: not started / not finished). */
    static Task task(int id, TaskStatus status, List<Integer> blockedBy, List<Integer> blocks, Integer startS,
                     Integer endS) {
        return new Task(id, "task " + id, "", "general", status, blockedBy, blocks, null, null, null, null, 1, T0,
                startS == null ? null : T0.plusSeconds(startS), endS == null ? null : T0.plusSeconds(endS), null, null);
    }

    @Test
    void theLongestChainByTimeWinsOverTheOneWithMoreTasks() {
        // 1 -> 2 -> 3 (1 s each) and 1 -> 4 (10 s): the short branch with the long task is critical
        List<Task> tasks = List.of(
                task(1, TaskStatus.COMPLETED, List.of(), List.of(2, 4), 0, 1),
                task(2, TaskStatus.COMPLETED, List.of(), List.of(3), 1, 2),
                task(3, TaskStatus.COMPLETED, List.of(), List.of(), 2, 3),
                task(4, TaskStatus.COMPLETED, List.of(), List.of(), 1, 11));
        assertThat(CriticalPath.of(tasks, T0.plusSeconds(20))).containsExactly(1, 4);
    }

    @Test
    void pendingTasksWeighTheMeanOfTheFinishedOnesAndRunningOnesAtLeastThat() {
        // 1 done in 4 s; 2 running for 1 s so far (counts 4), then 3 pending (4); 5 running for 6 s alone
        List<Task> tasks = List.of(
                task(1, TaskStatus.COMPLETED, List.of(), List.of(2), 0, 4),
                task(2, TaskStatus.IN_PROGRESS, List.of(), List.of(3), 9, null),
                task(3, TaskStatus.PENDING, List.of(2), List.of(), null, null),
                task(5, TaskStatus.IN_PROGRESS, List.of(), List.of(), 4, null));
        assertThat(CriticalPath.of(tasks, T0.plusSeconds(10))).containsExactly(1, 2, 3);
    }

    @Test
    void beforeAnythingFinishedTheChainWithMostTasksIsCriticalAndCancelledTasksAreLeftOut() {
        List<Task> tasks = List.of(
                task(1, TaskStatus.PENDING, List.of(), List.of(2, 3), null, null),
                task(2, TaskStatus.PENDING, List.of(1), List.of(4), null, null),
                task(3, TaskStatus.CANCELLED, List.of(1), List.of(5), null, 0),
                task(4, TaskStatus.PENDING, List.of(2), List.of(), null, null),
                task(5, TaskStatus.PENDING, List.of(3), List.of(6), null, null),
                task(6, TaskStatus.PENDING, List.of(5), List.of(), null, null));
        assertThat(CriticalPath.of(tasks, T0)).containsExactly(1, 2, 4);
    }

    @Test
    void noTasksNoPath() {
        assertThat(CriticalPath.of(List.of(), T0)).isEmpty();
    }
}
