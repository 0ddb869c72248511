package dev.longtask.model;

/**
 * The vocabulary of {@code events.jsonl}. Event types are strings on disk so that a newer writer can add kinds
 * an older reader skips; the ones below change the run's state, the rest are a record only.
 */
public final class EventType {
    private EventType() {
    }

    /** data: goal, workspace, model, budget. */
    public static final String RUN_CREATED = "run.created";
    /** data: status, reason. */
    public static final String RUN_STATUS = "run.status";
    /** data: budget (the fields given replace the old ones). */
    public static final String RUN_BUDGET = "run.budget";
    /** data: model, settings, changes, by. A resume changed settings the run had recorded. */
    public static final String RUN_SETTINGS = "run.settings";
    /** data: repairs. Opening the run repaired what a crash or damage left; a record only. */
    public static final String RUN_REPAIRED = "run.repaired";
    /** data: name. The run ends with this post-run step; recorded when the run is created. */
    public static final String RUN_FINISHER = "run.finisher";
    /** data: session (number), pid, model, concurrency. A new process took the run up; progress.md gets "## Session". */
    public static final String SESSION_STARTED = "session.started";
    /** data: round, objective. progress.md gets "### Round n". */
    public static final String ROUND_STARTED = "round.started";
    /** data: text. A line under the current round of progress.md. */
    public static final String PROGRESS_NOTE = "progress.note";
    /** data: text. Appended to findings.md under the task's heading. */
    public static final String FINDING_ADDED = "finding.added";
    /** data: text. Recorded under "Decisions" in task_plan.md. */
    public static final String DECISION_RECORDED = "decision.recorded";
    /** data: text. Recorded under "Errors" in task_plan.md. */
    public static final String ERROR_RECORDED = "error.recorded";

    /** data: the whole task as created (id, subject, instruction, agent, blockedBy, inputs, outputs, ...). */
    public static final String TASK_CREATED = "task.created";
    /** data: the fields changed (subject, instruction, agent, inputs, outputs, success_criteria, owner). */
    public static final String TASK_UPDATED = "task.updated";
    /** data: blocked_by (the task that must finish first). Both sides of the edge change. */
    public static final String TASK_DEPENDENCY_ADDED = "task.dependency_added";
    /** data: owner. pending -> in_progress, attempts + 1. */
    public static final String TASK_CLAIMED = "task.claimed";
    /**
     * data: summary[, result: the task's result.json, in the file store]. -> completed; the id leaves the blockedBy of
     * its dependents.
     */
    public static final String TASK_COMPLETED = "task.completed";
    /** data: error[, result: the task's result.json, in the file store]. -> failed. */
    public static final String TASK_FAILED = "task.failed";
    /** data: reason, and cause "blocked" when the engine cancelled it because a task it waits for failed. */
    public static final String TASK_CANCELLED = "task.cancelled";
    /** data: reason. in_progress (or failed, on retry) -> pending, e.g. after a crash. */
    public static final String TASK_REQUEUED = "task.requeued";

    /**
     * data: first_id, source (planner or director), round, tasks (as submit_plan gives them), estimate. The
     * tasks are then created in order with ids first_id, first_id + 1, ...; a resume creates any that are missing.
     */
    public static final String PLAN_ACCEPTED = "plan.accepted";
    /**
     * data: action, reason, round, added, cancelled, retried, and when not empty replaced, changes_undone,
     * changes_kept. What the director decided, and whose changes its cancels and replacements undo or keep.
     */
    public static final String DIRECTOR_DECIDED = "director.decided";
    /** data: report, final_result, title, synthesized. report.md and final_result.json were written. */
    public static final String REPORT_WRITTEN = "report.written";

    /** data: model, usage, duration_ms. Adds to the task's and the run's usage. */
    public static final String LLM_CALL = "llm.call";
    /** data: model, attempt, status, error, duration_ms, wait_ms. A record of one failed attempt; no state change. */
    public static final String LLM_RETRY = "llm.retry";

    /**
     * data: an {@link ApprovalQuestion}. A tool call waits for a person; its id is the next one of the run. Recorded
     * before anyone is asked, so a crash or a pause keeps the question open.
     */
    public static final String APPROVAL_REQUESTED = "approval.requested";
    /** data: an {@link ApprovalAnswer}. Answers an open question; recorded before the call runs or is refused. */
    public static final String APPROVAL_ANSWERED = "approval.answered";
    /** data: reason. Checkpoints (the record of each task's changes) cannot work in this workspace; said once a session. */
    public static final String CHECKPOINTS_OFF = "checkpoints.off";
    /** data: attempt, files [{path, change: added|modified|deleted}]. What an attempt of the task changed; a record. */
    public static final String TASK_CHANGES = "task.changes";
    /**
     * data: why (retry, cancel, replaced, rollback), restored [path], kept [path (why)]. The task's earlier changes were undone,
     * but for the files another task changed since; a record.
     */
    public static final String TASK_UNDONE = "task.undone";
    /** data: scope (task N, after N, run), tasks, restored, stash, by. A rollback of the run's changes; a record. */
    public static final String RUN_ROLLED_BACK = "run.rolled_back";

    /** data: a {@link PermissionSettings}. The approval mode, the shell's confinement and the rules of a session. */
    public static final String PERMISSIONS_SET = "permissions.set";
}
