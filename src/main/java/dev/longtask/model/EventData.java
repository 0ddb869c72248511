package dev.longtask.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Map;

/**
 * The payloads of the events that the engine, the agents and the runtime append, each built here and nowhere
 * else, so one kind of event has one shape on disk. Field names are those of {@code events.jsonl}; the task
 * events and {@code run.created}/{@code run.status} are built by the store's own methods.
 */
public sealed interface EventData {

    /** The event type this payload belongs to, see {@link EventType}. */
    String type();

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

    /** What the director decided. */
    record DirectorDecided(String action, String reason, int round, List<Integer> cancelled, List<Integer> retried,
                           int added) implements EventData {
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

    /** A task's earlier changes were undone ({@code why}: retry, cancel, rollback); {@code kept} says what was not. */
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
