package dev.longtask.agent;

import dev.longtask.llm.TokenCounter;
import dev.longtask.llm.AttemptListener;
import dev.longtask.llm.LlmClient;
import dev.longtask.llm.ModelSource;
import dev.longtask.model.EventData;
import dev.longtask.model.Task;
import dev.longtask.store.RunStore;
import dev.longtask.store.Transcript;
import dev.longtask.tools.Tool;
import dev.longtask.tools.ToolContext;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.function.Supplier;

/**
 * Runs agent loops for one run, wired to its log: every model call becomes an {@code llm.call} event (which adds
 * to the task's and the run's usage) and every failed attempt an {@code llm.retry} event. The one runner of the
 * engine (graph tasks and its role agents) and of {@code longtask agent}: a task's loop gets the task's contract
 * and the run's memory, and what came of it is recorded by {@link TaskRecorder} (result.json, findings, a
 * progress note, the task's new status).
 */
public final class AgentRunner {

    /**
     * What surrounds every loop: the engine makes a stop of the run interrupt it; {@code longtask agent} lets
     * Ctrl-C do that.
     */
    @FunctionalInterface
    public interface Guard {
        Guard NONE = Supplier::get;

        AgentOutcome around(Supplier<AgentOutcome> loop);
    }

    /** What every loop of a run shares. {@code context} is the context of the run's tool calls, for task 0. */
    public record Parts(ModelSource models, List<Tool> tools, TokenCounter tokens, Clock clock, LoopSettings loop,
                        ToolContext context, Guard guard, PermissionGate gate) {
        public Parts {
            tools = List.copyOf(tools);
            gate = gate == null ? PermissionGate.ALLOW_ALL : gate;
            loop = loop == null ? LoopSettings.DEFAULTS : loop;
            guard = guard == null ? Guard.NONE : guard;
        }
    }

    /** How a task's loop ended and what the task became. */
    public record TaskRun(int taskId, TaskRecorder.Result result, AgentOutcome outcome) {
        public boolean completed() {
            return result == TaskRecorder.Result.COMPLETED;
        }

        public boolean requeued() {
            return result == TaskRecorder.Result.REQUEUED;
        }

        /** The agent's own summary when it submitted one, else why the loop ended. */
        public String summary() {
            return TaskRecorder.summary(outcome);
        }

        /** The provider's refusal when that ended the loop (the run must pause), else null. */
        public String providerError() {
            return outcome.ending() == AgentOutcome.Ending.PROVIDER_ERROR ? outcome.reason() : null;
        }
    }

    private final RunStore store;
    private final Parts parts;
    private final TaskRecorder recorder;

    public AgentRunner(RunStore store, Parts parts) {
        this.store = store;
        this.parts = parts;
        this.recorder = new TaskRecorder(store);
    }

    /**
     * Runs one loop: a role agent's (the planner's, the director's...) with {@code taskId} null, whose calls count
     * for the run's totals only, or any job for a task.
     */
    public AgentOutcome run(AgentTask job, Integer taskId, Transcript transcript) {
        LlmClient client = parts.models().client(job.agent().model(), retries(taskId));
        AgentLoop loop = new AgentLoop(client, parts.tools(), transcript, parts.clock(), parts.tokens(), calls(taskId),
                parts.loop(), parts.gate());
        return parts.guard().around(() -> loop.run(job));
    }

    /**
     * Carries out a task of the graph that the caller has claimed: its agent's loop with the task's contract
     * ("task {@code index} of {@code total}") and the run's memory, then the record of what came of it. A task cut
     * short by a stop or by the provider goes back to pending.
     */
    public TaskRun execute(int taskId, AgentSpec agent, int index, int total) {
        Task task = store.task(taskId);
        Instant started = parts.clock().instant();
        // The memory files follow the log on the store's projector thread: wait until they show every event so far.
        store.flushProjections();
        AgentTask job = AgentTask.submitting(agent, TaskContract.of(task, index, total),
                RunMemory.read(store.directory()), parts.context().forTask(store, taskId));
        AgentOutcome outcome = run(job, taskId, store.transcript(taskId));
        TaskRecorder.Result result = recorder.record(task, outcome, Duration.between(started, parts.clock().instant()));
        return new TaskRun(taskId, result, outcome);
    }

    /**
     * Claims a pending task for {@code agent} and carries it out. A failure that is not the model's doing (the
     * store, a bug) fails the task rather than leaving it in progress, and is rethrown.
     *
     * @throws IllegalStateException when the task cannot be claimed (not pending, blocked, or taken)
     */
    public TaskRun claimAndExecute(int taskId, AgentSpec agent, int index, int total) {
        if (!store.claim(taskId, "agent:" + agent.name())) {
            throw new IllegalStateException("task " + taskId + " cannot be claimed: it is not pending and unblocked, "
                    + "or another worker has it");
        }
        try {
            return execute(taskId, agent, index, total);
        } catch (RuntimeException e) {
            try {
                Uninterrupted.run(() -> store.fail(taskId, "internal error: " + e));
            } catch (RuntimeException alsoFailed) {
                e.addSuppressed(alsoFailed);
            }
            throw e;
        }
    }

    /** The context window of the model an agent with {@code modelSpec} (null: the run's) uses. */
    public int contextWindow(String modelSpec) {
        return parts.models().client(modelSpec, AttemptListener.NONE).contextWindowTokens();
    }

    private ModelCall.Listener calls(Integer taskId) {
        return call -> store.append(taskId, new EventData.LlmCall(call.model(), call.agent(), call.purpose().wire(),
                call.step(), call.duration().toMillis(), call.usage()));
    }

    private AttemptListener retries(Integer taskId) {
        return new AttemptListener() {
            @Override
            public void attemptFailed(Failure failure) {
                store.append(taskId, new EventData.LlmRetry(failure.model(), failure.attempt(), failure.status(),
                        failure.error(), failure.duration().toMillis(),
                        failure.retryIn() == null ? null : failure.retryIn().toMillis()));
            }
        };
    }
}
