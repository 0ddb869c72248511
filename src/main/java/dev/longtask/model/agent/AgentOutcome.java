package dev.longtask.model.agent;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.longtask.model.llm.LlmException;
import dev.longtask.model.Usage;
import java.util.List;

/**
 * How an agent's loop ended.
 *
 * @param ending        why the loop stopped
 * @param success       the work succeeded: the terminal call was accepted and (for submit_result) said success
 * @param reason        why it failed, in one line for the task file; empty on success
 * @param submitted     the accepted terminal call's arguments; null unless {@code ending} is SUBMITTED
 * @param output        the whole final output as text (the rendered terminal arguments); empty if none
 * @param notes         what the agent recorded with {@code note} during the task, in order
 * @param usage         the sum of every model call of the loop, compaction included
 * @param steps         model calls made for the task (compaction calls not counted)
 * @param providerError the provider's error when {@code ending} is PROVIDER_ERROR, for the engine to handle
 */
public record AgentOutcome(
        String agent,
        Ending ending,
        boolean success,
        String reason,
        ObjectNode submitted,
        String output,
        List<String> notes,
        Usage usage,
        int steps,
        LlmException providerError) {

    public enum Ending {
        /** The terminal tool was called and its arguments accepted. */
        SUBMITTED,
        /** max_steps model calls were made without an accepted terminal call. */
        MAX_STEPS,
        /** The same call kept giving the same result with no progress in between. */
        STUCK,
        /** The terminal tool was refused too many times. */
        REJECTED,
        /** The conversation could not be compacted below the model's window. */
        CONTEXT_OVERFLOW,
        /** The model provider failed (after the client's retries). */
        PROVIDER_ERROR,
        /** The task ran past its hard time limit ({@code task_timeout}) and was stopped; it failed. */
        TIMED_OUT,
        /**
         * The task completed in its own tree ({@code --isolation worktree}) but its changes do not merge into the
         * workspace, or its tree could not be made or merged: it failed, and nothing of it was merged.
         */
        MERGE_CONFLICT,
        /** The thread was interrupted; the interrupt flag is left set. */
        INTERRUPTED
    }

    public AgentOutcome {
        reason = reason == null ? "" : reason;
        output = output == null ? "" : output;
        notes = List.copyOf(notes == null ? List.of() : notes);
        usage = usage == null ? Usage.ZERO : usage;
    }
}
