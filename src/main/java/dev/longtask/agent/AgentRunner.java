package dev.longtask.agent;

import dev.longtask.llm.TokenCounter;
import dev.longtask.llm.AttemptListener;
import dev.longtask.model.agent.AgentOutcome;
import dev.longtask.model.agent.AgentSpec;
import dev.longtask.model.llm.LlmClient;
import dev.longtask.llm.ModelSource;
import dev.longtask.model.EventData;
import dev.longtask.model.McpNames;
import dev.longtask.model.Run;
import dev.longtask.model.Task;
import dev.longtask.model.run.RunStore;
import dev.longtask.model.run.Transcript;
import dev.longtask.tools.Tool;
import dev.longtask.tools.ToolContext;
import dev.longtask.tools.mcp.McpServers;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
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

    /**
     * What every loop of a run shares. {@code context} is the context of the run's tool calls, for task 0;
     * {@code mcp} the run's MCP servers, whose tools an agent gets when its whitelist names them; {@code afterCall}
     * is told of the run as each model call left it (its usage counted, the record not yet durable), on the loop's
     * thread before the loop acts on the answer: the engine stops the run there when a budget is reached.
     * {@code taskTimeout} is the hard limit of one task's loop ({@code task_timeout}); null for none. {@code caches} are
     * the runtime's, shared by every loop (null: the parts' own, the process's environment scanned once for them).
     */
    public record Parts(ModelSource models, List<Tool> tools, TokenCounter tokens, Clock clock, LoopSettings loop,
                        ToolContext context, Guard guard, PermissionGate gate, McpServers mcp,
                        Consumer<Run> afterCall, Duration taskTimeout, LoopCaches caches) {
        public Parts {
            if (taskTimeout != null && (taskTimeout.isNegative() || taskTimeout.isZero())) {
                throw new IllegalArgumentException("task_timeout must be positive, got " + taskTimeout);
            }
            tools = List.copyOf(tools);
            gate = gate == null ? PermissionGate.ALLOW_ALL : gate;
            loop = loop == null ? LoopSettings.DEFAULTS : loop;
            guard = guard == null ? Guard.NONE : guard;
            mcp = mcp == null ? McpServers.none() : mcp;
            afterCall = afterCall == null ? run -> { } : afterCall;
            caches = caches == null ? LoopCaches.ofProcess() : caches;
        }

        /** Parts whose loops share caches of their own (the process's secrets, found once for the run). */
        public Parts(ModelSource models, List<Tool> tools, TokenCounter tokens, Clock clock, LoopSettings loop,
                     ToolContext context, Guard guard, PermissionGate gate, McpServers mcp,
                     Consumer<Run> afterCall, Duration taskTimeout) {
            this(models, tools, tokens, clock, loop, context, guard, gate, mcp, afterCall, taskTimeout, null);
        }

        /** Parts of a run whose tasks have no time limit. */
        public Parts(ModelSource models, List<Tool> tools, TokenCounter tokens, Clock clock, LoopSettings loop,
                     ToolContext context, Guard guard, PermissionGate gate, McpServers mcp,
                     Consumer<Run> afterCall) {
            this(models, tools, tokens, clock, loop, context, guard, gate, mcp, afterCall, null);
        }

        /** Parts of a run whose calls nobody watches. */
        public Parts(ModelSource models, List<Tool> tools, TokenCounter tokens, Clock clock, LoopSettings loop,
                     ToolContext context, Guard guard, PermissionGate gate, McpServers mcp) {
            this(models, tools, tokens, clock, loop, context, guard, gate, mcp, null);
        }

        /** Parts of a run without MCP servers. */
        public Parts(ModelSource models, List<Tool> tools, TokenCounter tokens, Clock clock, LoopSettings loop,
                     ToolContext context, Guard guard, PermissionGate gate) {
            this(models, tools, tokens, clock, loop, context, guard, gate, null);
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
        List<Tool> tools = new ArrayList<>(parts.tools());
        AgentTask expanded = withMcpTools(job, tools);
        AgentLoop loop = new AgentLoop(client, tools, transcript, parts.clock(), parts.tokens(), calls(taskId),
                parts.loop(), parts.gate(), parts.caches());
        return parts.guard().around(() -> loop.run(expanded));
    }

    /**
     * The job with each MCP entry of its agent's whitelist ({@code mcp__server}, {@code mcp__server__tool}) replaced
     * by the tools the run's server offers, which are added to {@code tools}; the server starts if it is not running.
     */
    private AgentTask withMcpTools(AgentTask job, List<Tool> tools) {
        if (job.agent().tools().stream().noneMatch(McpNames::isMcp)) {
            return job;
        }
        Set<String> whitelist = new LinkedHashSet<>();
        for (String name : job.agent().tools()) {
            if (!McpNames.isMcp(name)) {
                whitelist.add(name);
                continue;
            }
            for (Tool tool : parts.mcp().tools(name)) {
                if (whitelist.add(tool.name())) {
                    tools.add(tool);
                }
            }
        }
        return job.withAgent(job.agent().withTools(List.copyOf(whitelist)));
    }

    /**
     * Carries out a task of the graph that the caller has claimed: its agent's loop with the task's contract
     * ("task {@code index} of {@code total}") and the run's memory, then the record of what came of it. A task cut
     * short by a stop or by the provider goes back to pending.
     */
    public TaskRun execute(int taskId, AgentSpec agent, int index, int total) {
        return execute(store.task(taskId), agent, index, total);
    }

    /**
     * {@link #execute(int, AgentSpec, int, int)} of a task as its claim left it ({@link RunStore#claimBehind}). The
     * run's memory shows the task in progress. The claim becomes durable while the loop is prepared and its first
     * model call runs: the loop acts on no answer before it is (see {@link #calls}), and a retry, which undoes what
     * the task's earlier attempts left, waits for it first.
     */
    public TaskRun execute(Task task, AgentSpec agent, int index, int total) {
        int taskId = task.id();
        if (task.attempts() > 1) {
            store.awaitWritten();
        }
        TaskCheckpoints checkpoints = new TaskCheckpoints(store, parts.context().checkpoints(),
                parts.context().checkpoints().on() && store.run().recordedSettings().isolated());
        checkpoints.begin(task);
        Instant started = parts.clock().instant();
        Optional<ToolContext> context = checkpoints.context(parts.context().forTask(store, taskId));
        AgentOutcome outcome;
        if (context.isEmpty()) {
            outcome = new AgentOutcome(agent.name(), AgentOutcome.Ending.MERGE_CONFLICT, false,
                    checkpoints.treeProblem(), null, "", List.of(), null, 0, null);
        } else {
            AgentTask job = AgentTask.submitting(agent, TaskContract.of(task, index, total),
                    RunMemory.of(store.memoryFiles()), context.get(), parts.caches());
            outcome = parts.taskTimeout() == null ? run(job, taskId, store.transcript(taskId))
                    : TaskDeadline.around(parts.taskTimeout(), () -> run(job, taskId, store.transcript(taskId)));
            outcome = checkpoints.merge(task, outcome);
        }
        // What the attempt changed is recorded before its end is, in the same batch (one fsync): never a completed
        // task whose changes are not known.
        EventData changes = checkpoints.end(task);
        TaskRecorder.Result result = recorder.record(task, outcome, Duration.between(started, parts.clock().instant()),
                changes == null ? List.of() : List.of(changes));
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

    /**
     * Records each model call, without waiting for the record to be durable (the call was as much at risk), and tells
     * {@link Parts#afterCall} of the run it left. Before the loop's first call is recorded (so before the loop acts
     * on its answer), every event written behind so far is durable: a task's claim, which the loop's first call
     * did not wait for, and what its memory showed. The listener is the loop's alone, called on its thread.
     */
    private ModelCall.Listener calls(Integer taskId) {
        boolean[] first = {true};
        return call -> {
            if (first[0]) {
                store.awaitWritten();
                first[0] = false;
            }
            parts.afterCall().accept(store.appendBehind(taskId, new EventData.LlmCall(call.model(),
                    call.agent(), call.purpose().wire(), call.step(), call.duration().toMillis(), call.usage())));
        };
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
