package dev.longtask.store;

import dev.longtask.model.Secrets;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.longtask.model.Event;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How a change of a run becomes durable and visible, the same way for every change: under the append lock the
 * event is built, checked by applying it to the live state ({@link RunState#apply}: an event it refuses is never
 * written) and written to {@code events.jsonl}; then, outside the lock, the appender waits until the event is
 * durable (per the {@link FsyncPolicy}), publishes the state after it to readers, writes the projections and,
 * every {@code checkpointEvery} events, a checkpoint; then the subscribers hear of it, in log order. Readers see
 * only durable states.
 */
final class CommitPipeline {
    private static final Logger LOG = LoggerFactory.getLogger(CommitPipeline.class);

    /** An event to append, as a change decides it. */
    record Draft(String type, Integer task, ObjectNode data) {
    }

    /** An appended event and the state after it. */
    record Committed(Event event, RunState state) {
    }

    private final String runId;
    private final StoreOptions options;
    private final ObjectMapper json;
    private final Secrets redactor;
    private final EventLog log;
    private final Checkpoints checkpoints;
    private final Projector projector;
    private final Subscribers subscribers;

    private final ReentrantLock appendLock = new ReentrantLock();
    private RunState live;
    private final AtomicReference<RunState> published;

    private final ReentrantLock projectionLock = new ReentrantLock();
    private long projectedSeq;
    private long checkpointSeq;

    private volatile boolean closed;
    private volatile String brokenBecause;

    CommitPipeline(String runId, StoreOptions options, ObjectMapper json, Secrets redactor, EventLog log,
                   Checkpoints checkpoints, Projector projector, RunState state, long checkpointSeq) {
        this.runId = runId;
        this.options = options;
        this.json = json;
        this.redactor = redactor;
        this.log = log;
        this.checkpoints = checkpoints;
        this.projector = projector;
        this.live = state;
        this.published = new AtomicReference<>(state);
        this.projectedSeq = state.lastSeq();
        this.checkpointSeq = checkpointSeq;
        this.subscribers = new Subscribers(runId, state.lastSeq());
    }

    /** The newest durable state. */
    RunState state() {
        return published.get();
    }

    Subscribers subscribers() {
        return subscribers;
    }

    /**
     * The one way anything changes. {@code decide} sees the live state under the append lock and returns the
     * event to append, or null for nothing to do; the event is validated by applying it before it is written.
     */
    Committed commit(Function<RunState, Draft> decide) {
        Event event;
        RunState after;
        appendLock.lock();
        try {
            ensureUsable();
            Draft draft = decide.apply(live);
            if (draft == null) {
                return null;
            }
            Instant time = Instant.now(options.clock()).truncatedTo(ChronoUnit.MILLIS);
            byte[] line = encode(new Event(live.lastSeq() + 1, time, draft.type(), draft.task(),
                    draft.data() == null ? json.createObjectNode() : draft.data()));
            event = LogScan.parse(log.file(), json, live.lastSeq() + 1, Arrays.copyOf(line, line.length - 1));
            after = live.apply(event);
            try {
                log.write(event.seq(), line);
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
        try {
            log.awaitDurable(event.seq());
        } catch (IOException e) {
            subscribers.skip(event.seq());
            throw broken("events.jsonl could not be fsynced (" + e + ")", e);
        }
        published.accumulateAndGet(after, (current, next) -> next.lastSeq() > current.lastSeq() ? next : current);
        project();
        subscribers.deliver(event);
        return new Committed(event, after);
    }

    private byte[] encode(Event event) {
        try {
            return (redactor.redact(json.writeValueAsString(event)) + "\n").getBytes(StandardCharsets.UTF_8);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(event.type() + ": data is not serialisable: " + e.getOriginalMessage(), e);
        }
    }

    /** Writes the projections of the newest published state, and a checkpoint when one is due. */
    private void project() {
        projectionLock.lock();
        try {
            RunState state = published.get();
            if (state.lastSeq() > projectedSeq) {
                try {
                    projector.write(state);
                    projectedSeq = state.lastSeq();
                } catch (IOException e) {
                    LOG.warn("could not write the projections of run {} at seq {} ({}); the next open rebuilds them",
                            runId, state.lastSeq(), e.toString());
                }
            }
            if (state.lastSeq() - checkpointSeq >= options.checkpointEvery()) {
                try {
                    writeCheckpoint(state);
                } catch (IOException e) {
                    LOG.warn("could not write a checkpoint of run {} at seq {} ({})", runId, state.lastSeq(), e.toString());
                }
            }
        } finally {
            projectionLock.unlock();
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
        byte[] eventLine = log.linesAfter(state.lastSeq() - 1, state.lastSeq()).get(0);
        checkpoints.write(state, eventLine, options.checkpointsKept());
        checkpointSeq = state.lastSeq();
    }

    private StoreException broken(String why, Exception cause) {
        brokenBecause = why;
        return new StoreException("run " + runId + ": " + why + "; the store refuses further changes: reopen the run "
                + "to recover from the log", cause);
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
        try {
            List<Event> events = new ArrayList<>();
            for (byte[] line : log.linesAfter(Math.max(seq, 0), log.visibleSeq())) {
                events.add(json.readValue(line, Event.class));
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
        projectionLock.lock();
        try {
            if (brokenBecause == null) {
                RunState state = published.get();
                projector.flush(state);
                projectedSeq = state.lastSeq();
                writeCheckpoint(state);
            }
        } catch (IOException e) {
            LOG.warn("closing run {}: {}", runId, e.toString());
        } finally {
            projectionLock.unlock();
        }
        try {
            log.close();
        } catch (IOException e) {
            LOG.warn("closing the log of run {}: {}", runId, e.toString());
        }
        return true;
    }
}
