package dev.longtask.engine;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import dev.longtask.agent.AgentCatalog;
import dev.longtask.agent.Permissions;
import dev.longtask.agent.TokenCounter;
import dev.longtask.model.Budget;
import dev.longtask.model.EventType;
import dev.longtask.store.FileRunStore;
import dev.longtask.store.RunStore;
import dev.longtask.store.StoreOptions;
import dev.longtask.tools.Tool;
import dev.longtask.tools.Workspace;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Starts, resumes and stops runs. One engine serves one workspace; each {@link #start} or {@link #resume} is a
 * session that ends paused (a budget, a provider that refuses: resumable), interrupted ({@link #interrupt}:
 * resumable), failed or completed.
 */
public final class RunEngine {
    private final EngineParts parts;
    private final StoreOptions storeOptions;
    private final RunObserver observer;
    private final AtomicReference<Active> active = new AtomicReference<>();

    private record Active(RunStore store, StopSignal stop) {
    }

    /** A plan made without the planner, with its estimate. */
    record PresetPlan(Plan plan, Estimate estimate) {
    }

    public RunEngine(Workspace workspace, AgentCatalog agents, List<Tool> tools, ModelSource models,
            EngineConfig config, StoreOptions storeOptions, RunObserver observer) {
        this(workspace, agents, tools, models, config, storeOptions, observer, Permissions.AUTO);
    }

    /**
     * @param permissions the approval mode, rules and approver of every session this engine drives; recorded in each
     *                    session's {@code permissions.set} event
     */
    public RunEngine(Workspace workspace, AgentCatalog agents, List<Tool> tools, ModelSource models,
            EngineConfig config, StoreOptions storeOptions, RunObserver observer, Permissions permissions) {
        ObjectMapper json = new ObjectMapper().registerModule(new JavaTimeModule())
                .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS);
        Clock clock = storeOptions.clock();
        this.parts = new EngineParts(workspace, agents, List.copyOf(tools), models, config, clock, json,
                new TokenCounter(), new RoleTools(json), permissions);
        this.storeOptions = storeOptions;
        this.observer = observer == null ? RunObserver.NONE : observer;
    }

    /** Creates a run for {@code goal} and carries it as far as it goes. {@code runId} null picks a new id. */
    public RunOutcome start(String goal, String runId, Budget budget) {
        return session(create(goal, runId, budget), false, null);
    }

    /**
     * Creates a run whose plan is already made (a code review plans from its chunks, not with a model) and carries
     * it out: the plan is checked like a planner's and recorded with {@code estimate}; no planner is asked.
     *
     * @throws IllegalArgumentException naming the plan's problems when it is not valid
     */
    public RunOutcome start(String goal, String runId, Budget budget, Plan plan, Estimate estimate) {
        List<String> problems = new PlanValidator(TaskAgents.names(parts.agents()), parts.workspace()).problems(plan);
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException("the plan cannot run: " + String.join("; ", problems));
        }
        return session(create(goal, runId, budget), false, new PresetPlan(plan, estimate));
    }

    /** Creates a run and plans it, then stops with the plan and its estimate; {@link #resume} carries it out. */
    public RunOutcome plan(String goal, String runId, Budget budget) {
        return session(create(goal, runId, budget), true, null);
    }

    /** Continues a run where it stood; fields set in {@code budget} replace the run's. */
    public RunOutcome resume(String runId, Budget budget) {
        RunStore store = FileRunStore.open(parts.workspace().root(), runId, storeOptions);
        if (budget != null && !budget.equals(Budget.UNLIMITED)) {
            try {
                store.append(EventType.RUN_BUDGET, null, (com.fasterxml.jackson.databind.node.ObjectNode)
                        parts.json().createObjectNode().set("budget", parts.json().valueToTree(budget)));
            } catch (RuntimeException e) {
                store.close();
                throw e;
            }
        }
        return session(store, false, null);
    }

    /** Asks the running session to pause after saving, as Ctrl-C does; returns at once. */
    public void interrupt(String reason) {
        Active a = active.get();
        if (a != null) {
            a.stop().stop(StopSignal.Kind.INTERRUPT, reason);
        }
    }

    /** The figures of the running session, for a live view's clock. */
    public Optional<ProgressSnapshot> progress() {
        Active a = active.get();
        return a == null ? Optional.empty() : Optional.of(snapshot(a.store()));
    }

    private RunStore create(String goal, String runId, Budget budget) {
        return FileRunStore.create(parts.workspace().root(), runId, goal, parts.models().runModel(), budget,
                storeOptions);
    }

    private RunOutcome session(RunStore store, boolean planOnly, PresetPlan preset) {
        StopSignal stop = new StopSignal();
        Active session = new Active(store, stop);
        if (!active.compareAndSet(null, session)) {
            store.close();
            throw new IllegalStateException("this engine is already running a session");
        }
        try (store) {
            store.subscribe(event -> observer.onEvent(event, snapshot(store)));
            return new RunSession(store, parts, stop).drive(planOnly, preset);
        } finally {
            active.compareAndSet(session, null);
        }
    }

    private ProgressSnapshot snapshot(RunStore store) {
        return new Progress().snapshot(store.run(), store.tasks(), parts.config().concurrency(),
                parts.clock().instant());
    }
}
