package dev.longtask.store;

import dev.longtask.model.EventType;
import dev.longtask.model.TaskStatus;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Every change of a task's status, in one table: which event makes it, from which statuses, to which, and what a
 * refusal says. {@link RunState} applies it (an event the table refuses is never written), and the by-hand
 * {@code task update --status} picks its event from it; nothing else moves a task from one status to another.
 */
final class TaskTransitions {

    /**
     * One row: {@code event} moves a task whose status is one of {@code from} to {@code to}.
     *
     * @param refusal what a refusal says, after the task and its status
     */
    record Transition(String event, Set<TaskStatus> from, TaskStatus to, String refusal) {
        Transition {
            from = Set.copyOf(from);
        }
    }

    /** The table. A completed task never runs again: no row leaves {@code completed}. */
    static final List<Transition> TABLE = List.of(
            new Transition(EventType.TASK_CLAIMED, EnumSet.of(TaskStatus.PENDING), TaskStatus.IN_PROGRESS,
                    "only a pending task can be claimed"),
            new Transition(EventType.TASK_COMPLETED,
                    EnumSet.of(TaskStatus.PENDING, TaskStatus.IN_PROGRESS, TaskStatus.FAILED), TaskStatus.COMPLETED,
                    "only a pending, running or failed task can be completed"),
            new Transition(EventType.TASK_FAILED, EnumSet.of(TaskStatus.PENDING, TaskStatus.IN_PROGRESS),
                    TaskStatus.FAILED, "only a pending or running task can fail"),
            new Transition(EventType.TASK_CANCELLED,
                    EnumSet.of(TaskStatus.PENDING, TaskStatus.IN_PROGRESS, TaskStatus.FAILED), TaskStatus.CANCELLED,
                    "only a pending, running or failed task can be cancelled"),
            new Transition(EventType.TASK_REQUEUED,
                    EnumSet.of(TaskStatus.IN_PROGRESS, TaskStatus.FAILED, TaskStatus.CANCELLED), TaskStatus.PENDING,
                    "only a running, failed or cancelled task can be requeued (completed tasks never run again)"));

    /** The statuses of a task that may be given a new blocker: not one that runs or has completed. */
    static final Set<TaskStatus> MAY_GET_BLOCKER = EnumSet.of(TaskStatus.PENDING, TaskStatus.FAILED,
            TaskStatus.CANCELLED);

    private static final Map<String, Transition> BY_EVENT = Map.of(
            TABLE.get(0).event(), TABLE.get(0), TABLE.get(1).event(), TABLE.get(1), TABLE.get(2).event(), TABLE.get(2),
            TABLE.get(3).event(), TABLE.get(3), TABLE.get(4).event(), TABLE.get(4));

    private TaskTransitions() {
    }

    /** The row of the event type that changes a task's status; empty for any other type. */
    static Optional<Transition> of(String eventType) {
        return Optional.ofNullable(BY_EVENT.get(eventType));
    }

    /** The row that moves a task to {@code to}: the event {@code task update --status} records. */
    static Transition to(TaskStatus to) {
        return TABLE.stream().filter(t -> t.to() == to).findFirst().orElseThrow();
    }

    /** Whether the table lets a task go from {@code from} to {@code to}. */
    static boolean allows(TaskStatus from, TaskStatus to) {
        return TABLE.stream().anyMatch(t -> t.to() == to && t.from().contains(from));
    }
}
