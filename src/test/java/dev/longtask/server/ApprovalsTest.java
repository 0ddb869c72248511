package dev.longtask.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.longtask.model.ApprovalAnswer;
import dev.longtask.model.ApprovalQuestion;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** How the server's approver hands answers over: the pool's at once, a person's to the waiting agent or kept for it. */
class ApprovalsTest {
    private static final ApprovalQuestion Q1 = question(1);

    private static ApprovalQuestion question(int id) {
        return new ApprovalQuestion(id, 1, "general", "write", JsonNodeFactory.instance.objectNode(), "key" + id,
                "new file out/a.md", "Write(out/a.md)", "the approval mode is ask");
    }

    @Test
    void aPoolRunsQuestionIsAllowedOnceByThePoolAndAnUnknownRunsByNobody() throws Exception {
        Approvals approvals = new Approvals();
        approvals.opened("pool-run", false);

        assertThat(approvals.ask("pool-run", Q1)).contains(ApprovalAnswer.allowOnce(1, "the pool"));
        assertThat(approvals.ask("not-started-here", Q1)).isEmpty();
    }

    @Test
    void theForegroundRunsAgentWaitsUntilAPersonAnswers() throws Exception {
        Approvals approvals = new Approvals();
        approvals.opened("fg", true);
        AtomicReference<Thread> agent = new AtomicReference<>();
        CompletableFuture<Optional<ApprovalAnswer>> asked = CompletableFuture.supplyAsync(() -> {
            agent.set(Thread.currentThread());
            try {
                return approvals.ask("fg", Q1);
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        awaitWaiting(agent);
        assertThat(asked).isNotDone();

        ApprovalAnswer answer = ApprovalAnswer.deny(1, "not there", "alice");
        assertThat(approvals.give("fg", answer)).isEqualTo(Approvals.Given.TO_THE_AGENT);

        assertThat(asked.get(10, TimeUnit.SECONDS)).contains(answer);
        assertThat(approvals.closed("fg")).as("taken, so nothing left to record").isEmpty();
    }

    @Test
    void anAnswerGivenBeforeTheAgentAsksIsKeptForItAndGivenOnce() throws Exception {
        Approvals approvals = new Approvals();
        approvals.opened("fg", true);
        ApprovalAnswer answer = ApprovalAnswer.allowAlways(1, "bob");

        assertThat(approvals.give("fg", answer)).isEqualTo(Approvals.Given.KEPT_FOR_THE_AGENT);
        assertThatThrownBy(() -> approvals.give("fg", ApprovalAnswer.allowOnce(1, "carol")))
                .isInstanceOf(ApiError.class).hasMessageContaining("answered already by bob");

        assertThat(approvals.ask("fg", Q1)).contains(answer);
    }

    @Test
    void anInterruptEndsTheWaitAndAnAnswerNoAgentTookIsLeftToRecordWhenTheSessionEnds() throws Exception {
        Approvals approvals = new Approvals();
        approvals.opened("fg", true);
        AtomicReference<Thread> agent = new AtomicReference<>();
        CompletableFuture<Optional<ApprovalAnswer>> asked = CompletableFuture.supplyAsync(() -> {
            agent.set(Thread.currentThread());
            try {
                return approvals.ask("fg", Q1);
            } catch (InterruptedException e) {
                throw new IllegalStateException("interrupted", e);
            }
        });
        awaitWaiting(agent);

        agent.get().interrupt();

        assertThatThrownBy(() -> asked.get(10, TimeUnit.SECONDS)).isInstanceOf(ExecutionException.class)
                .hasMessageContaining("interrupted");
        ApprovalAnswer late = ApprovalAnswer.allowOnce(1, "dave");
        assertThat(approvals.give("fg", late)).as("nobody waits any more").isEqualTo(Approvals.Given.KEPT_FOR_THE_AGENT);
        assertThat(approvals.closed("fg")).containsExactly(late);
        assertThat(approvals.ask("fg", Q1)).as("the session is over").isEmpty();
    }

    /** Waits until the agent's thread is parked in the wait for an answer. */
    private static void awaitWaiting(AtomicReference<Thread> agent) {
        ServerFixture.await("the agent to wait for an answer", Duration.ofSeconds(10), () -> agent.get() != null
                && agent.get().getState() == Thread.State.WAITING);
    }
}
