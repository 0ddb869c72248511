package dev.longtask.engine;

import dev.longtask.model.Event;
import dev.longtask.model.Run;
import dev.longtask.model.RunStatus;
import dev.longtask.model.plan.ProgressSnapshot;
import dev.longtask.model.run.Finisher;
import dev.longtask.model.run.RunHistory;
import dev.longtask.model.run.RunSnapshot;
import dev.longtask.model.run.RunStore;
import dev.longtask.tools.undo.Checkpoints;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

/**
 * One process's turn at a run, opened for writing: created by {@link RunEngine#create} or
 * {@link RunEngine#open}, carried out once by {@link #carry}, which closes it. Other threads may watch it (events,
 * progress) and stop it (pause, interrupt, cancel) meanwhile.
 */
public final class EngineSession implements AutoCloseable {
    private final RunStore store;
    private final EngineSetup setup;
    private final NewRun newRun;
    private final Finisher finisher;
    private final List<String> repairs;
    private final Map<String, String> settingsChanged;
    private final StopSignal stop = new StopSignal();
    private final StoreOutage outage = new StoreOutage();
    private final AtomicBoolean carried = new AtomicBoolean();
    /** The run's history as the opening found it; the session asks the store for it again from there. */
    private final RunHistory history;
    /** The run's history as of the last {@link #progress}, so the next one folds in only what is new. */
    private volatile RunHistory seen = RunHistory.NONE;
    /** When {@link #state()} last read the history (System.nanoTime), 0 before. */
    private volatile long historyReadAt;
    private static final long STATE_HISTORY_EVERY_NANOS = 1_000_000_000L;

    EngineSession(RunStore store, EngineSetup setup, NewRun newRun, Finisher finisher, List<String> repairs,
            Map<String, String> settingsChanged, RunHistory history) {
        this.store = store;
        this.setup = setup;
        this.newRun = newRun;
        this.finisher = finisher;
        this.repairs = List.copyOf(repairs);
        this.settingsChanged = Map.copyOf(settingsChanged);
        this.history = history;
    }

    public String runId() {
        return store.runId();
    }

    public Path directory() {
        return store.directory();
    }

    /** The run as it stands now (durable state). */
    public Run run() {
        return store.run();
    }

    /**
     * The run and its tasks as they stand now (durable state), with its history as far as this session has read it
     * (the time at work a live view shows).
     */
    public RunSnapshot state() {
        // A live view asks on every event, on the appending thread: a shared store's history is a query, so it is
        // read again at most once a second (the view shows whole seconds).
        long now = System.nanoTime();
        RunHistory history = seen;
        if (history == RunHistory.NONE || now - historyReadAt >= STATE_HISTORY_EVERY_NANOS) {
            history = latestHistory();
            historyReadAt = now;
        }
        return new RunSnapshot(store.directory(), store.run(), store.tasks(), store.approvals(), null, history);
    }

    /**
     * The run's history ({@link RunHistory}: time at work, sessions, the first plan's estimate) up to its last durable
     * event, asked of the store from where the opening found it.
     */
    public RunHistory history() {
        return store.history(history);
    }

    /** Tasks run at once in this session. */
    public int concurrency() {
        return setup.config().concurrency();
    }

    /** What opening the run repaired (after a crash or damage), one line each; recorded as a run.repaired event. */
    public List<String> repairs() {
        return repairs;
    }

    /**
     * The recorded settings and budgets this resume changed, "old -> new" by name; recorded as run.settings and
     * run.budget events.
     */
    public Map<String, String> settingsChanged() {
        return settingsChanged;
    }

    /** Hears every event from now on, in log order, on the appending thread. */
    public void subscribe(Consumer<Event> listener) {
        store.subscribe(listener);
    }

    public void unsubscribe(Consumer<Event> listener) {
        store.unsubscribe(listener);
    }

    /** The durable events after {@code seq}, in order. */
    public List<Event> eventsAfter(long seq) {
        return store.eventsAfter(seq);
    }

    /** The figures a user watches, as {@code status} shows them. */
    public ProgressSnapshot progress() {
        return new Progress().snapshot(store.run(), store.tasks(), setup.config().concurrency(),
                setup.storeOptions().clock().instant(), latestHistory());
    }

    private RunHistory latestHistory() {
        RunHistory known = seen;
        try {
            known = store.history(known);
            seen = known;
        } catch (RuntimeException closed) {
            // a store that reads its log cannot once closed: the time at work is then as of the last look
        }
        return known;
    }

    /**
     * Carries the run as far as it goes in this session and closes the store: to its end (completed, failed), to a
     * pause (a budget, the provider, {@link #pause}), an interrupt or a cancel. A run that had already ended is left
     * as it was ({@link RunOutcome#nothingToDo()}).
     *
     * @param observer sees every event with the figures after it
     * @throws IllegalStateException when called twice
     */
    public RunOutcome carry(RunObserver observer) {
        if (!carried.compareAndSet(false, true)) {
            throw new IllegalStateException("session of run " + runId() + " was already carried out");
        }
        // The figures cost a pass over every task: computed for each event only when someone watches.
        Consumer<Event> listener = observer == null || observer == RunObserver.NONE ? null
                : event -> observer.onEvent(event, progress());
        try (store; Checkpoints checkpoints = RunCheckpoints.open(setup, store, true)) {
            if (listener != null) {
                store.subscribe(listener);
            }
            while (true) {
                try {
                    return new RunSession(SessionParts.of(store, setup, stop, checkpoints), finisher, history).drive(newRun);
                } catch (RuntimeException e) {
                    // The database went away (a restart, a failover): wait for it, then carry on as a resume would.
                    if (!StoreOutage.isOutage(store, e) || !outage.awaitBack(store, stop, e)) {
                        throw e;
                    }
                }
            }
        }
    }

    /**
     * Tells {@code watcher} when the run's database goes away and comes back (a shared store); the session waits for
     * it meanwhile.
     */
    public void watchStore(StoreWatcher watcher) {
        outage.watch(watcher);
    }

    /**
     * Records the plan the run was created with ({@link NewRun#withPlan}) now, as its first session would before
     * its first round, for a run that another session carries out later: opened by {@link RunEngine#open}, that
     * session knows nothing of the plan and would ask the planner. Does nothing for a run the planner plans.
     */
    public void recordGivenPlan() {
        if (newRun != null && newRun.plan() != null && store.tasks().isEmpty()) {
            new Planning(SessionParts.of(store, setup, stop)).accept(newRun.plan(), newRun.estimate());
        }
    }

    /**
     * Records a run that is not carried out now as {@code queued} for {@code reason}: a caller that keeps runs
     * waiting (the server's pool) says so while the run is open from its creation, rather than opening it again.
     */
    public void queue(String reason) {
        if (carried.get()) {
            throw new IllegalStateException("run " + runId() + " was carried out already");
        }
        store.setRunStatus(RunStatus.QUEUED, reason);
    }

    /** Pauses after saving, as a budget does (resumable); returns at once. */
    public void pause(String reason) {
        stop.stop(StopSignal.Kind.PAUSE, reason);
    }

    /** Stops after saving, as Ctrl-C does (resumable); returns at once. */
    public void interrupt(String reason) {
        stop.stop(StopSignal.Kind.INTERRUPT, reason);
    }

    /** Gives the run up: it ends cancelled after saving, and a resume has nothing to do; returns at once. */
    public void cancel(String reason) {
        stop.stop(StopSignal.Kind.CANCEL, reason);
    }

    /** Closes the store of a session that is never carried out; after {@link #carry} it is closed already. */
    @Override
    public void close() {
        if (carried.compareAndSet(false, true)) {
            store.close();
        }
    }
}
