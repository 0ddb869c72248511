package dev.longtask.engine;

import static dev.longtask.testing.ScriptedModel.call;
import static dev.longtask.testing.ScriptedModel.decide;
import static dev.longtask.testing.ScriptedModel.report;
import static dev.longtask.testing.ScriptedModel.submitResult;
import static dev.longtask.testing.ScriptedModel.write;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.longtask.model.Budget;
import dev.longtask.model.Event;
import dev.longtask.model.EventType;
import dev.longtask.model.RunStatus;
import dev.longtask.model.Task;
import dev.longtask.model.TaskStatus;
import dev.longtask.model.run.FsyncPolicy;
import dev.longtask.model.run.RunSnapshot;
import dev.longtask.store.file.FileRunStore;
import dev.longtask.testing.EngineFixture;
import dev.longtask.testing.ScriptedModel;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The execution loop's bookkeeping now that a task thread whose task completed starts what became ready itself:
 * never more tasks at work than the concurrency, each task claimed and run once, every task done.
 */
class ExecutionTest {
    @TempDir
    Path dir;

    @Test
    void tasksStartedByTheThreadsOfCompletedTasksNeverExceedTheConcurrencyAndEachRunsOnce() throws Exception {
        // A root, six tasks it unblocks at once, a chain of three after the first of them, one task after all.
        List<ObjectNode> tasks = new ArrayList<>();
        tasks.add(EngineFixture.task("root", "Task root", "general", List.of(), Map.of()));
        for (int i = 1; i <= 6; i++) {
            tasks.add(EngineFixture.task("fan" + i, "Task fan" + i, "general", List.of("root"), Map.of()));
        }
        tasks.add(EngineFixture.task("chain1", "Task chain1", "general", List.of("fan1"), Map.of()));
        tasks.add(EngineFixture.task("chain2", "Task chain2", "general", List.of("chain1"), Map.of()));
        tasks.add(EngineFixture.task("chain3", "Task chain3", "general", List.of("chain2"), Map.of()));
        tasks.add(EngineFixture.task("last", "Task last", "general",
                List.of("fan2", "fan3", "fan4", "fan5", "fan6", "chain3"), Map.of()));
        Set<String> atWork = ConcurrentHashMap.newKeySet();
        AtomicInteger most = new AtomicInteger();
        AtomicInteger overlapping = new AtomicInteger();
        ScriptedModel model = new ScriptedModel(turn -> switch (turn.role()) {
            case "planner" -> call("submit_plan", EngineFixture.plan(tasks.toArray(new ObjectNode[0])));
            case "director" -> decide("stop", "done");
            case "synthesizer" -> report("done", "# done");
            default -> {
                if (turn.step() == 1) {
                    // From a task's first call to its last it holds a slot: count the tasks in between.
                    if (!atWork.add(turn.subject())) {
                        overlapping.incrementAndGet();
                    }
                    most.accumulateAndGet(atWork.size(), Math::max);
                    sleep();
                    yield write("out/" + turn.subject().replace(' ', '_') + ".txt", "x");
                }
                atWork.remove(turn.subject());
                yield submitResult(true, "ok");
            }
        });
        EngineFixture.workspace(dir);
        RunEngine engine = EngineFixture.engine(dir, model, new EngineConfig(3, 1, 0, "test"), RunObserver.NONE,
                FsyncPolicy.GROUPED);

        RunOutcome outcome = engine.start("fan out and in", "fan", Budget.UNLIMITED);

        assertThat(outcome.status()).as(outcome.reason()).isEqualTo(RunStatus.COMPLETED);
        RunSnapshot run = FileRunStore.read(dir, "fan");
        assertThat(run.tasks()).hasSize(11).extracting(Task::status).containsOnly(TaskStatus.COMPLETED);
        assertThat(run.tasks()).extracting(Task::attempts).as("each task claimed once").containsOnly(1);
        assertThat(overlapping).as("no task ran twice at once").hasValue(0);
        assertThat(most.get()).as("never more tasks at work than the concurrency").isBetween(1, 3);
        // In the log's order: never more tasks claimed and not yet ended than the concurrency.
        int inProgress = 0;
        int mostClaimed = 0;
        for (Event e : FileRunStore.events(dir, "fan", 0)) {
            if (EventType.TASK_CLAIMED.equals(e.type())) {
                mostClaimed = Math.max(mostClaimed, ++inProgress);
            } else if (EventType.TASK_COMPLETED.equals(e.type()) || EventType.TASK_FAILED.equals(e.type())) {
                inProgress--;
            }
        }
        assertThat(mostClaimed).as("claimed and not ended, in the log").isEqualTo(3);
        for (ObjectNode task : tasks) {
            assertThat(model.calls("task", task.path("subject").asText())).as(task.path("subject").asText())
                    .isEqualTo(2);
        }
    }

    /** A moment in the model, so that the tasks a completion unblocks overlap those already at work. */
    private static void sleep() {
        try {
            Thread.sleep(20);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
