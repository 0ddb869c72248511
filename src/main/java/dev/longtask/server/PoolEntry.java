package dev.longtask.server;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.longtask.api.RunRequest;
import dev.longtask.model.ApprovalMode;
import dev.longtask.model.Budget;
import dev.longtask.model.Isolation;
import java.nio.file.Path;
import java.time.Instant;

/**
 * The server's durable record of a run it carries: how to run it and where it stands in the pool. Written before
 * the run is created, so a restarted server finds every run it answered for.
 *
 * @param order        FIFO order among equal priorities (a counter of the server's, never reused)
 * @param budget       the budgets the run was submitted with (recorded with the run when it was created)
 * @param isolation    {@code worktree} when each task works in a tree of its own; null for a shared workspace
 * @param retries      automatic retries used after the run failed
 * @param budgetChange budgets a resume asked for that the run has not recorded yet: the next session records them
 *                     as it opens the run, then they are cleared; null when there are none
 * @param notBefore    a run queued again after it failed waits until then (the backoff between automatic retries);
 *                     null when it may start as soon as a slot is free
 */
@JsonPropertyOrder({"run_id", "workspace", "goal", "state", "priority", "order", "foreground", "model", "budget",
        "concurrency", "approval", "isolation", "retries", "submitted", "note", "budget_change",
        "not_before"})
record PoolEntry(
        @JsonProperty("run_id") String runId,
        Path workspace,
        String goal,
        State state,
        int priority,
        long order,
        boolean foreground,
        String model,
        Budget budget,
        Integer concurrency,
        String approval,
        String isolation,
        int retries,
        Instant submitted,
        String note,
        @JsonProperty("budget_change") Budget budgetChange,
        @JsonProperty("not_before") Instant notBefore) {

    /** Where the run stands for the pool (its own status is in run.json). */
    enum State {
        /** Waiting for a slot. */
        @JsonProperty("queued") QUEUED,
        /** A session runs it; after a crash or a stop of the server, it is resumed on start. */
        @JsonProperty("running") RUNNING,
        /** Stopped by a person (or a budget): waits until someone resumes it. */
        @JsonProperty("held") HELD,
        /** Completed, cancelled, or failed with no retry left. */
        @JsonProperty("done") DONE
    }

    /** The submission as the pool book keeps it (a review was planned when its run was created). */
    Submission request() {
        return new Submission(RunRequest.builder(goal).workspace(workspace).model(model).budget(budget)
                .concurrency(concurrency).approval(approval == null ? null : ApprovalMode.fromWire(approval))
                .isolation(isolation == null ? null : Isolation.fromWire(isolation)).build(),
                priority, foreground);
    }

    PoolEntry with(State newState, String newNote) {
        return new PoolEntry(runId, workspace, goal, newState, priority, order, foreground, model, budget, concurrency,
                approval, isolation, retries, submitted, newNote, budgetChange, notBefore);
    }

    /** Back in the queue, to start as soon as a slot is free. */
    PoolEntry requeued(long newOrder, int newRetries, String newNote) {
        return requeued(newOrder, newRetries, newNote, null);
    }

    /** Back in the queue, to start once a slot is free and {@code after} has come (null: at once). */
    PoolEntry requeued(long newOrder, int newRetries, String newNote, Instant after) {
        return new PoolEntry(runId, workspace, goal, State.QUEUED, priority, newOrder, foreground, model, budget,
                concurrency, approval, isolation, newRetries, submitted, newNote, budgetChange, after);
    }

    PoolEntry withPriority(int newPriority) {
        return new PoolEntry(runId, workspace, goal, state, newPriority, order, foreground, model, budget, concurrency,
                approval, isolation, retries, submitted, note, budgetChange, notBefore);
    }

    /** With {@code change} to be recorded by the next session; null clears what was waiting. */
    PoolEntry withBudgetChange(Budget change) {
        return new PoolEntry(runId, workspace, goal, state, priority, order, foreground, model, budget, concurrency,
                approval, isolation, retries, submitted, note, change, notBefore);
    }
}
