package dev.longtask.store;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.longtask.model.ApprovalAnswer;
import dev.longtask.model.ApprovalQuestion;
import dev.longtask.model.Budget;
import dev.longtask.model.EventData;
import dev.longtask.model.EventType;
import dev.longtask.model.RunSettings;
import dev.longtask.model.RunStatus;
import dev.longtask.model.TaskDraft;
import dev.longtask.model.TaskStatus;
import dev.longtask.store.CommitPipeline.Draft;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

/**
 * The events the {@link RunStore} methods append, decided against the state they apply to: one definition for every
 * store, so the file store and the PostgreSQL store write the same log for the same calls. Each method returns the
 * decision a store's commit applies (null from a decision means nothing to do).
 */
final class Changes {
    private static final Set<String> METHOD_ONLY_TYPES = Set.of(EventType.RUN_CREATED, EventType.RUN_STATUS,
            EventType.TASK_CREATED, EventType.TASK_UPDATED, EventType.TASK_DEPENDENCY_ADDED, EventType.TASK_CLAIMED,
            EventType.TASK_COMPLETED, EventType.TASK_FAILED, EventType.TASK_CANCELLED, EventType.TASK_REQUEUED,
            EventType.APPROVAL_REQUESTED, EventType.APPROVAL_ANSWERED);

    /** The cause of a {@code task.cancelled} that {@link RunStore#cancelAsBlocked} records. */
    static final String BLOCKED_CAUSE = "blocked";

    private final ObjectMapper json;

    Changes(ObjectMapper json) {
        this.json = json;
    }

    ObjectNode runCreated(String id, String goal, String workspace, String model, Budget budget, RunSettings settings) {
        ObjectNode data = json.createObjectNode().put("run_id", id).put("goal", goal).put("workspace", workspace);
        if (model != null && !model.isBlank()) {
            data.put("model", model);
        }
        data.set("budget", json.valueToTree(budget == null ? Budget.UNLIMITED : budget));
        if (settings != null) {
            data.set("settings", json.valueToTree(settings));
        }
        return data;
    }

    Function<RunState, Draft> createTask(TaskDraft draft) {
        return state -> {
            int id = state.nextTaskId();
            ObjectNode data = json.createObjectNode()
                    .put("id", id)
                    .put("subject", draft.subject())
                    .put("instruction", draft.instruction())
                    .put("agent", draft.agent());
            ArrayNode blockers = data.putArray("blockedBy");
            draft.blockedBy().forEach(blockers::add);
            data.set("inputs", json.valueToTree(draft.inputs()));
            data.set("outputs", json.valueToTree(draft.outputs()));
            ArrayNode criteria = data.putArray("success_criteria");
            draft.successCriteria().forEach(criteria::add);
            return new Draft(EventType.TASK_CREATED, id, data);
        };
    }

    Function<RunState, Draft> updateTask(int id, ObjectNode fields) {
        ObjectNode copy = fields.deepCopy();
        return state -> new Draft(EventType.TASK_UPDATED, id, copy);
    }

    Function<RunState, Draft> addDependency(int taskId, int blockedById) {
        return state -> {
            state.task(taskId);
            if (state.task(blockedById).blocks().contains(taskId)) {
                return null;
            }
            return new Draft(EventType.TASK_DEPENDENCY_ADDED, taskId,
                    json.createObjectNode().put("blocked_by", blockedById));
        };
    }

    /** Null (nothing to do) when the task is not ready: someone else has it, or it waits. */
    Function<RunState, Draft> claim(int id, String owner) {
        return state -> state.task(id).isReady() ? new Draft(EventType.TASK_CLAIMED, id, data("owner", owner)) : null;
    }

    Function<RunState, Draft> complete(int id, String summary) {
        return state -> new Draft(EventType.TASK_COMPLETED, id, data("summary", summary));
    }

    Function<RunState, Draft> fail(int id, String error) {
        return state -> new Draft(EventType.TASK_FAILED, id, data("error", error));
    }

    /** A task's records, then its completion or failure: the steps of {@link RunStore#finish}. */
    List<Function<RunState, Draft>> finish(int id, boolean success, String text, List<EventData> records) {
        return finish(id, success, text, records, null);
    }

    /** {@link #finish(int, boolean, String, List)} whose ending carries the task's result.json ({@link ResultFiles}). */
    List<Function<RunState, Draft>> finish(int id, boolean success, String text, List<EventData> records,
                                           JsonNode result) {
        List<Function<RunState, Draft>> steps = new ArrayList<>();
        for (EventData record : records) {
            if (METHOD_ONLY_TYPES.contains(record.type())) {
                throw new IllegalArgumentException("finish(" + record.type() + "): not a record of a task");
            }
            ObjectNode data = json.valueToTree(record);
            steps.add(state -> new Draft(record.type(), id, data));
        }
        ObjectNode ending = success ? data("summary", text) : data("error", text);
        if (result != null) {
            ending.set(ResultFiles.FIELD, result);
        }
        steps.add(state -> new Draft(success ? EventType.TASK_COMPLETED : EventType.TASK_FAILED, id, ending));
        return steps;
    }

    Function<RunState, Draft> cancel(int id, String reason) {
        return state -> new Draft(EventType.TASK_CANCELLED, id, data("reason", reason));
    }

    Function<RunState, Draft> cancelAsBlocked(int id, String reason) {
        ObjectNode data = data("reason", reason).put("cause", BLOCKED_CAUSE);
        return state -> new Draft(EventType.TASK_CANCELLED, id, data);
    }

    Function<RunState, Draft> requeue(int id, String reason) {
        return state -> new Draft(EventType.TASK_REQUEUED, id, data("reason", reason));
    }

    /** Same status: nothing happens. In progress: a claim by "by hand", refused with the reason if not ready. */
    Function<RunState, Draft> setStatus(int id, TaskStatus status, String reason) {
        return state -> {
            if (state.task(id).status() == status) {
                return null;
            }
            String type = TaskTransitions.to(status).event();
            return switch (status) {
                case PENDING, CANCELLED -> new Draft(type, id, data("reason", reason));
                case IN_PROGRESS -> new Draft(type, id, data("owner", "by hand"));
                case COMPLETED -> new Draft(type, id, data("summary", reason));
                case FAILED -> new Draft(type, id, data("error", reason));
            };
        };
    }

    Function<RunState, Draft> setRunStatus(RunStatus status, String reason) {
        ObjectNode data = json.createObjectNode().put("status", status.wire()).put("reason", reason == null ? "" : reason);
        return state -> new Draft(EventType.RUN_STATUS, null, data);
    }

    Function<RunState, Draft> requestApproval(ApprovalQuestion question) {
        return state -> new Draft(EventType.APPROVAL_REQUESTED, question.task(),
                json.valueToTree(question.withId(state.approvals().size() + 1)));
    }

    Function<RunState, Draft> answerApproval(ApprovalAnswer answer) {
        return state -> new Draft(EventType.APPROVAL_ANSWERED,
                answer.id() >= 1 && answer.id() <= state.approvals().size()
                        ? state.approvals().get(answer.id() - 1).question().task() : null,
                json.valueToTree(answer));
    }

    /**
     * @throws IllegalArgumentException for run.created, run.status and the task.* kinds, which have their own
     *                                  methods (so the graph rules cannot be bypassed)
     */
    Function<RunState, Draft> append(String type, Integer task, ObjectNode data) {
        if (type == null || type.isBlank()) {
            throw new IllegalArgumentException("an event needs a type");
        }
        if (METHOD_ONLY_TYPES.contains(type)) {
            throw new IllegalArgumentException("append(" + type + "): use the store's method for this kind "
                    + "(createTask, updateTask, addDependency, claim, complete, fail, cancel, requeue, setRunStatus, "
                    + "requestApproval, answerApproval)");
        }
        ObjectNode copy = data == null ? json.createObjectNode() : data.deepCopy();
        return state -> new Draft(type, task, copy);
    }

    /** The data of the report.written event that follows report.md and final_result.json. */
    ObjectNode reportWritten(JsonNode finalResult) {
        ObjectNode data = json.createObjectNode().put("report", RunLayout.REPORT_FILE)
                .put("final_result", RunLayout.FINAL_RESULT_FILE);
        data.put("title", finalResult.path("title").asText(""));
        if (finalResult.has("synthesized")) {
            data.put("synthesized", finalResult.path("synthesized").asBoolean());
        }
        return data;
    }

    private ObjectNode data(String key, String value) {
        return json.createObjectNode().put(key, value == null ? "" : value);
    }
}
