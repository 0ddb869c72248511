package dev.longtask.model.agent;

import dev.longtask.model.ApprovalAnswer;
import dev.longtask.model.ApprovalQuestion;
import java.util.Optional;

/**
 * Who answers a tool call that waits for approval: a person at the terminal, a dashboard, nobody. The gate records
 * the question in the run's log before it asks and the answer after, so an implementation only has to obtain the
 * decision. It is called on the thread of the agent that made the call, possibly from several agents (and several
 * runs) at once, and may block until the answer comes; an interrupt (a pause, Ctrl-C) must end the wait with
 * {@link InterruptedException}.
 */
@FunctionalInterface
public interface Approver {

    /** Nobody can answer now: the question stays open in the log. */
    Approver NOBODY = (runId, question) -> Optional.empty();

    /**
     * @param runId the run the call belongs to ("" outside a run)
     * @return the answer (its id is taken from the question), or empty when nobody can answer now: the engine then
     *         pauses the run with the question open, to be answered with {@code longtask approve}
     */
    Optional<ApprovalAnswer> ask(String runId, ApprovalQuestion question) throws InterruptedException;
}
