package dev.longtask.agent;

import static org.assertj.core.api.Assertions.assertThat;

import dev.longtask.model.agent.AgentOutcome;
import dev.longtask.model.llm.ChatMessage;
import dev.longtask.model.llm.LlmException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class InterruptTest {
    @TempDir
    Path dir;

    @Test
    void anInterruptDuringAModelCallEndsTheLoopPromptlyAndKeepsTheFlag() throws Exception {
        LoopFixture f = new LoopFixture(dir);
        CountDownLatch inCall = new CountDownLatch(1);
        CountDownLatch never = new CountDownLatch(1);
        f.model.call("ls", "{}").then(request -> {
            inCall.countDown();
            try {
                never.await();
            } catch (InterruptedException e) {
                // What a real client does: the call fails, naming the interrupt, with the flag set again.
                Thread.currentThread().interrupt();
                throw new LlmException("interrupted while waiting for the model", 0, false, e);
            }
            throw new AssertionError("the latch is never released");
        });
        AtomicBoolean flagAfter = new AtomicBoolean();
        AtomicReference<Thread> worker = new AtomicReference<>();
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try {
            Future<AgentOutcome> running = pool.submit(() -> {
                worker.set(Thread.currentThread());
                AgentOutcome outcome = f.run(LoopFixture.agent(10, "ls"), "Wait");
                flagAfter.set(Thread.interrupted());
                return outcome;
            });
            assertThat(inCall.await(60, TimeUnit.SECONDS)).isTrue();
            worker.get().interrupt();

            AgentOutcome outcome = running.get(60, TimeUnit.SECONDS);

            assertThat(outcome.ending()).isEqualTo(AgentOutcome.Ending.INTERRUPTED);
            assertThat(outcome.success()).isFalse();
            assertThat(flagAfter).isTrue();
            assertThat(f.transcript.kinds()).last().isEqualTo("outcome");
            assertThat(f.transcript.interruptedWrites()).isZero();
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void anInterruptDuringAToolStopsBeforeTheNextModelCall() throws Exception {
        LoopFixture f = new LoopFixture(dir);
        f.tools.add(FileTools.fixed("slow", () -> {
            Thread.currentThread().interrupt();
            return "partial";
        }));
        f.model.calls(f.model.toolCall("slow", "{}"), f.model.toolCall("ls", "{}")).submit(true, "never");

        AgentOutcome outcome = f.run(LoopFixture.agent(10, "slow", "ls"), "Work");

        assertThat(Thread.interrupted()).isTrue();
        assertThat(outcome.ending()).isEqualTo(AgentOutcome.Ending.INTERRUPTED);
        assertThat(f.model.requests()).hasSize(1);
        List<String> tools = f.transcript.entries().stream().filter(e -> e.path("kind").asText().equals("tool_result"))
                .map(e -> e.path("tool").asText()).toList();
        assertThat(tools).containsExactly("slow");
        assertThat(f.transcript.interruptedWrites()).isZero();
    }

    @Test
    void anAnsweredCallIsNotMistakenForAnInterrupt() {
        LoopFixture f = new LoopFixture(dir);
        f.model.then(r -> new ChatMessage.Assistant("", List.of(f.model.toolCall("submit_result",
                "{\"success\":true,\"summary\":\"ok\"}"))));

        AgentOutcome outcome = f.run(LoopFixture.agent(3), "Go");

        assertThat(outcome.ending()).isEqualTo(AgentOutcome.Ending.SUBMITTED);
        assertThat(Thread.currentThread().isInterrupted()).isFalse();
    }
}
