package dev.longtask.store;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.longtask.model.Event;
import dev.longtask.model.EventType;
import dev.longtask.model.JsonMapping;
import dev.longtask.model.Task;
import dev.longtask.model.TaskStatus;
import dev.longtask.model.run.TaskStateException;
import java.time.Instant;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * The task status table ({@link TaskTransitions}) is the only way a task's status changes: over any sequence of
 * events, each one the fold ({@link RunState#apply}) accepts moves every task only along a row of the table (or not at
 * all), and each event of a row's type that the table forbids for the task's status is refused and changes nothing.
 */
class TaskTransitionsPropertyTest {
    private static final List<String> TYPES = List.of(EventType.TASK_CREATED, EventType.TASK_DEPENDENCY_ADDED,
            EventType.TASK_CLAIMED, EventType.TASK_COMPLETED, EventType.TASK_FAILED, EventType.TASK_CANCELLED,
            EventType.TASK_REQUEUED, EventType.TASK_UPDATED);

    record Step(String type, int task, int other) {
    }

    @Provide
    Arbitrary<List<Step>> steps() {
        Arbitrary<String> types = Arbitraries.of(TYPES);
        Arbitrary<Integer> ids = Arbitraries.integers().between(1, 6);
        return Combinators.combine(types, ids, ids).as(Step::new).list().ofMinSize(1).ofMaxSize(80);
    }

    @Property(tries = 300)
    void noSequenceOfEventsMovesATaskAlongATransitionTheTableForbids(@ForAll("steps") List<Step> steps) {
        RunState state = RunState.EMPTY.apply(event(1, EventType.RUN_CREATED, null,
                JsonMapping.MAPPER.createObjectNode().put("run_id", "prop").put("goal", "g").put("workspace", "/w")));
        for (Step step : steps) {
            Event event = event(state.lastSeq() + 1, step.type(),
                    EventType.TASK_CREATED.equals(step.type()) ? state.nextTaskId() : step.task(), data(step, state));
            RunState next;
            try {
                next = state.apply(event);
            } catch (RuntimeException refused) {
                var row = TaskTransitions.of(step.type());
                if (row.isPresent() && step.task() <= state.tasks().size() && refused instanceof TaskStateException
                        && !step.type().equals(EventType.TASK_CLAIMED)) {
                    TaskStatus status = state.task(step.task()).status();
                    assertThat(row.get().from()).as("%s refused for a %s task: the table forbids it", step.type(),
                            status).doesNotContain(status);
                }
                continue;
            }
            for (Task after : next.tasks()) {
                TaskStatus before = after.id() <= state.tasks().size() ? state.task(after.id()).status() : null;
                if (before != null && before != after.status()) {
                    assertThat(TaskTransitions.allows(before, after.status()))
                            .as("%s moved task %d from %s to %s", step.type(), after.id(), before, after.status())
                            .isTrue();
                    assertThat(after.id()).as("only the event's own task changes status").isEqualTo(step.task());
                    assertThat(TaskTransitions.of(step.type()).orElseThrow().to()).isEqualTo(after.status());
                }
            }
            state = next;
        }
    }

    @Example
    void aCompletedTaskNeverLeavesCompletedAndEachStatusIsReachedByOneEvent() {
        for (TaskStatus to : TaskStatus.values()) {
            assertThat(TaskTransitions.allows(TaskStatus.COMPLETED, to)).as("completed -> " + to).isFalse();
        }
        for (TaskTransitions.Transition row : TaskTransitions.TABLE) {
            assertThat(TaskTransitions.to(row.to())).as("one row per target status").isEqualTo(row);
        }
    }

    private static ObjectNode data(Step step, RunState state) {
        ObjectNode data = JsonMapping.MAPPER.createObjectNode();
        switch (step.type()) {
            case EventType.TASK_CREATED -> {
                data.put("id", state.nextTaskId()).put("subject", "t" + state.nextTaskId()).put("instruction", "do")
                        .put("agent", "general");
                data.putArray("blockedBy");
            }
            case EventType.TASK_DEPENDENCY_ADDED -> data.put("blocked_by", step.other());
            case EventType.TASK_CLAIMED -> data.put("owner", "w");
            case EventType.TASK_COMPLETED -> data.put("summary", "done");
            case EventType.TASK_FAILED -> data.put("error", "broke");
            case EventType.TASK_UPDATED -> data.put("subject", "renamed");
            default -> data.put("reason", "because");
        }
        return data;
    }

    private static Event event(long seq, String type, Integer task, ObjectNode data) {
        return new Event(seq, Instant.parse("2026-11-26T10:00:00Z").plusSeconds(seq), type, task, data);
    }
}
