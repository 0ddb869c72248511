package dev.longtask.server;

import dev.longtask.model.Approval;
import dev.longtask.model.ApprovalAnswer;
import dev.longtask.model.Budget;
import dev.longtask.model.Event;
import dev.longtask.model.RunStatus;
import java.nio.file.Path;
import java.util.function.Consumer;

/**
 * The one seam between the server and the runtime: create a run without starting it, start a session of it, and
 * change the status of a run no session holds. Everything else the server reads from the run directory, without
 * the writer lock.
 */
public interface RunBackend {

    /**
     * Checks the request against the workspace's settings (its model can be built) and creates the run on disk
     * with status {@code queued}; nothing starts. Durable when this returns.
     *
     * @throws IllegalArgumentException saying what is wrong with the request (bad model, bad settings)
     */
    void create(String runId, Submission request);

    /**
     * Starts a session of an existing run in the background and returns at once. Every event after
     * {@code afterSeq} is given to {@code events} in log order, once each: those already written, then each new one
     * once it is durable, on the appending thread (the listener must not block).
     *
     * @param budgetChange budgets whose set fields replace the run's (a resume that raised them), recorded before
     *                     this returns; null to keep the run's
     */
    LiveRun launch(String runId, Submission request, Budget budgetChange, long afterSeq, Consumer<Event> events);

    /**
     * Sets the status of a run no session holds (queued, paused by a person, cancelled); a cancelled run's pending
     * tasks are cancelled with it.
     */
    void setStatus(Path workspace, String runId, RunStatus status, String reason);

    /**
     * Records the answer to a question of a run no session holds ({@code approval.answered}), as
     * {@code longtask approve} does; a question answered already is left as it is.
     *
     * @return the question as the log now has it: answered by {@code answer}, or by whoever answered it first
     * @throws IllegalArgumentException when the run has no such question
     */
    Approval answerApproval(Path workspace, String runId, ApprovalAnswer answer);

    /**
     * Puts a failed or cancelled task of a run no session holds back to pending, with every task depending on it
     * that failed or was cancelled ({@link TaskRetry}); the run's next session runs them.
     *
     * @return the ids requeued, {@code taskId} first
     * @throws ApiError (409) when the task is running, pending or completed, or the run is live in another process
     */
    java.util.List<Integer> retryTask(Path workspace, String runId, int taskId, String by);
}
