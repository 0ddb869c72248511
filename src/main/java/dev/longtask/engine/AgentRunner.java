package dev.longtask.engine;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.longtask.agent.AgentLoop;
import dev.longtask.agent.AgentOutcome;
import dev.longtask.agent.AgentTask;
import dev.longtask.agent.LoopSettings;
import dev.longtask.agent.PermissionGate;
import dev.longtask.agent.ModelCall;
import dev.longtask.agent.TokenCounter;
import dev.longtask.llm.AttemptListener;
import dev.longtask.llm.LlmClient;
import dev.longtask.model.EventType;
import dev.longtask.store.RunStore;
import dev.longtask.store.Transcript;
import dev.longtask.tools.Tool;
import java.time.Clock;
import java.util.List;

/**
 * Runs one agent loop for the run, wired to its log: every model call becomes an {@code llm.call} event (which
 * adds to the task's and the run's usage) and every failed attempt an {@code llm.retry} event; every tool call passes
 * the run's permission gate. A stop of the run interrupts the loop.
 */
final class AgentRunner {
    private final RunStore store;
    private final ModelSource models;
    private final List<Tool> tools;
    private final TokenCounter tokens;
    private final Clock clock;
    private final StopSignal stop;
    private final ObjectMapper json;
    private final PermissionGate gate;

    AgentRunner(RunStore store, ModelSource models, List<Tool> tools, TokenCounter tokens, Clock clock,
            StopSignal stop, ObjectMapper json, PermissionGate gate) {
        this.store = store;
        this.models = models;
        this.tools = tools;
        this.tokens = tokens;
        this.clock = clock;
        this.stop = stop;
        this.json = json;
        this.gate = gate;
    }

    /** @param taskId the task the calls count against, or null for a role agent (the run's totals only) */
    AgentOutcome run(AgentTask job, Integer taskId, Transcript transcript) {
        LlmClient client = models.client(job.agent().model(), retries(taskId));
        AgentLoop loop = new AgentLoop(client, tools, transcript, clock, tokens, calls(taskId), LoopSettings.DEFAULTS,
                gate);
        AgentOutcome outcome = stop.interruptibly(() -> loop.run(job));
        // The loop leaves the interrupt flag set; clear it so the bookkeeping that follows is not cut short.
        Thread.interrupted();
        return outcome;
    }

    int contextWindow(String modelSpec) {
        return models.client(modelSpec, AttemptListener.NONE).contextWindowTokens();
    }

    private ModelCall.Listener calls(Integer taskId) {
        return call -> {
            ObjectNode data = json.createObjectNode()
                    .put("model", call.model())
                    .put("agent", call.agent())
                    .put("purpose", call.purpose().wire())
                    .put("step", call.step())
                    .put("duration_ms", call.duration().toMillis());
            data.set("usage", json.valueToTree(call.usage()));
            store.append(EventType.LLM_CALL, taskId, data);
        };
    }

    private AttemptListener retries(Integer taskId) {
        return new AttemptListener() {
            @Override
            public void attemptFailed(Failure failure) {
                ObjectNode data = json.createObjectNode()
                        .put("model", failure.model())
                        .put("attempt", failure.attempt())
                        .put("status", failure.status())
                        .put("error", failure.error())
                        .put("duration_ms", failure.duration().toMillis());
                if (failure.retryIn() != null) {
                    data.put("wait_ms", failure.retryIn().toMillis());
                } else {
                    data.putNull("wait_ms");
                }
                store.append(EventType.LLM_RETRY, taskId, data);
            }
        };
    }
}
