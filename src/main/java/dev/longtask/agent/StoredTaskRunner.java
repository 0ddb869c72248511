package dev.longtask.agent;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.longtask.llm.LlmClient;
import dev.longtask.model.EventType;
import dev.longtask.model.Task;
import dev.longtask.store.RunStore;
import dev.longtask.tools.Tool;
import dev.longtask.tools.ToolContext;
import dev.longtask.tools.Workspace;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.List;

/**
 * Runs one task of a run's graph with its agent and records what came of it: claims the task, runs the loop
 * with the task's transcript ({@code llm.call} events as the calls return, notes as {@code finding.added}),
 * then writes {@code result.json}, appends the submitted findings and a progress note, and completes or fails
 * the task (an interrupted one goes back to pending). Used by {@code longtask agent}; the engine may use it
 * for graph tasks as well.
 */
public final class StoredTaskRunner {
    private final RunStore store;
    private final Workspace workspace;
    private final List<Tool> tools;
    private final TokenCounter tokens;
    private final Clock clock;
    private final LoopSettings settings;
    private final PermissionGate gate;

    public StoredTaskRunner(RunStore store, Workspace workspace, Collection<? extends Tool> tools,
                            TokenCounter tokens, Clock clock, LoopSettings settings) {
        this(store, workspace, tools, tokens, clock, settings, PermissionGate.ALLOW_ALL);
    }

    /** @param gate the run's permission gate, which every work-tool call passes after the agent's whitelist */
    public StoredTaskRunner(RunStore store, Workspace workspace, Collection<? extends Tool> tools,
                            TokenCounter tokens, Clock clock, LoopSettings settings, PermissionGate gate) {
        this.store = store;
        this.workspace = workspace;
        this.tools = List.copyOf(tools);
        this.tokens = tokens;
        this.clock = clock;
        this.settings = settings;
        this.gate = gate;
    }

    /**
     * @param index the task's place among {@code total} tasks, for the contract's "task i of n"
     * @throws IllegalStateException when the task cannot be claimed (not pending, blocked, or taken)
     */
    public AgentOutcome run(int taskId, AgentSpec agent, LlmClient llm, int index, int total) {
        if (!store.claim(taskId, "agent:" + agent.name())) {
            throw new IllegalStateException("task " + taskId + " cannot be claimed: it is not pending and unblocked, "
                    + "or another worker has it");
        }
        Task task = store.task(taskId);
        Instant started = clock.instant();
        AgentLoop loop = new AgentLoop(llm, tools, store.transcript(taskId), clock, tokens,
                call -> store.append(EventType.LLM_CALL, taskId, llmCall(call)), settings, gate);
        AgentOutcome outcome;
        try {
            outcome = loop.run(AgentTask.submitting(agent, TaskContract.of(task, index, total),
                    RunMemory.read(store.directory()), new ToolContext(workspace, store, taskId)));
        } catch (RuntimeException e) {
            // Not the model's doing (the store or a bug): the task must not stay in progress.
            try {
                store.fail(taskId, "internal error: " + e);
            } catch (RuntimeException alsoFailed) {
                e.addSuppressed(alsoFailed);
            }
            throw e;
        }
        new TaskRecorder(store).record(task, outcome, Duration.between(started, clock.instant()));
        return outcome;
    }

    private static ObjectNode llmCall(ModelCall call) {
        ObjectNode data = Json.object().put("model", call.model()).put("agent", call.agent())
                .put("purpose", call.purpose().wire()).put("step", call.step());
        data.set("usage", Json.MAPPER.valueToTree(call.usage()));
        data.put("duration_ms", call.duration().toMillis());
        return data;
    }

}
