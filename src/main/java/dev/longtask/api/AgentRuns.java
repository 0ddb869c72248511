package dev.longtask.api;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.longtask.agent.AgentRunner;
import dev.longtask.model.agent.AgentSpec;
import dev.longtask.agent.LoopSettings;
import dev.longtask.agent.PermissionGate;
import dev.longtask.agent.Permissions;
import dev.longtask.agent.Subagents;
import dev.longtask.model.agent.AgentStep;
import dev.longtask.model.agent.AgentStepResult;
import dev.longtask.model.llm.LlmClient;
import dev.longtask.model.llm.Pricing;
import dev.longtask.llm.TokenCounter;
import dev.longtask.model.Budget;
import dev.longtask.model.EventType;
import dev.longtask.model.JsonMapping;
import dev.longtask.model.RunStatus;
import dev.longtask.model.TaskDraft;
import dev.longtask.model.TaskStatus;
import dev.longtask.store.file.FileRunStore;
import dev.longtask.model.run.RunStore;
import dev.longtask.model.run.StoreOptions;
import dev.longtask.tools.Tool;
import dev.longtask.tools.ToolContext;
import dev.longtask.tools.Workspace;
import dev.longtask.tools.mcp.McpServers;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** Runs agents directly as the tasks of a new run, through the same runner as the engine's tasks. */
final class AgentRuns {
    private final Workspace workspace;
    private final List<Tool> tools;
    private final McpServers mcp;
    private final StoreOptions storeOptions;
    private final Clock clock;

    private final Permissions permissions;

    AgentRuns(Workspace workspace, List<Tool> tools, McpServers mcp, StoreOptions storeOptions, Clock clock,
              Permissions permissions) {
        this.permissions = permissions;
        this.workspace = workspace;
        this.tools = tools;
        this.mcp = mcp;
        this.storeOptions = storeOptions;
        this.clock = clock;
    }

    /** @param agents the agent of each step, by name; {@code clients} the model of each, resolved already */
    AgentsOutcome run(AgentsRequest request, Map<String, AgentSpec> agents, Map<String, LlmClient> clients) {
        List<AgentStep> steps = request.steps();
        String goal = goal(request);
        try (RunStore store = FileRunStore.create(workspace.root(), null, goal,
                clients.get(steps.get(0).agent()).modelSpec(), Budget.UNLIMITED, storeOptions)) {
            store.setRunStatus(RunStatus.RUNNING, "longtask agent");
            store.append(EventType.PERMISSIONS_SET, null, JsonMapping.MAPPER.valueToTree(permissions.settings()));
            PermissionGate gate = permissions.gate(workspace, store, permissions.approver());
            List<Integer> ids = new ArrayList<>();
            for (AgentStep step : steps) {
                ids.add(store.createTask(new TaskDraft(subject(step), step.task(), step.agent(), List.of(), Map.of(),
                        Map.of(), List.of())).id());
            }
            Subagents subagents = new Subagents((step, task, index, total) -> {
                int id = ids.get(index - 1);
                if (!task.equals(step.task())) {
                    store.updateTask(id, JsonNodeFactory.instance.objectNode().put("instruction", task));
                }
                AgentRunner runner = new AgentRunner(store, new AgentRunner.Parts(
                        RunModels.fixed(clients.get(step.agent()), Pricing.unknown()), tools,
                        TokenCounter.shared(), clock, LoopSettings.DEFAULTS, new ToolContext(workspace, store, 0,
                        permissions.mode(), permissions.sandboxMode()), null, gate, mcp));
                return runner.claimAndExecute(id, agents.get(step.agent()), index, total).outcome();
            });
            List<AgentStepResult> results = request.parallel()
                    ? subagents.parallel(steps, request.concurrency()) : subagents.chain(steps);
            boolean interrupted = Thread.interrupted();
            if (!interrupted) {
                for (int id : ids) {
                    if (store.task(id).status() == TaskStatus.PENDING) {
                        store.cancel(id, "an earlier step of the chain failed");
                    }
                }
            }
            AgentsOutcome outcome = new AgentsOutcome(store.runId(), store.directory(), ids, results, interrupted);
            boolean allOk = outcome.allSucceeded();
            store.setRunStatus(interrupted ? RunStatus.INTERRUPTED : allOk ? RunStatus.COMPLETED : RunStatus.FAILED,
                    interrupted ? "interrupted" : allOk ? "every agent succeeded" : "an agent failed");
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
            return outcome;
        }
    }

    private static String goal(AgentsRequest request) {
        List<AgentStep> steps = request.steps();
        if (steps.size() == 1) {
            return "agent " + steps.get(0).agent() + ": " + steps.get(0).task();
        }
        return (request.parallel() ? "agents in parallel: " : "agent chain: ")
                + steps.stream().map(AgentStep::agent).collect(Collectors.joining(request.parallel() ? ", " : " -> "));
    }

    private static String subject(AgentStep step) {
        String first = step.task().strip().lines().findFirst().orElse("");
        return step.agent() + ": " + (first.length() <= 80 ? first : first.substring(0, 77) + "...");
    }
}
