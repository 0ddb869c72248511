package dev.longtask.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.longtask.model.Task;
import dev.longtask.model.TaskStatus;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class SchedulerTest {
    final Scheduler scheduler = new Scheduler();

    static Task task(int id, TaskStatus status, List<Integer> blockedBy, List<Integer> blocks) {
        return new Task(id, "t" + id, "", "general", status, blockedBy, blocks, null, null, null, null, 0,
                null, null, null, null, null);
    }

    @Test
    void longestRemainingChainStartsFirst() {
        // 1 and 2 are ready; 2 heads a chain 2 -> 3 -> 4, so it goes first despite its higher id.
        List<Task> tasks = List.of(
                task(1, TaskStatus.PENDING, List.of(), List.of()),
                task(2, TaskStatus.PENDING, List.of(), List.of(3)),
                task(3, TaskStatus.PENDING, List.of(2), List.of(4)),
                task(4, TaskStatus.PENDING, List.of(3), List.of()));
        assertThat(scheduler.nextReady(tasks, 5)).extracting(Task::id).containsExactly(2, 1);
        assertThat(scheduler.nextReady(tasks, 1)).extracting(Task::id).containsExactly(2);
        assertThat(scheduler.remainingPathLengths(tasks)).containsEntry(2, 3).containsEntry(1, 1);
    }

    @Test
    void onlyPendingUnblockedTasksAreOffered() {
        List<Task> tasks = List.of(
                task(1, TaskStatus.IN_PROGRESS, List.of(), List.of(2)),
                task(2, TaskStatus.PENDING, List.of(1), List.of()),
                task(3, TaskStatus.COMPLETED, List.of(), List.of()),
                task(4, TaskStatus.FAILED, List.of(), List.of()),
                task(5, TaskStatus.PENDING, List.of(), List.of()));
        assertThat(scheduler.nextReady(tasks, 4)).extracting(Task::id).containsExactly(5);
        assertThat(scheduler.nextReady(tasks, 0)).isEmpty();
    }

    @Test
    void tasksTakenAlreadyAreNotOfferedAgainAndTheNextInLineTakesTheirPlace() {
        List<Task> tasks = List.of(
                task(1, TaskStatus.PENDING, List.of(), List.of()),
                task(2, TaskStatus.PENDING, List.of(), List.of(3)),
                task(3, TaskStatus.PENDING, List.of(2), List.of()),
                task(4, TaskStatus.PENDING, List.of(), List.of()));
        assertThat(scheduler.nextReady(tasks, 2, Set.of(2))).extracting(Task::id).containsExactly(1, 4);
        assertThat(scheduler.nextReady(tasks, 2, Set.of(1, 2, 4))).isEmpty();
    }
}
