package dev.longtask.store;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
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
import dev.longtask.model.run.RunHistory;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

/**
 * The events the {@link RunStore} methods append, decided against the state they apply to: one definition for every
 * store, so the file store and the PostgreSQL store write the same log for the same calls. Each method returns the
 * decision a store's commit applies (null from a decision means nothing to do).
 */
public final class Changes {
    private static final Set<String> METHOD_ONLY_TYPES = Set.of(EventType.RUN_CREATED, EventType.RUN_STATUS,
            EventType.TASK_CREATED, EventType.TASK_UPDATED, EventType.TASK_DEPENDENCY_ADDED, EventType.TASK_CLAIMED,
            EventType.TASK_COMPLETED, EventType.TASK_FAILED, EventType.TASK_CANCELLED, EventType.TASK_REQUEUED,
            EventType.APPROVAL_REQUESTED, EventType.APPROVAL_ANSWERED);

    private final ObjectMapper json;

    public Changes(ObjectMapper json) {
        this.json = json;
    }

    public ObjectNode runCreated(String id, String goal, String workspace, String model, Budget budget, RunSettings settings) {
        return json.valueToTree(new EventData.RunCreated(id, goal, workspace,
                model == null || model.isBlank() ? null : model, budget == null ? Budget.UNLIMITED : budget, settings));
    }

    public Function<RunState, Draft> createTask(TaskDraft draft) {
        return state -> {
            int id = state.nextTaskId();
            return draft(id, new EventData.TaskCreated(id, draft.subject(), draft.instruction(), draft.agent(),
                    draft.blockedBy(), draft.inputs(), draft.outputs(), draft.successCriteria()));
        };
    }

    public Function<RunState, Draft> updateTask(int id, ObjectNode fields) {
        EventData.TaskUpdated update = new EventData.TaskUpdated(fields.deepCopy());
        return state -> draft(id, update);
    }

    public Function<RunState, Draft> addDependency(int taskId, int blockedById) {
        return state -> {
            state.task(taskId);
            if (state.task(blockedById).blocks().contains(taskId)) {
                return null;
            }
            return draft(taskId, new EventData.DependencyAdded(blockedById));
        };
    }

    /** Null (nothing to do) when the task is not ready: someone else has it, or it waits. */
    public Function<RunState, Draft> claim(int id, String owner) {
        return state -> state.task(id).isReady() ? draft(id, new EventData.TaskClaimed(text(owner))) : null;
    }

    public Function<RunState, Draft> complete(int id, String summary) {
        return state -> draft(id, new EventData.TaskCompleted(text(summary), null));
    }

    public Function<RunState, Draft> fail(int id, String error) {
        return state -> draft(id, new EventData.TaskFailed(text(error), null));
    }

    /** A task's records, then its completion or failure: the steps of {@link RunStore#finish}. */
    public List<Function<RunState, Draft>> finish(int id, boolean success, String text, List<EventData> records) {
        return finish(id, success, text, records, null);
    }

    /** {@link #finish(int, boolean, String, List)} whose ending carries the task's result.json ({@link ResultFiles}). */
    public List<Function<RunState, Draft>> finish(int id, boolean success, String text, List<EventData> records,
                                           JsonNode result) {
        List<Function<RunState, Draft>> steps = new ArrayList<>();
        for (EventData record : records) {
            if (METHOD_ONLY_TYPES.contains(record.type())) {
                throw new IllegalArgumentException("finish(" + record.type() + "): not a record of a task");
            }
            ObjectNode data = json.valueToTree(record);
            steps.add(state -> new Draft(record.type(), id, data));
        }
        // the result goes in the log as result.json holds it (ResultFiles.FIELD)
        EventData ending = success ? new EventData.TaskCompleted(text(text), result)
                : new EventData.TaskFailed(text(text), result);
        steps.add(state -> draft(id, ending));
        return steps;
    }

    public Function<RunState, Draft> cancel(int id, String reason) {
        return state -> draft(id, new EventData.TaskCancelled(text(reason), null));
    }

    public Function<RunState, Draft> cancelAsBlocked(int id, String reason) {
        return state -> draft(id, new EventData.TaskCancelled(text(reason), RunHistory.BLOCKED_CAUSE));
    }

    public Function<RunState, Draft> requeue(int id, String reason) {
        return state -> draft(id, new EventData.TaskRequeued(text(reason)));
    }

    /** Same status: nothing happens. In progress: a claim by "by hand", refused with the reason if not ready. */
    public Function<RunState, Draft> setStatus(int id, TaskStatus status, String reason) {
        return state -> {
            if (state.task(id).status() == status) {
                return null;
            }
            EventData data = switch (status) {
                case PENDING -> new EventData.TaskRequeued(text(reason));
                case CANCELLED -> new EventData.TaskCancelled(text(reason), null);
                case IN_PROGRESS -> new EventData.TaskClaimed("by hand");
                case COMPLETED -> new EventData.TaskCompleted(text(reason), null);
                case FAILED -> new EventData.TaskFailed(text(reason), null);
            };
            if (!data.type().equals(TaskTransitions.to(status).event())) {
                throw new IllegalStateException(data.type() + " does not lead to " + status.wire());
            }
            return draft(id, data);
        };
    }

    public Function<RunState, Draft> setRunStatus(RunStatus status, String reason) {
        EventData.RunStatusChanged change = new EventData.RunStatusChanged(status, text(reason));
        return state -> draft(null, change);
    }

    public Function<RunState, Draft> requestApproval(ApprovalQuestion question) {
        return state -> new Draft(EventType.APPROVAL_REQUESTED, question.task(),
                json.valueToTree(question.withId(state.approvals().size() + 1)));
    }

    public Function<RunState, Draft> answerApproval(ApprovalAnswer answer) {
        return state -> new Draft(EventType.APPROVAL_ANSWERED,
                answer.id() >= 1 && answer.id() <= state.approvals().size()
                        ? state.approvals().get(answer.id() - 1).question().task() : null,
                json.valueToTree(answer));
    }

    /**
     * @throws IllegalArgumentException for run.created, run.status and the task.* kinds, which have their own
     *                                  methods (so the graph rules cannot be bypassed)
     */
    public Function<RunState, Draft> append(String type, Integer task, ObjectNode data) {
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
    public ObjectNode reportWritten(JsonNode finalResult) {
        return json.valueToTree(new EventData.ReportWritten(RunLayout.REPORT_FILE, RunLayout.FINAL_RESULT_FILE,
                finalResult.path("title").asText(""),
                finalResult.has("synthesized") ? finalResult.path("synthesized").asBoolean() : null));
    }

    /** The draft of an event of {@code data}'s type, its data as the log holds it. */
    private Draft draft(Integer task, EventData data) {
        return new Draft(data.type(), task, json.valueToTree(data));
    }

    /** Text the log holds as "" when there is none. */
    private static String text(String value) {
        return value == null ? "" : value;
    }
}
