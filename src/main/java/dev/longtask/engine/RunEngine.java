package dev.longtask.engine;

import dev.longtask.llm.TokenCounter;
import dev.longtask.llm.ModelSource;
import dev.longtask.model.Budget;
import dev.longtask.model.EventData;
import dev.longtask.model.Run;
import dev.longtask.model.RunSettings;
import dev.longtask.model.RunStatus;
import dev.longtask.model.agent.AgentCatalog;
import dev.longtask.model.plan.Estimate;
import dev.longtask.model.plan.Plan;
import dev.longtask.model.plan.ProgressSnapshot;
import dev.longtask.model.run.Finisher;
import dev.longtask.model.run.RunHistory;
import dev.longtask.model.run.RunStore;
import dev.longtask.model.run.RunStores;
import dev.longtask.store.file.FileRunStores;
import dev.longtask.model.run.StoreOptions;
import dev.longtask.tools.Tool;
import dev.longtask.tools.Workspace;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Creates and opens the runs of one workspace as sessions ({@link #create}, {@link #open}), each carried out once.
 * The short forms {@link #start}, {@link #plan} and {@link #resume} carry a session out on the calling thread;
 * {@link #interrupt} and {@link #progress} reach the one they are carrying out.
 */
public final class RunEngine {
    /** The user's usage history, beside their config file, that estimates learn from across workspaces. */
    public static final String USER_HISTORY_FILE = UsageHistory.FILE;

    private final EngineSetup setup;
    private final RunObserver observer;
    private final RunStores stores;
    private final AtomicReference<EngineSession> active = new AtomicReference<>();

    /** An engine whose runs are files in the workspace. */
    public RunEngine(EngineSetup setup, RunObserver observer) {
        this(setup, observer, FileRunStores.INSTANCE);
    }

    /**
     * An engine whose runs are kept by {@code stores}. With a shared store and a concurrency of 0 the engine plans,
     * directs and concludes but runs no agent: workers take the tasks (docs/scale-out.md).
     *
     * @throws IllegalArgumentException for a concurrency of 0 with a store no other process can work from
     */
    public RunEngine(EngineSetup setup, RunObserver observer, RunStores stores) {
        if (setup.config().concurrency() == 0 && !stores.shared()) {
            throw new IllegalArgumentException("no agent slots (0) leaves the tasks to workers, which need a shared "
                    + "store: give --store postgresql://... (the file store is one process's)");
        }
        this.setup = setup;
        this.observer = observer == null ? RunObserver.NONE : observer;
        this.stores = stores;
    }

    public RunEngine(Workspace workspace, AgentCatalog agents, List<Tool> tools, ModelSource models,
            EngineConfig config, StoreOptions storeOptions, RunObserver observer) {
        this(new EngineSetup(workspace, agents, tools, models, config, storeOptions, TokenCounter.shared(), Map.of()),
                observer);
    }

    /**
     * Creates a run, recording its model, budgets and settings; a given plan is checked like a planner's first,
     * and a finisher is named in the run and prepared.
     *
     * @throws IllegalArgumentException naming the plan's problems when it is not valid (nothing is created then)
     * @throws GoalTooLargeException     when the goal cannot fit the roles' prompts (nothing is created then)
     */
    public EngineSession create(NewRun run) {
        GoalSize.check(run.goal(), setup.agents(), setup.models(), setup.tokens());
        if (run.plan() != null) {
            List<String> problems = PlanValidator.of(setup, null).problems(run.plan());
            if (!problems.isEmpty()) {
                throw new IllegalArgumentException("the plan cannot run: " + String.join("; ", problems));
            }
        }
        RunStore store = stores.create(setup.workspace().root(), run.runId(), run.goal(),
                setup.models().runModel(), run.budget(), run.settings(), setup.storeOptions());
        try {
            if (run.finisher() != null) {
                store.append(null, new EventData.FinisherChosen(run.finisher().name()));
                run.finisher().prepare(store);
            }
        } catch (IOException | RuntimeException e) {
            String why = "the post-run step '" + run.finisher().name() + "' could not be prepared: " + e.getMessage();
            store.setRunStatus(RunStatus.FAILED, why);
            store.close();
            throw new IllegalStateException(why, e);
        }
        return new EngineSession(store, setup, run, run.finisher(), List.of(), Map.of(), RunHistory.NONE);
    }

    /**
     * Opens a run for writing (repairing what a crash left, see {@link EngineSession#repairs}) and records what
     * {@code change} changes: budgets, model, settings. A run that has ended is opened unchanged.
     *
     * @throws dev.longtask.model.run.NoSuchRunException   if the workspace has no such run
     * @throws dev.longtask.model.run.RunLockedException   if another process runs it
     * @throws dev.longtask.model.run.CorruptRunException  if its log is damaged before the last line
     * @throws IllegalStateException                   if it ends with a post-run step this engine does not have
     */
    public EngineSession open(String runId, Resumption change) {
        return open(stores.open(setup.workspace().root(), runId, setup.storeOptions()), change);
    }

    /**
     * As {@link #open(String, Resumption)}, for a run its caller has opened already (with this engine's store
     * options): the session takes the store over, and closes it if this fails.
     */
    public EngineSession open(RunStores.Opened opened, Resumption change) {
        RunStore store = opened.store();
        String runId = store.runId();
        try {
            List<String> repairs = opened.repairs();
            Run run = store.run();
            RunHistory history = store.history(RunHistory.NONE);
            String finisherName = history.finisher();
            Finisher finisher = null;
            if (finisherName != null) {
                finisher = setup.finishers().get(finisherName);
                if (finisher == null) {
                    throw new IllegalStateException("run " + runId + " ends with the post-run step '" + finisherName
                            + "', which this runtime does not have (it has: " + setup.finishers().keySet() + ")");
                }
            }
            Map<String, String> changed = Map.of();
            if (run.status().isResumable() && change != null) {
                changed = record(store, run, change);
            }
            return new EngineSession(store, setup, null, finisher, repairs, changed, history);
        } catch (RuntimeException e) {
            store.close();
            throw e;
        }
    }

    private static Map<String, String> record(RunStore store, Run run, Resumption change) {
        Map<String, String> shown = new java.util.LinkedHashMap<>();
        if (!change.budget().equals(Budget.UNLIMITED)) {
            store.append(null, new EventData.BudgetChanged(change.budget()));
            Budget was = run.budget();
            Budget now = was.overriddenBy(change.budget());
            budgetChange(shown, "max_tokens", was.maxTokens(), now.maxTokens());
            budgetChange(shown, "max_cost_usd", was.maxCostUsd(), now.maxCostUsd());
            budgetChange(shown, "max_time_s", was.maxTimeSeconds(), now.maxTimeSeconds());
        }
        RunSettings recorded = run.recordedSettings();
        Map<String, String> changes = new java.util.LinkedHashMap<>();
        String model = change.model() != null && !change.model().equals(run.model()) ? change.model() : null;
        if (model != null) {
            changes.put("model", (run.model() == null ? "(none)" : run.model()) + " -> " + model);
        }
        changes.putAll(recorded.changesTo(change.settings()));
        if (!changes.isEmpty()) {
            RunSettings settings = Objects.equals(recorded.overriddenBy(change.settings()), recorded) ? null
                    : change.settings();
            store.append(null, new EventData.SettingsChanged(model, settings, changes, change.by()));
        }
        shown.putAll(changes);
        return shown;
    }

    private static void budgetChange(Map<String, String> shown, String name, Object was, Object now) {
        if (!Objects.equals(was, now)) {
            shown.put(name, (was == null ? "(none)" : was) + " -> " + now);
        }
    }

    /** Creates a run for {@code goal} and carries it as far as it goes. {@code runId} null picks a new id. */
    public RunOutcome start(String goal, String runId, Budget budget) {
        return carry(create(NewRun.of(goal, runId, budget)));
    }

    /**
     * Creates a run whose plan is already made (a code review plans from its chunks, not with a model) and carries
     * it out: the plan is checked like a planner's and recorded with {@code estimate}; no planner is asked.
     *
     * @throws IllegalArgumentException naming the plan's problems when it is not valid
     */
    public RunOutcome start(String goal, String runId, Budget budget, Plan plan, Estimate estimate) {
        return carry(create(NewRun.of(goal, runId, budget).withPlan(plan, estimate)));
    }

    /** Creates a run and plans it, then stops with the plan and its estimate; {@link #resume} carries it out. */
    public RunOutcome plan(String goal, String runId, Budget budget) {
        return carry(create(NewRun.of(goal, runId, budget).stopAfterPlanning()));
    }

    /** Continues a run where it stood; fields set in {@code budget} replace the run's. */
    public RunOutcome resume(String runId, Budget budget) {
        return carry(open(runId, Resumption.budget(budget)));
    }

    /** Carries {@code session} out on this thread, reachable by {@link #interrupt} and {@link #progress}. */
    public RunOutcome carry(EngineSession session) {
        if (!active.compareAndSet(null, session)) {
            session.close();
            throw new IllegalStateException("this engine is already running a session");
        }
        try {
            return session.carry(observer);
        } finally {
            active.compareAndSet(session, null);
        }
    }

    /** Asks the session being carried out to pause after saving, as Ctrl-C does; returns at once. */
    public void interrupt(String reason) {
        EngineSession a = active.get();
        if (a != null) {
            a.interrupt(reason);
        }
    }

    /** The figures of the session being carried out, for a live view's clock. */
    public Optional<ProgressSnapshot> progress() {
        EngineSession a = active.get();
        return a == null ? Optional.empty() : Optional.of(a.progress());
    }
}
