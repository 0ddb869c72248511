package dev.longtask.model;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.annotation.JsonValue;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Map;

/**
 * The payloads of the events of {@code events.jsonl}, each built here and nowhere else, so one kind of event has one
 * shape on disk. Field names are those of the log. The engine, the agents and the runtime append the records; the
 * run's own events and the task graph's ({@code run.created}, {@code run.status}, {@code task.*},
 * {@code report.written}) are built by the store's own methods, which decide them against the run's state. The
 * approval events and {@code permissions.set} hold the model's {@link ApprovalQuestion}, {@link ApprovalAnswer} and
 * {@link PermissionSettings}; {@link #PAYLOADS} names every type's payload.
 */
public sealed interface EventData {

    /** The payload type of each event type: every event of the log reads into one and writes back the same. */
    Map<String, Class<?>> PAYLOADS = Map.ofEntries(
            Map.entry(EventType.RUN_CREATED, RunCreated.class),
            Map.entry(EventType.RUN_STATUS, RunStatusChanged.class),
            Map.entry(EventType.RUN_BUDGET, BudgetChanged.class),
            Map.entry(EventType.RUN_SETTINGS, SettingsChanged.class),
            Map.entry(EventType.RUN_REPAIRED, RunRepaired.class),
            Map.entry(EventType.RUN_FINISHER, FinisherChosen.class),
            Map.entry(EventType.SESSION_STARTED, SessionStarted.class),
            Map.entry(EventType.ROUND_STARTED, RoundStarted.class),
            Map.entry(EventType.PROGRESS_NOTE, ProgressNote.class),
            Map.entry(EventType.FINDING_ADDED, FindingAdded.class),
            Map.entry(EventType.DECISION_RECORDED, DecisionRecorded.class),
            Map.entry(EventType.ERROR_RECORDED, ErrorRecorded.class),
            Map.entry(EventType.TASK_CREATED, TaskCreated.class),
            Map.entry(EventType.TASK_UPDATED, TaskUpdated.class),
            Map.entry(EventType.TASK_DEPENDENCY_ADDED, DependencyAdded.class),
            Map.entry(EventType.TASK_CLAIMED, TaskClaimed.class),
            Map.entry(EventType.TASK_COMPLETED, TaskCompleted.class),
            Map.entry(EventType.TASK_FAILED, TaskFailed.class),
            Map.entry(EventType.TASK_CANCELLED, TaskCancelled.class),
            Map.entry(EventType.TASK_REQUEUED, TaskRequeued.class),
            Map.entry(EventType.PLAN_ACCEPTED, PlanAccepted.class),
            Map.entry(EventType.DIRECTOR_DECIDED, DirectorDecided.class),
            Map.entry(EventType.REPORT_WRITTEN, ReportWritten.class),
            Map.entry(EventType.LLM_CALL, LlmCall.class),
            Map.entry(EventType.LLM_RETRY, LlmRetry.class),
            Map.entry(EventType.APPROVAL_REQUESTED, ApprovalQuestion.class),
            Map.entry(EventType.APPROVAL_ANSWERED, ApprovalAnswer.class),
            Map.entry(EventType.CHECKPOINTS_OFF, CheckpointsOff.class),
            Map.entry(EventType.TASK_CHANGES, TaskChanges.class),
            Map.entry(EventType.TASK_UNDONE, TaskUndone.class),
            Map.entry(EventType.RUN_ROLLED_BACK, RunRolledBack.class),
            Map.entry(EventType.PERMISSIONS_SET, PermissionSettings.class));

    /** The event type this payload belongs to, see {@link EventType}. */
    String type();

    /**
     * The run was made: its goal, the workspace, the model when one is chosen, the budgets, and the settings when
     * they are recorded (runs made before they were have none).
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonPropertyOrder({"run_id", "goal", "workspace", "model", "budget", "settings"})
    record RunCreated(@JsonProperty("run_id") String runId, String goal, String workspace, String model,
                      Budget budget, RunSettings settings) implements EventData {
        @Override
        public String type() {
            return EventType.RUN_CREATED;
        }
    }

    /** The run's status changed, and why ("" for no reason). */
    record RunStatusChanged(RunStatus status, String reason) implements EventData {
        @Override
        public String type() {
            return EventType.RUN_STATUS;
        }
    }

    /** A task was created with the next id, from a draft (the planner's, the director's, or one added by hand). */
    @JsonPropertyOrder({"id", "subject", "instruction", "agent", "blockedBy", "inputs", "outputs", "success_criteria"})
    record TaskCreated(int id, String subject, String instruction, String agent,
                       @JsonProperty("blockedBy") List<Integer> blockedBy, Map<String, String> inputs,
                       Map<String, String> outputs, @JsonProperty("success_criteria") List<String> successCriteria)
            implements EventData {
        @Override
        public String type() {
            return EventType.TASK_CREATED;
        }
    }

    /**
     * Fields of a task changed (subject, instruction, agent, inputs, outputs, success_criteria, owner): exactly those
     * given, in the order given, as the log has always held them.
     */
    record TaskUpdated(ObjectNode fields) implements EventData {
        @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
        public TaskUpdated(ObjectNode fields) {
            this.fields = fields;
        }

        @Override
        @JsonValue
        public ObjectNode fields() {
            return fields;
        }

        @Override
        public String type() {
            return EventType.TASK_UPDATED;
        }
    }

    /** The task waits for {@code blockedBy} to finish; both sides of the edge change. */
    record DependencyAdded(@JsonProperty("blocked_by") int blockedBy) implements EventData {
        @Override
        public String type() {
            return EventType.TASK_DEPENDENCY_ADDED;
        }
    }

    /** The task was claimed by {@code owner}: pending to in progress, one more attempt. */
    record TaskClaimed(String owner) implements EventData {
        @Override
        public String type() {
            return EventType.TASK_CLAIMED;
        }
    }

    /** The task completed; {@code result} is its result.json when the file store keeps it in the log too. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record TaskCompleted(String summary, JsonNode result) implements EventData {
        @Override
        public String type() {
            return EventType.TASK_COMPLETED;
        }
    }

    /** The task failed; {@code result} as for {@link TaskCompleted}. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record TaskFailed(String error, JsonNode result) implements EventData {
        @Override
        public String type() {
            return EventType.TASK_FAILED;
        }
    }

    /** The task was cancelled; {@code cause} is "blocked" when a task it waits for failed, else absent. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record TaskCancelled(String reason, String cause) implements EventData {
        @Override
        public String type() {
            return EventType.TASK_CANCELLED;
        }
    }

    /** The task goes back to pending (after a crash, on retry), and why. */
    record TaskRequeued(String reason) implements EventData {
        @Override
        public String type() {
            return EventType.TASK_REQUEUED;
        }
    }

    /** report.md and final_result.json were written: their names, the report's title, whether it was synthesized. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonPropertyOrder({"report", "final_result", "title", "synthesized"})
    record ReportWritten(String report, @JsonProperty("final_result") String finalResult, String title,
                         Boolean synthesized) implements EventData {
        @Override
        public String type() {
            return EventType.REPORT_WRITTEN;
        }
    }

    /** A model call returned: adds {@code usage} to the task's and the run's totals. */
    record LlmCall(String model, String agent, String purpose, int step,
                   @JsonProperty("duration_ms") long durationMs, Usage usage) implements EventData {
        @Override
        public String type() {
            return EventType.LLM_CALL;
        }
    }

    /** One attempt of a model call failed; {@code waitMs} is null when no retry follows. */
    record LlmRetry(String model, int attempt, int status, String error, @JsonProperty("duration_ms") long durationMs,
                    @JsonProperty("wait_ms") Long waitMs) implements EventData {
        @Override
        public String type() {
            return EventType.LLM_RETRY;
        }
    }

    /** A fact an agent recorded, from its {@code note} tool or its submitted findings. */
    record FindingAdded(String text, String agent, String source) implements EventData {
        @Override
        public String type() {
            return EventType.FINDING_ADDED;
        }
    }

    /** A line under the current round of progress.md. */
    record ProgressNote(String text) implements EventData {
        @Override
        public String type() {
            return EventType.PROGRESS_NOTE;
        }
    }

    /** A decision, under "Decisions" in task_plan.md. */
    record DecisionRecorded(String text) implements EventData {
        @Override
        public String type() {
            return EventType.DECISION_RECORDED;
        }
    }

    /** An error worth keeping, under "Errors" in task_plan.md. */
    record ErrorRecorded(String text) implements EventData {
        @Override
        public String type() {
            return EventType.ERROR_RECORDED;
        }
    }

    /** A process took the run up. */
    record SessionStarted(int session, long pid, String model, int concurrency) implements EventData {
        @Override
        public String type() {
            return EventType.SESSION_STARTED;
        }
    }

    /** A round of work began: the plan's first, or one per consultation of the director. */
    record RoundStarted(int round, String objective) implements EventData {
        @Override
        public String type() {
            return EventType.ROUND_STARTED;
        }
    }

    /**
     * What the director decided. {@code replaced}: failed or pending tasks whose work its added tasks redo (cancelled);
     * of the cancelled and replaced tasks, those whose changes to the workspace are undone before the added tasks
     * run and those whose changes it keeps (empty lists are left out, as before these existed).
     */
    record DirectorDecided(String action, String reason, int round, List<Integer> cancelled, List<Integer> retried,
                           int added,
                           @JsonInclude(JsonInclude.Include.NON_EMPTY) List<Integer> replaced,
                           @JsonInclude(JsonInclude.Include.NON_EMPTY) @JsonProperty("changes_undone")
                           List<Integer> changesUndone,
                           @JsonInclude(JsonInclude.Include.NON_EMPTY) @JsonProperty("changes_kept")
                           List<Integer> changesKept) implements EventData {
        @Override
        public String type() {
            return EventType.DIRECTOR_DECIDED;
        }
    }

    /** A plan (the planner's, a director's additions, or one given) whose tasks are created next. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record PlanAccepted(@JsonProperty("first_id") int firstId, String source, int round, JsonNode tasks,
                        JsonNode estimate) implements EventData {
        @Override
        public String type() {
            return EventType.PLAN_ACCEPTED;
        }
    }

    /** The budgets given replace the run's. */
    record BudgetChanged(Budget budget) implements EventData {
        @Override
        public String type() {
            return EventType.RUN_BUDGET;
        }
    }

    /**
     * A resume changed settings the run had recorded: {@code model} (null when unchanged) and the fields set in
     * {@code settings} replace the run's; {@code changes} says "old -> new" per field, for people.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record SettingsChanged(String model, RunSettings settings, Map<String, String> changes, String by)
            implements EventData {
        @Override
        public String type() {
            return EventType.RUN_SETTINGS;
        }
    }

    /** Opening the run found damage and repaired it; {@code repairs} says what, one line each. */
    record RunRepaired(List<String> repairs) implements EventData {
        @Override
        public String type() {
            return EventType.RUN_REPAIRED;
        }
    }

    /** Checkpoints cannot work in this workspace: the run goes on without them. */
    record CheckpointsOff(String reason) implements EventData {
        @Override
        public String type() {
            return EventType.CHECKPOINTS_OFF;
        }
    }

    /** A file an attempt changed, and how: added, modified or deleted. */
    record FileChange(String path, String change) {
    }

    /** What an attempt of a task changed in the workspace, as it ended. */
    record TaskChanges(int attempt, List<FileChange> files) implements EventData {
        @Override
        public String type() {
            return EventType.TASK_CHANGES;
        }
    }

    /**
     * A task's earlier changes were undone ({@code why}: retry, cancel, replaced, rollback); {@code kept} says what
     * was not.
     */
    record TaskUndone(String why, List<String> restored, List<String> kept) implements EventData {
        @Override
        public String type() {
            return EventType.TASK_UNDONE;
        }
    }

    /** A person rolled back changes of the run: {@code scope} in words, the tasks undone, the stash of their files. */
    record RunRolledBack(String scope, List<Integer> tasks, List<String> restored, String stash, String by)
            implements EventData {
        @Override
        public String type() {
            return EventType.RUN_ROLLED_BACK;
        }
    }

    /** The run ends with the post-run step {@code name} (e.g. a review's checked report), in whichever session. */
    record FinisherChosen(String name) implements EventData {
        @Override
        public String type() {
            return EventType.RUN_FINISHER;
        }
    }
}
