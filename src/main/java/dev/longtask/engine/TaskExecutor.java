package dev.longtask.engine;

import dev.longtask.agent.AgentCatalog;
import dev.longtask.agent.AgentOutcome;
import dev.longtask.agent.AgentSpec;
import dev.longtask.agent.AgentTask;
import dev.longtask.agent.RunMemory;
import dev.longtask.agent.TaskContract;
import dev.longtask.agent.TaskRecorder;
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
    private final Clock clock;
    private final TaskRecorder recorder;

    TaskExecutor(RunStore store, AgentCatalog agents, AgentRunner runner, Workspace workspace, Clock clock) {
        this.store = store;
        this.agents = agents;
        this.runner = runner;
        this.workspace = workspace;
        this.clock = clock;
        this.recorder = new TaskRecorder(store);
    }

    Done execute(int taskId, int index, int total) {
        Task task = store.task(taskId);
        Optional<AgentSpec> agent = agents.find(task.agent());
        if (agent.isEmpty()) {
            String error = "no agent named '" + task.agent() + "' (run 'longtask agents' to list them)";
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
        TaskRecorder.Result result = recorder.record(task, outcome, took);
        String summary = TaskRecorder.summary(outcome);
        return switch (result) {
            case COMPLETED -> new Done(task.id(), true, false, summary, null);
            case FAILED -> new Done(task.id(), false, false, summary, null);
            case REQUEUED -> new Done(task.id(), false, true, summary,
                    outcome.ending() == AgentOutcome.Ending.PROVIDER_ERROR ? outcome.reason() : null);
        };
    }
}
