package dev.longtask.engine;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.longtask.agent.AgentCatalog;
import dev.longtask.agent.AgentOutcome;
import dev.longtask.agent.AgentSpec;
import dev.longtask.agent.AgentTask;
import dev.longtask.agent.RunMemory;
import dev.longtask.agent.TaskContract;
import dev.longtask.model.EventType;
import dev.longtask.model.Task;
import dev.longtask.store.RunStore;
import dev.longtask.tools.ToolContext;
import dev.longtask.tools.Workspace;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * Carries out one claimed task: runs its agent to {@code submit_result}, then writes {@code result.json},
 * appends the findings and a progress line, and marks the task. A task cut short by a stop goes back to
 * pending; its transcript stays for the record.
 */
final class TaskExecutor {

    /** What became of a task; {@code providerError} is set when the provider refused and the run must pause. */
    record Done(int taskId, boolean completed, boolean requeued, String summary, String providerError) {
    }

    private final RunStore store;
    private final AgentCatalog agents;
    private final AgentRunner runner;
    private final Workspace workspace;
    private final StopSignal stop;
    private final ObjectMapper json;
    private final Clock clock;

    TaskExecutor(RunStore store, AgentCatalog agents, AgentRunner runner, Workspace workspace, StopSignal stop,
            ObjectMapper json, Clock clock) {
        this.store = store;
        this.agents = agents;
        this.runner = runner;
        this.workspace = workspace;
        this.stop = stop;
        this.json = json;
        this.clock = clock;
    }

    Done execute(int taskId, int index, int total) {
        Task task = store.task(taskId);
        Optional<AgentSpec> agent = agents.find(task.agent());
        if (agent.isEmpty()) {
            String error = "no agent named '" + task.agent() + "' (run 'longtask agents' to list them)";
            store.writeResult(taskId, failureResult(task, "unknown_agent", error, null));
            store.fail(taskId, error);
            return new Done(taskId, false, false, error, null);
        }
        Instant started = clock.instant();
        AgentTask job = AgentTask.submitting(agent.get(), TaskContract.of(task, index, total),
                RunMemory.read(store.directory()), new ToolContext(workspace, store, taskId));
        AgentOutcome outcome = runner.run(job, taskId, store.transcript(taskId));
        return record(task, outcome, Duration.between(started, clock.instant()));
    }

    private Done record(Task task, AgentOutcome outcome, Duration took) {
        int id = task.id();
        switch (outcome.ending()) {
            case INTERRUPTED -> {
                String why = stop.stopping() ? stop.reason() : "interrupted";
                store.requeue(id, "stopped before it finished (" + why + "); it starts over on resume");
                return new Done(id, false, true, why, null);
            }
            case PROVIDER_ERROR -> {
                String message = outcome.reason();
                store.requeue(id, "the model provider failed: " + message);
                return new Done(id, false, true, message, message);
            }
            case SUBMITTED -> {
                ObjectNode result = submittedResult(task, outcome, took);
                store.writeResult(id, result);
                for (JsonNode finding : outcome.submitted().path("findings")) {
                    if (!finding.asText("").isBlank()) {
                        store.append(EventType.FINDING_ADDED, id, json.createObjectNode()
                                .put("text", finding.asText()).put("agent", outcome.agent()).put("source", "submit_result"));
                    }
                }
                String summary = outcome.submitted().path("summary").asText("");
                store.append(EventType.PROGRESS_NOTE, id, json.createObjectNode().put("text",
                        "task #" + id + " " + (outcome.success() ? "completed" : "failed") + " (" + outcome.agent()
                                + ", " + outcome.steps() + " steps, " + ProgressSnapshot.durationText(took.toSeconds())
                                + "): " + summary));
                if (outcome.success()) {
                    store.complete(id, summary);
                    return new Done(id, true, false, summary, null);
                }
                String error = "the agent reported failure: " + summary;
                store.fail(id, error);
                return new Done(id, false, false, error, null);
            }
            default -> {
                store.writeResult(id, failureResult(task, outcome.ending().name().toLowerCase(java.util.Locale.ROOT),
                        outcome.reason(), outcome));
                store.append(EventType.PROGRESS_NOTE, id, json.createObjectNode().put("text",
                        "task #" + id + " failed (" + outcome.agent() + ", " + outcome.steps() + " steps): "
                                + outcome.reason()));
                store.fail(id, outcome.reason());
                return new Done(id, false, false, outcome.reason(), null);
            }
        }
    }

    private ObjectNode submittedResult(Task task, AgentOutcome outcome, Duration took) {
        ObjectNode result = base(task, outcome.submitted().path("success").asBoolean(false) ? "submitted" : "gave_up");
        outcome.submitted().fields().forEachRemaining(f -> result.set(f.getKey(), f.getValue()));
        result.set("notes", json.valueToTree(outcome.notes()));
        return withRunFacts(result, outcome, took);
    }

    private ObjectNode failureResult(Task task, String ending, String reason, AgentOutcome outcome) {
        ObjectNode result = base(task, ending).put("success", false).put("summary", reason);
        if (outcome != null) {
            result.set("notes", json.valueToTree(outcome.notes()));
            withRunFacts(result, outcome, null);
        }
        return result;
    }

    private ObjectNode base(Task task, String ending) {
        ObjectNode result = json.createObjectNode().put("task_id", task.id()).put("subject", task.subject())
                .put("agent", task.agent()).put("attempt", task.attempts()).put("ending", ending);
        result.set("outputs", json.valueToTree(task.outputs()));
        return result;
    }

    private ObjectNode withRunFacts(ObjectNode result, AgentOutcome outcome, Duration took) {
        result.put("steps", outcome.steps());
        if (took != null) {
            result.put("duration_s", took.toSeconds());
        }
        result.set("usage", json.valueToTree(outcome.usage()));
        return result;
    }
}
