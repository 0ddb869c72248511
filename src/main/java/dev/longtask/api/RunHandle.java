package dev.longtask.api;

import dev.longtask.engine.EngineSession;
import dev.longtask.engine.StoreWatcher;
import dev.longtask.model.Event;
import dev.longtask.model.PlanEstimate;
import dev.longtask.model.run.RunHistory;
import dev.longtask.model.run.RunStores;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;

/**
 * One run started or resumed in this JVM, carried out on a thread of its own. Watch it ({@link #events},
 * {@link #snapshot}), steer it ({@link #pause}, {@link #interrupt}, {@link #cancel}) and wait for its outcome
 * ({@link #await}). Thread-safe.
 */
public final class RunHandle {
    private final EngineSession session;
    private final Path workspace;
    private final Clock clock;
    private final long sessionStart;
    private final List<String> warnings;
    private final RunStores stores;
    private final CompletableFuture<Outcome> outcome = new CompletableFuture<>();
    private volatile boolean ended;

    RunHandle(EngineSession session, Path workspace, Clock clock, long sessionStart, List<String> warnings,
              RunStores stores) {
        this.session = session;
        this.stores = stores;
        this.workspace = workspace;
        this.clock = clock;
        this.sessionStart = sessionStart;
        this.warnings = List.copyOf(warnings);
    }

    /**
     * Carries the session out on a thread of its own; {@code afterwards} (stopping what served only this session,
     * such as its MCP servers) runs before anyone waiting sees the outcome.
     */
    void launch(Runnable afterwards) {
        Thread thread = new Thread(() -> {
            Outcome result = null;
            Throwable failure = null;
            try {
                result = Outcome.of(session.carry(null));
            } catch (Throwable e) {
                failure = e;
            } finally {
                // ended is set before the outcome completes: whoever awaits the outcome then reads the final state
                ended = true;
            }
            try {
                afterwards.run();
            } catch (RuntimeException e) {
                if (failure == null) {
                    failure = e;
                } else {
                    failure.addSuppressed(e);
                }
            }
            if (failure == null) {
                outcome.complete(result);
            } else {
                outcome.completeExceptionally(failure);
            }
        }, "longtask-run-" + session.runId());
        thread.start();
    }

    void whenDone(Runnable action) {
        outcome.whenComplete((result, failure) -> action.run());
    }

    public String runId() {
        return session.runId();
    }

    /** {@code <workspace>/.longtask/runs/<run-id>}. */
    public Path directory() {
        return session.directory();
    }

    public Path workspace() {
        return workspace;
    }

    /**
     * The seq of the run's last event before this session: {@code events(sessionStart(), ...)} shows this session's
     * events only (0 for a new run: all of them, from run.created).
     */
    public long sessionStart() {
        return sessionStart;
    }

    /** What opening the run repaired (after a crash or damage), one line each; empty for a run in order. */
    public List<String> repairs() {
        return session.repairs();
    }

    /**
     * What a user should know before relying on this session, one line each: e.g. that an Ollama model runs on an
     * assumed context window. Empty when nothing needs saying.
     */
    public List<String> warnings() {
        return warnings;
    }

    /** The recorded settings and budgets this resume changed, "old -> new" by name ({@code max_tokens}, ...). */
    public Map<String, String> settingsChanged() {
        return session.settingsChanged();
    }

    /**
     * Calls {@code listener} with every event after {@code afterSeq} in log order, first those already written,
     * then each new one as it becomes durable, with no gap and no event twice, until the session ends or the
     * subscription is closed. Live events arrive on the thread that saw them become durable (one that appended, or
     * the store's own): a listener that is slow (a network client) should hand them to a queue of its own.
     */
    public Subscription events(long afterSeq, Consumer<Event> listener) {
        Relay relay = new Relay(afterSeq, listener);
        if (!ended) {
            session.subscribe(relay);
        }
        relay.catchUp(past(afterSeq));
        return () -> {
            relay.close();
            session.unsubscribe(relay);
        };
    }

    /**
     * The durable events after {@code afterSeq}: from the open session, which knows where each line of its log starts
     * (a resumed run of 7,000 events is not read from its first byte), else as any reader reads them.
     */
    private List<Event> past(long afterSeq) {
        if (!ended) {
            try {
                return session.eventsAfter(afterSeq);
            } catch (RuntimeException closedMeanwhile) {
                // the session ended while we read: the files have it all
            }
        }
        return stores.events(workspace, runId(), afterSeq);
    }

    /** The figures {@code status} shows, now. */
    public Snapshot snapshot() {
        if (!ended) {
            try {
                return Runs.snapshotOf(session.state(), session.concurrency(), true, clock);
            } catch (RuntimeException closedMeanwhile) {
                // The session ended while we read; the files hold the final state.
            }
        }
        return Runs.snapshotOf(stores.read(workspace, runId()), session.concurrency(), false, clock);
    }

    /**
     * Tells {@code watcher} when the run's database (a shared store) goes away and when it is back: the session waits
     * for it meanwhile, and goes on.
     */
    public void watchStore(DatabaseWatcher watcher) {
        session.watchStore(new StoreWatcher() {
            @Override
            public void away(String runId, String why) {
                watcher.away(runId, why);
            }

            @Override
            public void back(String runId, Duration after) {
                watcher.back(runId, after);
            }
        });
    }

    /**
     * The estimate of the run's first accepted plan, as its store folds the log (the same for a run kept in a
     * database as for one kept in files): what an ETA counts down from until a task has finished; empty before a
     * plan was accepted.
     */
    public Optional<PlanEstimate> firstPlan() {
        return Optional.ofNullable(history().firstPlan());
    }

    private RunHistory history() {
        if (!ended) {
            try {
                return session.history();
            } catch (RuntimeException closedMeanwhile) {
                // The session ended while we read; the store holds the final state.
            }
        }
        return stores.read(workspace, runId()).history();
    }

    /** Pauses after saving, as a budget does; resumable. Returns at once; {@link #await} tells when it is done. */
    public void pause() {
        pause("paused on request; resume with 'longtask resume " + runId() + "'");
    }

    /** Pauses after saving, recording {@code reason} (who did it); resumable. Returns at once. */
    public void pause(String reason) {
        session.pause(reason);
    }

    /** Stops after saving, as Ctrl-C does; resumable. Returns at once. */
    public void interrupt(String reason) {
        session.interrupt(reason);
    }

    /** Gives the run up for good: it ends cancelled after saving. Returns at once. */
    public void cancel() {
        cancel("cancelled on request");
    }

    /** Gives the run up for good, recording {@code reason} (who did it, and why). Returns at once. */
    public void cancel(String reason) {
        session.cancel(reason);
    }

    /** True once the session has ended. */
    public boolean isDone() {
        return outcome.isDone();
    }

    /** The outcome, once the session has ended. */
    public Optional<Outcome> outcome() {
        return outcome.isDone() ? Optional.of(await()) : Optional.empty();
    }

    /**
     * Waits for the session to end.
     *
     * @throws RuntimeException what ended the session when it was not the run's doing (the store failed, a bug)
     */
    public Outcome await() {
        try {
            return outcome.join();
        } catch (CompletionException | CancellationException e) {
            throw unwrap(e);
        }
    }

    /** Waits at most {@code timeout}; empty when the session is still going. */
    public Optional<Outcome> await(Duration timeout) {
        try {
            return Optional.of(outcome.get(timeout.toMillis(), TimeUnit.MILLISECONDS));
        } catch (TimeoutException e) {
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        } catch (ExecutionException e) {
            throw unwrap(e);
        }
    }

    private static RuntimeException unwrap(Exception e) {
        Throwable cause = e.getCause() == null ? e : e.getCause();
        if (cause instanceof RuntimeException r) {
            return r;
        }
        if (cause instanceof Error error) {
            throw error;
        }
        return new IllegalStateException(cause);
    }

    /** Hands a listener the events after a seq: the past from the log, then the live ones, in order, once each. */
    private static final class Relay implements Consumer<Event> {
        private final Consumer<Event> listener;
        private List<Event> held = new ArrayList<>();
        private boolean catchingUp = true;
        private boolean closed;
        private volatile long last;

        Relay(long afterSeq, Consumer<Event> listener) {
            this.listener = listener;
            this.last = afterSeq;
        }

        /** Live events, on the appending thread: held while the past is delivered, then passed straight on. */
        @Override
        public void accept(Event event) {
            synchronized (this) {
                if (closed) {
                    return;
                }
                if (catchingUp) {
                    held.add(event);
                    return;
                }
            }
            deliver(event);
        }

        void catchUp(List<Event> past) {
            past.forEach(this::deliver);
            while (true) {
                List<Event> batch;
                synchronized (this) {
                    if (held.isEmpty()) {
                        catchingUp = false;
                        return;
                    }
                    batch = held;
                    held = new ArrayList<>();
                }
                batch.forEach(this::deliver);
            }
        }

        private void deliver(Event event) {
            if (event.seq() <= last || isClosed()) {
                return;
            }
            last = event.seq();
            listener.accept(event);
        }

        synchronized void close() {
            closed = true;
        }

        private synchronized boolean isClosed() {
            return closed;
        }
    }
}
