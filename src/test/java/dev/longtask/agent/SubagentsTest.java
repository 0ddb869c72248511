package dev.longtask.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.longtask.model.agent.AgentSource;
import dev.longtask.model.agent.AgentSpec;
import dev.longtask.model.agent.AgentStep;
import dev.longtask.model.agent.AgentStepResult;
import dev.longtask.model.llm.ChatMessage;
import dev.longtask.tools.ToolContext;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SubagentsTest {
    @TempDir
    Path dir;

    /** Runs each step through a real agent loop over the fixture's scripted model. */
    private static Subagents.Runner loops(LoopFixture f) {
        return (step, task, index, total) -> f.loop().run(AgentTask.submitting(
                new AgentSpec(step.agent(), "", List.of("read"), null, 5, "You are " + step.agent() + ".",
                        AgentSource.BUILT_IN, null),
                new TaskContract("", task, java.util.Map.of(), java.util.Map.of(), List.of(), index, total),
                RunMemory.NONE, new ToolContext(f.workspace, null, index)));
    }

    private static String instruction(dev.longtask.model.llm.ChatRequest request) {
        String system = ScriptedModel.systemPrompt(request);
        return system.substring(system.indexOf("Instruction:\n") + "Instruction:\n".length()).strip();
    }

    @Test
    void parallelNeverExceedsItsCapAndReachesIt() {
        int cap = 2;
        AtomicInteger current = new AtomicInteger();
        AtomicInteger max = new AtomicInteger();
        Set<String> threads = ConcurrentHashMap.newKeySet();
        CyclicBarrier together = new CyclicBarrier(cap);
        LoopFixture f = new LoopFixture(dir);
        f.model.otherwise(request -> {
            int now = current.incrementAndGet();
            max.accumulateAndGet(now, Math::max);
            threads.add(Thread.currentThread().getName());
            try {
                // Only `cap` calls at once can pass: this proves the cap is reached, and would hang
                // (and fail by timeout) if the steps ran one at a time.
                together.await(60, TimeUnit.SECONDS);
            } catch (InterruptedException | BrokenBarrierException | TimeoutException e) {
                throw new AssertionError("parallel calls did not meet", e);
            } finally {
                current.decrementAndGet();
            }
            return new ChatMessage.Assistant("", List.of(f.model.toolCall("submit_result",
                    "{\"success\":true,\"summary\":\"" + instruction(request) + " done\"}")));
        });
        List<AgentStep> steps = List.of(new AgentStep("analyzer", "A"), new AgentStep("reviewer", "B"),
                new AgentStep("analyzer", "C"), new AgentStep("reviewer", "D"),
                new AgentStep("analyzer", "E"), new AgentStep("reviewer", "F"));

        List<AgentStepResult> results = new Subagents(loops(f)).parallel(steps, cap);

        assertThat(max.get()).isEqualTo(cap);
        assertThat(threads).hasSizeLessThanOrEqualTo(cap);
        assertThat(results).extracting(r -> r.outcome().output())
                .containsExactly("A done", "B done", "C done", "D done", "E done", "F done");
        assertThat(results).allMatch(r -> r.outcome().success());
    }

    @Test
    void aChainPassesTheWholePreviousOutputAndStopsAtTheFirstFailure() {
        StringBuilder longOutput = new StringBuilder();
        for (int i = 0; i < 4_000; i++) {
            longOutput.append("finding ").append(i).append(": something precise\n");
        }
        String first = longOutput.toString().strip();
        LoopFixture f = new LoopFixture(dir);
        f.model.call("submit_result", "{\"success\":true,\"summary\":" + ScriptedModel.quote(first) + "}")
                .then(request -> new ChatMessage.Assistant("", List.of(f.model.toolCall("submit_result",
                        "{\"success\":false,\"summary\":\"could not summarise\"}"))));
        List<AgentStep> steps = List.of(
                new AgentStep("analyzer", "Analyze src"),
                new AgentStep("summarizer", "Summarise: {previous}"),
                new AgentStep("documenter", "Document: {previous}"));

        List<AgentStepResult> results = new Subagents(loops(f)).chain(steps);

        assertThat(results).hasSize(2);
        assertThat(results.get(1).task()).isEqualTo("Summarise: " + first);
        assertThat(first.length()).isGreaterThan(100_000);
        assertThat(instruction(f.model.requests().get(1))).isEqualTo("Summarise: " + first);
        assertThat(results.get(1).outcome().success()).isFalse();
        assertThat(f.model.requests()).hasSize(2);
    }

    @Test
    void stepsParseFromNameEqualsTask() {
        assertThat(AgentStep.parse("analyzer=Analyze src/a = b")).isEqualTo(
                new AgentStep("analyzer", "Analyze src/a = b"));
        assertThatThrownBy(() -> AgentStep.parse("analyzer")).hasMessageContaining("is not AGENT=TASK");
        assertThatThrownBy(() -> AgentStep.parse("=task")).hasMessageContaining("is not AGENT=TASK");
        assertThatThrownBy(() -> AgentStep.parse("analyzer=  ")).hasMessageContaining("is not AGENT=TASK");
    }
}
