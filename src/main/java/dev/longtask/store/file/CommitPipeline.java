package dev.longtask.store.file;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.longtask.model.Event;
import dev.longtask.model.RunSettings;
import dev.longtask.model.Secrets;
import dev.longtask.store.Draft;
import dev.longtask.model.run.FsyncPolicy;
import dev.longtask.store.Projector;
import dev.longtask.store.ResultFiles;
import dev.longtask.store.RunState;
import dev.longtask.model.run.StoreException;
import dev.longtask.model.run.StoreOptions;
import dev.longtask.store.Subscribers;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Function;
import java.util.function.Predicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How a change of a run becomes durable and visible, the same way for every change: under the append lock the
 * event is built, checked by applying it to the live state ({@link RunState#apply}: an event it refuses is never
 * written) and written to {@code events.jsonl}; then, outside the lock, the appender waits until the event is
 * durable (per the {@link FsyncPolicy}), publishes the state after it to readers and hands the projections to
 * the projector thread; then the subscribers hear of it, in log order. Readers see only durable states.
 *
 * <p>The projector thread writes the projections of the newest published state and, every
 * {@code checkpointEvery} events, a checkpoint. Its passes are at least {@link #PASS_INTERVAL_NANOS} apart: an
 * event after a quiet spell is projected at once, and the events that follow within the interval are coalesced
 * into one pass at its end, so while events flow each changed file is written once per interval, however many
 * events changed it, and no appender waits for a file rename. The projections are never ahead of the log (only
 * durable states are projected) and lag it by at most about an interval; readers tell (run.json's
 * {@code log_bytes}). {@link #flushProjections} writes every event published so far at once, and close flushes them.
 */
final class CommitPipeline {
    /** The least time between two passes of the projector thread. */
    static final long PASS_INTERVAL_NANOS = TimeUnit.MILLISECONDS.toNanos(200);
    /**
     * How long the settler lets a record written behind ({@code appendBehind}: a model call's) wait for a commit that
     * must be durable before it fsyncs the record itself: a task's last call record is followed by its end within a
     * few milliseconds, and one fsync then covers both (see {@link EventLog#awaitDurable(long, long)}).
     */
    static final long SETTLER_LINGER_NANOS = TimeUnit.MILLISECONDS.toNanos(20);

    /** An appended event and the state after it. */
    record Committed(Event event, RunState state) {
    }

    /** The events of one {@link #commitAll} and the state after the last. */
    record CommittedAll(List<Event> events, RunState state) {
    }

    private final String runId;
    private final StoreOptions options;
    private final ObjectMapper json;
    private final Secrets redactor;
    private final EventLog log;
    private final Checkpoints checkpoints;
    private final Projector projector;
    private final ResultFiles results;
    private final Subscribers subscribers;

    private final ReentrantLock appendLock = new ReentrantLock();
    private RunState live;
    private final AtomicReference<RunState> published;

    private final ReentrantLock projectionLock = new ReentrantLock();
    private long projectedSeq;
    private long checkpointSeq;
    /** The projector thread; started with the first commit, so a store that only reads has none. */
    private ScheduledExecutorService projectorThread;
    /** When the projector thread's next pass may start ({@link System#nanoTime}). */
    private volatile long nextPassNanos = System.nanoTime();
    /** Settles what {@link #commitBehind} wrote; started with the first such commit. */
    private ExecutorService settlerThread;
    private final AtomicBoolean passQueued = new AtomicBoolean();
    /** States due for a checkpoint (every {@code checkpointEvery} events), oldest first; guarded by itself. */
    private final ArrayDeque<RunState> dueCheckpoints = new ArrayDeque<>();
    private long checkpointDueSeq;
    /** The hash of the log's start for checkpoints; guarded by the projection lock. */
    private final LogDigest logDigest;

    private volatile boolean closed;
    private final AtomicBoolean settlerFailed = new AtomicBoolean();
    private volatile String brokenBecause;
    /** What broke the store, when it was a write the disk refused for want of space; null otherwise. */
    private volatile String diskFull;

    CommitPipeline(String runId, StoreOptions options, ObjectMapper json, Secrets redactor, EventLog log,
                   Checkpoints checkpoints, Projector projector, ResultFiles results, RunState state,
                   long checkpointSeq, LogDigest logDigest) {
        this.runId = runId;
        this.options = options;
        this.json = json;
        this.redactor = redactor;
        this.log = log;
        this.checkpoints = checkpoints;
        this.projector = projector;
        this.results = results;
        this.live = state;
        this.published = new AtomicReference<>(state);
        this.projectedSeq = state.lastSeq();
        this.checkpointSeq = checkpointSeq;
        this.checkpointDueSeq = checkpointSeq;
        this.logDigest = logDigest;
        this.subscribers = new Subscribers(runId, state.lastSeq());
    }

    /** The newest durable state. */
    RunState state() {
        return published.get();
    }

    /**
     * The newest written state, durable or not yet: what {@link #commitBehind} left for a moment before the settler
     * publishes it. Never for readers; for a caller that awaits {@link #awaitWritten} before it acts on what it shows.
     */
    RunState written() {
        appendLock.lock();
        try {
            return live;
        } finally {
            appendLock.unlock();
        }
    }

    Subscribers subscribers() {
        return subscribers;
    }

    /**
     * The one way anything changes. {@code decide} sees the live state under the append lock and returns the
     * event to append, or null for nothing to do; the event is validated by applying it before it is written.
     */
    Committed commit(Function<RunState, Draft> decide) {
        CommittedAll all = commitAll(List.of(decide));
        return all == null ? null : new Committed(all.events().get(0), all.state());
    }

    /**
     * Appends the events {@code decisions} decide, in order and with no other event between them, and makes them
     * durable together (one fsync for all); each decision sees the state after the events before it. All or
     * nothing: when one is refused, none is written. Null when no decision had anything to do.
     */
    CommittedAll commitAll(List<Function<RunState, Draft>> decisions) {
        CommittedAll written = write(decisions);
        if (written != null) {
            settle(written);
        }
        return written;
    }

    /**
     * Like {@link #commit}, but returns once the event is written and applied to the live state, without waiting
     * for its fsync: the pipeline's settler thread waits for that, then publishes and delivers it as {@link #commit}
     * would have. Readers and subscribers still see it only once it is durable; an fsync that fails there breaks
     * the store for the next change. For events whose loss in a machine crash costs the run nothing it needs.
     */
    Committed commitBehind(Function<RunState, Draft> decide) {
        return commitBehind(decide, 0);
    }

    /**
     * As {@link #commitBehind(Function)}; the settler lets up to {@code lingerNanos} pass for a commit that must be
     * durable before it fsyncs the event itself ({@link #SETTLER_LINGER_NANOS} for a call record; a claim, which its
     * task will await, none).
     */
    Committed commitBehind(Function<RunState, Draft> decide, long lingerNanos) {
        CommittedAll written = write(List.of(decide));
        if (written == null) {
            return null;
        }
        if (lingerNanos == 0) {
            log.hurry(); // the settler may be lingering for a call record queued before this
        }
        try {
            settler().execute(() -> {
                try {
                    settle(written, lingerNanos);
                } catch (StoreException e) {
                    // The next change reports it to its caller; the events queued behind it would only repeat it.
                    if (settlerFailed.compareAndSet(false, true)) {
                        log().warn("{}", e.getMessage());
                    }
                }
            });
        } catch (RejectedExecutionException closing) {
            settle(written);
        }
        return new Committed(written.events().get(0), written.state());
    }

    /** Writes the events {@code decisions} decide under the append lock and applies them to the live state. */
    private CommittedAll write(List<Function<RunState, Draft>> decisions) {
        List<Event> events = new ArrayList<>(decisions.size());
        RunState after;
        appendLock.lock();
        try {
            ensureUsable();
            RunState state = live;
            List<byte[]> lines = new ArrayList<>(decisions.size());
            List<String> settings = new ArrayList<>(decisions.size());
            for (Function<RunState, Draft> decide : decisions) {
                Draft draft = decide.apply(state);
                if (draft == null) {
                    continue;
                }
                long seq = state.lastSeq() + 1;
                Instant time = Instant.now(options.clock()).truncatedTo(ChronoUnit.MILLIS);
                Event drafted = new Event(seq, time, draft.type(), draft.task(),
                        draft.data() == null ? json.createObjectNode() : draft.data().deepCopy());
                String text = serialised(drafted);
                String masked = redactor.redact(text);
                byte[] line = (masked + "\n").getBytes(StandardCharsets.UTF_8);
                // What a reader of the log will see: the draft itself, unless a secret was masked in its line.
                Event event = masked == text ? drafted
                        : LogScan.parse(log.file(), json, seq, Arrays.copyOf(line, line.length - 1));
                RunSettings before = state.run() == null ? null : state.run().recordedSettings();
                state = state.apply(event);
                events.add(event);
                lines.add(line);
                RunSettings now = state.run() == null ? null : state.run().recordedSettings();
                settings.add(Objects.equals(before, now) ? null : LogSeal.json(now));
            }
            if (events.isEmpty()) {
                return null;
            }
            after = state;
            try {
                for (int i = 0; i < lines.size(); i++) {
                    log.write(events.get(i).seq(), lines.get(i));
                    if (settings.get(i) != null) {
                        log.sealSettings(settings.get(i));
                    }
                }
            } catch (IOException e) {
                throw broken("events.jsonl could not be written (" + e + ")", e);
            }
            live = after;
            try {
                log.syncIfAlways();
            } catch (IOException e) {
                throw broken("events.jsonl could not be fsynced (" + e + ")", e);
            }
        } finally {
            appendLock.unlock();
        }
        return new CommittedAll(events, after);
    }

    /** Waits until the written events are durable, then publishes them, asks for projections and delivers them. */
    private void settle(CommittedAll written) {
        settle(written, 0);
    }

    /** As {@link #settle(CommittedAll)}, letting up to {@code lingerNanos} pass for another caller's fsync first. */
    private void settle(CommittedAll written, long lingerNanos) {
        List<Event> events = written.events();
        RunState after = written.state();
        try {
            log.awaitDurable(after.lastSeq(), lingerNanos);
        } catch (IOException e) {
            events.forEach(event -> subscribers.skip(event.seq()));
            throw broken("events.jsonl could not be fsynced (" + e + ")", e);
        }
        published.accumulateAndGet(after, (current, next) -> next.lastSeq() > current.lastSeq() ? next : current);
        synchronized (dueCheckpoints) {
            if (after.lastSeq() - checkpointDueSeq >= options.checkpointEvery()) {
                checkpointDueSeq = after.lastSeq();
                dueCheckpoints.add(after);
            }
        }
        requestProjection();
        events.forEach(subscribers::deliver);
    }

    private String serialised(Event event) {
        try {
            return json.writeValueAsString(event);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(event.type() + ": data is not serialisable: " + e.getOriginalMessage(), e);
        }
    }

    /**
     * Has the projector thread write the newest published state, unless a pass is already queued for it: at once
     * when the last pass is an interval old, else when the interval is over (the pass writes the newest state then).
     */
    private void requestProjection() {
        if (!passQueued.compareAndSet(false, true)) {
            return;
        }
        try {
            projector().schedule(() -> {
                nextPassNanos = System.nanoTime() + PASS_INTERVAL_NANOS;
                passQueued.set(false);
                project();
            }, Math.max(0, nextPassNanos - System.nanoTime()), TimeUnit.NANOSECONDS);
        } catch (RejectedExecutionException closing) {
            passQueued.set(false);
        }
    }

    /** @throws RejectedExecutionException once closing: close writes what is pending itself */
    private synchronized ScheduledExecutorService projector() {
        if (closed) {
            throw new RejectedExecutionException("run " + runId + " is closed");
        }
        if (projectorThread == null) {
            ScheduledThreadPoolExecutor thread = new ScheduledThreadPoolExecutor(1, daemon("longtask-projector-" + runId));
            // close writes what a pass still waiting for its time would have
            thread.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
            projectorThread = thread;
        }
        return projectorThread;
    }

    /** @throws RejectedExecutionException once closing: the caller settles its own events then */
    private synchronized ExecutorService settler() {
        settlerThread = started(settlerThread, "longtask-settler-");
        return settlerThread;
    }

    /** {@code thread}, or a new one when there is none yet; none once closing. Callers hold this pipeline's monitor. */
    private ExecutorService started(ExecutorService thread, String name) {
        if (closed) {
            throw new RejectedExecutionException("run " + runId + " is closed");
        }
        return thread != null ? thread : daemonThread(name + runId);
    }

    private static ExecutorService daemonThread(String name) {
        return Executors.newSingleThreadExecutor(daemon(name));
    }

    private static ThreadFactory daemon(String name) {
        return runnable -> {
            Thread thread = new Thread(runnable, name);
            thread.setDaemon(true);
            return thread;
        };
    }

    /** Returns once the projections show every event published when it was called, without waiting for a pass. */
    void flushProjections() {
        project();
    }

    /** Writes the projections of the newest published state, and a checkpoint when one is due. */
    private void project() {
        projectionLock.lock();
        try {
            RunState state = published.get();
            if (state.lastSeq() > projectedSeq) {
                try {
                    projector.write(state, log.endOf(state.lastSeq()));
                    projectedSeq = state.lastSeq();
                } catch (IOException e) {
                    log().warn("could not write the projections of run {} at seq {} ({}); the next open rebuilds them",
                            runId, state.lastSeq(), e.toString());
                }
            }
            RunState due;
            while ((due = nextDueCheckpoint()) != null) {
                try {
                    writeCheckpoint(due);
                } catch (IOException e) {
                    log().warn("could not write a checkpoint of run {} at seq {} ({})", runId, due.lastSeq(), e.toString());
                }
            }
        } finally {
            projectionLock.unlock();
        }
    }

    private RunState nextDueCheckpoint() {
        synchronized (dueCheckpoints) {
            return dueCheckpoints.poll();
        }
    }

    /** Callers hold the projection lock. The state is durable, so the checkpoint is never ahead of the log. */
    private void writeCheckpoint(RunState state) throws IOException {
        if (state.lastSeq() <= checkpointSeq) {
            return;
        }
        if (options.fsync() == FsyncPolicy.NONE) {
            log.forceNow();
        }
        // A write open repairs only the results of tasks that ended after its checkpoint: those before must be durable.
        results.syncWritten();
        byte[] eventLine = log.linesAfter(state.lastSeq() - 1, state.lastSeq()).get(0);
        long logBytes = log.endOf(state.lastSeq());
        checkpoints.write(state, eventLine, options.checkpointsKept(), logBytes, logDigest.upTo(log.file(), logBytes));
        checkpointSeq = state.lastSeq();
    }

    private StoreException broken(String why, Exception cause) {
        brokenBecause = why;
        if (DiskFull.problem(cause) != null) {
            diskFull = DiskFull.problem(cause);
        }
        return new StoreException("run " + runId + ": " + why + "; the store refuses further changes: reopen the run "
                + "to recover from the log", cause);
    }

    /** The refused write's message when the disk was full, or null. */
    String diskFull() {
        return diskFull;
    }

    void ensureUsable() {
        if (closed) {
            throw new IllegalStateException("run " + runId + " is closed");
        }
        if (brokenBecause != null) {
            throw new StoreException("run " + runId + ": " + brokenBecause + "; reopen the run to recover from the log");
        }
    }

    /** The durable events after {@code seq}, in order. */
    List<Event> eventsAfter(long seq) {
        return eventsAfter(seq, type -> true);
    }

    /** The durable events after {@code seq}, in order; those of the kinds {@code withData} refuses without their data. */
    List<Event> eventsAfter(long seq, Predicate<String> withData) {
        try {
            List<Event> events = new ArrayList<>();
            long lineSeq = Math.max(seq, 0);
            for (byte[] line : log.linesAfter(lineSeq, log.visibleSeq())) {
                Event header = LogScan.header(log.file(), json, ++lineSeq, line);
                events.add(withData.test(header.type()) ? json.readValue(line, Event.class) : header);
            }
            return events;
        } catch (IOException e) {
            throw new StoreException("cannot read " + log.file() + ": " + e, e);
        }
    }

    void checkpoint() {
        ensureUsable();
        projectionLock.lock();
        try {
            writeCheckpoint(published.get());
        } catch (IOException e) {
            throw new StoreException("cannot write a checkpoint of run " + runId + ": " + e, e);
        } finally {
            projectionLock.unlock();
        }
    }

    /** Returns once every event written so far is durable and {@link #state} shows it. */
    void awaitWritten() {
        RunState written = written();
        try {
            log.awaitDurable(written.lastSeq());
        } catch (IOException e) {
            throw broken("events.jsonl could not be fsynced (" + e + ")", e);
        }
        // The settler publishes it too, a moment later; the newer of the two states stays.
        published.accumulateAndGet(written, (current, next) -> next.lastSeq() > current.lastSeq() ? next : current);
    }

    long writtenSeq() {
        return log.writtenSeq();
    }

    long syncCount() {
        return log.syncCount();
    }

    long projectionFilesWritten() {
        return projector.filesWritten();
    }

    /**
     * Writes what is pending (projections, a checkpoint) and closes the log; false when it was closed already.
     * Stop the threads that append before closing.
     */
    boolean close() {
        appendLock.lock();
        try {
            if (closed) {
                return false;
            }
            closed = true;
        } finally {
            appendLock.unlock();
        }
        // From here no thread of the pipeline starts (see projector() and settler()). What was committed behind is
        // settled first; that may still hand a pass to a projector thread started before.
        ExecutorService settling;
        synchronized (this) {
            settling = settlerThread;
        }
        drain(settling);
        ExecutorService projecting;
        synchronized (this) {
            projecting = projectorThread;
        }
        drain(projecting);
        projectionLock.lock();
        try {
            if (brokenBecause == null) {
                RunState state = published.get();
                projector.flush(state, log.endOf(state.lastSeq()));
                projectedSeq = state.lastSeq();
                // the checkpoints a pass cancelled by the drain would have written, oldest first
                RunState due;
                while ((due = nextDueCheckpoint()) != null) {
                    writeCheckpoint(due);
                }
                writeCheckpoint(state);
            }
        } catch (IOException e) {
            if (DiskFull.problem(e) != null) {
                diskFull = DiskFull.problem(e);
            }
            log().warn("closing run {}: {}", runId, e.toString());
        } finally {
            projectionLock.unlock();
        }
        try {
            log.close();
        } catch (IOException e) {
            log().warn("closing the log of run {}: {}", runId, e.toString());
        }
        return true;
    }

    private static void drain(ExecutorService thread) {
        if (thread == null) {
            return;
        }
        thread.shutdown();
        boolean interrupted = false;
        while (true) {
            try {
                if (thread.awaitTermination(1, TimeUnit.MINUTES)) {
                    break;
                }
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /** Looked up when something is logged: a reader that logs nothing never starts the logging framework. */
    private static Logger log() {
        return LoggerFactory.getLogger(CommitPipeline.class);
    }
}
