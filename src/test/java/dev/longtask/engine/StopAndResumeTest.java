package dev.longtask.engine;

import static dev.longtask.testing.ScriptedModel.call;
import static dev.longtask.testing.ScriptedModel.decide;
import static dev.longtask.testing.ScriptedModel.report;
import static dev.longtask.testing.ScriptedModel.submitResult;
import static dev.longtask.testing.ScriptedModel.write;
import static org.assertj.core.api.Assertions.assertThat;

import dev.longtask.model.llm.ChatMessage;
import dev.longtask.llm.LlmInterruptedException;
import dev.longtask.model.Budget;
import dev.longtask.model.RunStatus;
import dev.longtask.model.Task;
import dev.longtask.model.TaskStatus;
import dev.longtask.store.file.FileRunStore;
import dev.longtask.model.run.RunSnapshot;
import dev.longtask.testing.EngineFixture;
import dev.longtask.testing.ScriptedModel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StopAndResumeTest {
    @TempDir
    Path dir;

    static final List<String> SUBJECTS = List.of("Step one", "Step two", "Step three", "Step four");

    static ChatMessage.Assistant chain(ScriptedModel.Turn turn) {
        return switch (turn.role()) {
            case "planner" -> call("submit_plan", EngineFixture.plan(
                    EngineFixture.task("s1", "Step one", "general", List.of(), Map.of("out", "out/1.md")),
                    EngineFixture.task("s2", "Step two", "general", List.of("s1"), Map.of("out", "out/2.md")),
                    EngineFixture.task("s3", "Step three", "general", List.of("s2"), Map.of("out", "out/3.md")),
                    EngineFixture.task("s4", "Step four", "general", List.of("s3"), Map.of("out", "out/4.md"))));
            case "director" -> decide("stop", "done");
            case "synthesizer" -> report("Chain", "# Chain\n\nall four steps");
            default -> turn.step() == 1
                    ? write("out/" + (SUBJECTS.indexOf(turn.subject()) + 1) + ".md", turn.subject())
                    : submitResult(true, "did " + turn.subject());
        };
    }

    @Test
    void aTokenBudgetPausesTheRunAndResumeWithALargerOneFinishesIt() {
        ScriptedModel model = new ScriptedModel(StopAndResumeTest::chain);
        RunEngine engine = EngineFixture.engine(EngineFixture.workspace(dir), model, EngineConfig.defaults(),
                RunObserver.NONE);
        long perCall = ScriptedModel.CALL_USAGE.totalTokens();
        // The planner and step one take 3 calls; the budget runs out during step two.
        RunOutcome paused = engine.start("four steps", "run-b", new Budget(4 * perCall, null, null));

        assertThat(paused.status()).isEqualTo(RunStatus.PAUSED);
        assertThat(paused.reason()).contains("token budget reached").contains("--max-tokens");
        RunSnapshot mid = FileRunStore.read(dir, "run-b");
        assertThat(mid.run().status()).isEqualTo(RunStatus.PAUSED);
        assertThat(mid.tasks()).extracting(Task::status).doesNotContain(TaskStatus.IN_PROGRESS);
        assertThat(mid.task(1).status()).isEqualTo(TaskStatus.COMPLETED);
        assertThat(mid.task(4).status()).isEqualTo(TaskStatus.PENDING);
        assertThat(dir.resolve("out/2.md")).as("the answer of the call that reached the budget is not acted on")
                .doesNotExist();

        // Resuming without a larger budget pauses at once, spending nothing.
        int callsBefore = model.turns.size();
        RunOutcome still = engine.resume("run-b", Budget.UNLIMITED);
        assertThat(still.status()).isEqualTo(RunStatus.PAUSED);
        assertThat(model.turns).hasSize(callsBefore);

        RunOutcome done = engine.resume("run-b", new Budget(100 * perCall, null, null));
        assertThat(done.status()).as(done.reason()).isEqualTo(RunStatus.COMPLETED);
        assertThat(model.calls("task", "Step one")).as("a completed task never runs again").isEqualTo(2);
        assertThat(model.calls("task", "Step four")).isEqualTo(2);
        assertThat(model.calls("planner", "")).isEqualTo(1);
    }

    @Test
    void anInterruptPausesAfterSavingAndTheInterruptedTaskStartsOver() throws Exception {
        CountDownLatch inTaskTwo = new CountDownLatch(1);
        CountDownLatch never = new CountDownLatch(1);
        boolean[] blocked = {false};
        ScriptedModel model = new ScriptedModel(turn -> {
            if (turn.subject().equals("Step two") && !blocked[0]) {
                blocked[0] = true;
                inTaskTwo.countDown();
                try {
                    never.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new LlmInterruptedException("interrupted while waiting for the model", e);
                }
            }
            return chain(turn);
        });
        RunEngine engine = EngineFixture.engine(EngineFixture.workspace(dir), model, EngineConfig.defaults(),
                RunObserver.NONE);
        CompletableFuture<RunOutcome> running = CompletableFuture.supplyAsync(
                () -> engine.start("four steps", "run-i", Budget.UNLIMITED));
        assertThat(inTaskTwo.await(120, TimeUnit.SECONDS)).isTrue();
        engine.interrupt("interrupted by the user (Ctrl-C)");
        RunOutcome interrupted = running.get(30, TimeUnit.SECONDS);

        assertThat(interrupted.status()).isEqualTo(RunStatus.INTERRUPTED);
        assertThat(interrupted.reason()).contains("Ctrl-C");
        RunSnapshot mid = FileRunStore.read(dir, "run-i");
        assertThat(mid.task(1).status()).isEqualTo(TaskStatus.COMPLETED);
        assertThat(mid.task(2).status()).isEqualTo(TaskStatus.PENDING);
        assertThat(Files.readString(mid.directory().resolve("events.jsonl"))).contains("task.requeued");

        RunOutcome done = engine.resume("run-i", Budget.UNLIMITED);
        assertThat(done.status()).as(done.reason()).isEqualTo(RunStatus.COMPLETED);
        assertThat(model.calls("task", "Step one")).isEqualTo(2);
        assertThat(FileRunStore.read(dir, "run-i").task(2).attempts()).isEqualTo(2);
        assertThat(Files.readString(done.directory().resolve("progress.md"))).containsPattern(
                "(?s)## Session.*## Session");
    }
}
