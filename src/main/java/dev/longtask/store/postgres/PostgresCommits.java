package dev.longtask.store.postgres;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import dev.longtask.model.Event;
import dev.longtask.model.EventType;
import dev.longtask.model.Run;
import dev.longtask.model.RunStatus;
import dev.longtask.model.Secrets;
import dev.longtask.model.Task;
import dev.longtask.model.TaskStatus;
import dev.longtask.store.Changes;
import dev.longtask.store.Draft;
import dev.longtask.store.EventSourcedRunStore.Committed;
import dev.longtask.model.run.FencedException;
import dev.longtask.model.run.NoSuchRunException;
import dev.longtask.store.RunState;
import dev.longtask.model.run.StoreException;
import dev.longtask.store.Subscribers;
import java.io.IOException;
import java.io.StringWriter;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The write path of one run kept in the database, and the state it keeps: every change is decided on the newest
 * committed state and written in one statement that commits only if nobody appended meanwhile (see
 * {@link #commitAll}). Events other processes committed are read on the way, applied, and handed to the subscribers
 * in the order of the log.
 */
final class PostgresCommits {
    /** The SQLSTATE the fencing trigger raises. */
    static final String FENCED = "LT409";
    /** Optimistic writes a change tries before it waits for the run's lock (see {@link #commitAll}). */
    private static final int OPTIMISTIC_TRIES = 4;

    private final PostgresDatabase db;
    private final String runId;
    private final Clock clock;
    private final ObjectMapper json;
    private final Secrets redactor;
    private final Changes changes;
    private final Leases leases;
    private final Subscribers subscribers;
    private final ProjectionThread projection;
    private final ReentrantLock writeLock = new ReentrantLock();
    /** The writers of the rows' JSON, their serialisers found once rather than at every commit. */
    private final ObjectWriter tasks;
    private final ObjectWriter runs;
    private volatile RunState state;

    PostgresCommits(PostgresDatabase db, String runId, RunState state, Clock clock, ObjectMapper json,
                    Secrets redactor, Changes changes, Leases leases, Subscribers subscribers,
                    ProjectionThread projection) {
        this.db = db;
        this.runId = runId;
        this.state = state;
        this.clock = clock;
        this.json = json;
        this.redactor = redactor;
        this.changes = changes;
        this.leases = leases;
        this.subscribers = subscribers;
        this.projection = projection;
        this.tasks = json.writerFor(Task.class);
        this.runs = json.writerFor(Run.class);
    }

    /** The newest state this process committed or read. */
    RunState state() {
        return state;
    }

    /**
     * Refuses a write about {@code task} (null: none) once this store gave its claim back: the write comes from an
     * agent that outlived the claim, and would carry no attempt the database could check.
     */
    void refuseAfterLetGo(Integer task) {
        if (task != null && leases.letGo(task)) {
            throw new FencedException("run " + runId + ": task " + task + " was given back by this process; its "
                    + "earlier attempt can record nothing more", null);
        }
    }

    /**
     * The one way anything changes: reads the events other processes committed since this store last looked, applies
     * them, decides and validates the new events against that newest state, and writes them with the run's and the
     * changed tasks' rows in one statement ({@code longtask_commit}) that commits only if the log has not moved since
     * the read; when it has, the decision is made again on the events that came in. After
     * {@link #OPTIMISTIC_TRIES} lost races the write waits for the run's lock first, so it always gets through. Null
     * when no decision had anything to do.
     *
     * @param fencedTask the task whose attempt number the events carry, or null for writes under no claim
     * @param pick       chooses the tasks to claim on the state {@code decisions} leave (see
     *                   {@link PostgresRunStore#claimNext}), or null
     */
    Committed commitAll(List<Function<RunState, Draft>> decisions, Integer fencedTask, ClaimPick pick) {
        refuseAfterLetGo(fencedTask);
        List<Event> seen = new ArrayList<>();
        Committed done = null;
        writeLock.lock();
        try (Connection c = db.connection()) {
            try {
                for (int tries = 1; done == null; tries++) {
                    boolean locked = tries > OPTIMISTIC_TRIES;
                    if (locked) {
                        c.setAutoCommit(false);
                        if (!lockRun(c, false)) {
                            c.rollback();
                            return null;
                        }
                    }
                    RunState before = state;
                    for (Event event : PostgresRuns.readEvents(c, db.shown(), runId, before.lastSeq(), type -> true)) {
                        before = before.apply(event);
                        seen.add(event);
                    }
                    state = before;
                    Integer attempt = fencedTask == null ? null : leases.attempt(fencedTask);
                    List<Event> events = new ArrayList<>();
                    List<String> lines = new ArrayList<>();
                    RunState after = decide(before, decisions, events, lines);
                    if (pick != null) {
                        // the claims are decided on the state the decisions leave (a task that ended frees its place)
                        after = decide(after, pick.claims(after, changes), events, lines);
                    }
                    if (events.isEmpty()) {
                        if (locked) {
                            c.commit();
                        }
                        return null;
                    }
                    boolean written = write(c, before, after, events, lines, fencedTask, attempt);
                    if (locked) {
                        c.commit();
                    }
                    if (!written) {
                        if (pick != null && pick.skipBusy) {
                            return null; // another process is writing the run: the caller may look elsewhere
                        }
                        continue;
                    }
                    state = after;
                    seen.addAll(events);
                    leases.committed(events, after);
                    done = new Committed(events, after);
                }
            } catch (SQLException | IOException | RuntimeException e) {
                if (!c.getAutoCommit()) {
                    rollbackQuietly(c);
                }
                throw failure(e, fencedTask);
            }
        } catch (SQLException e) {
            throw new StoreException("run " + runId + ": cannot reach " + db.shown() + ": " + e.getMessage(), e);
        } finally {
            writeLock.unlock();
            seen.forEach(subscribers::deliver);
        }
        projection.request();
        return done;
    }

    /** Applies {@code steps} one after the other from {@code state}, adding their events and log lines; the state after. */
    private RunState decide(RunState state, List<Function<RunState, Draft>> steps, List<Event> events,
                            List<String> lines) throws JsonProcessingException {
        RunState after = state;
        for (Function<RunState, Draft> decide : steps) {
            Draft draft = decide.apply(after);
            if (draft == null) {
                continue;
            }
            Instant time = Instant.now(clock).truncatedTo(ChronoUnit.MILLIS);
            Event raw = new Event(after.lastSeq() + 1, time, draft.type(), draft.task(),
                    draft.data() == null ? json.createObjectNode() : draft.data().deepCopy());
            String text = encode(raw);
            String line = redactor.redact(text);
            // what a reader of the log will see: the draft itself, unless a secret was masked in its line
            Event event = line == text ? raw : json.readValue(line, Event.class);
            after = after.apply(event);
            events.add(event);
            lines.add(line);
        }
        return after;
    }

    /**
     * Which ready tasks a claim takes, chosen on the newest state: the lowest ids, one per owner, in order, and no more
     * than the run's concurrency leaves room for ({@link #room}), none of {@code busy}.
     */
    record ClaimPick(List<String> owners, boolean skipBusy, Set<Integer> busy) {
        List<Function<RunState, Draft>> claims(RunState state, Changes changes) {
            if (state.run().status() != RunStatus.RUNNING) {
                return List.of();
            }
            int most = Math.min(owners.size(), room(state));
            List<Function<RunState, Draft>> claims = new ArrayList<>();
            for (Task task : state.tasks()) {
                if (claims.size() >= most) {
                    break;
                }
                if (task.isReady() && !busy.contains(task.id())) {
                    claims.add(changes.claim(task.id(), owners.get(claims.size())));
                }
            }
            return claims;
        }
    }

    /**
     * How many more tasks of the run may be claimed now: its recorded concurrency (a cap across every process that
     * works on it) less the tasks in progress. The claim is decided on the newest state and written only if the log
     * has not moved since it was read ({@link #commitAll}), so two processes that claim at once cannot both take the
     * last place: the later write finds the log moved, reads the other claim, and decides again.
     */
    static int room(RunState state) {
        Integer cap = state.run().recordedSettings().concurrency();
        if (cap == null || cap < 1) {
            return Integer.MAX_VALUE; // a run made before its concurrency was recorded
        }
        int working = 0;
        for (Task task : state.tasks()) {
            if (task.status() == TaskStatus.IN_PROGRESS) {
                working++;
            }
        }
        return Math.max(0, cap - working);
    }

    /** Takes the run's row lock for the rest of the transaction (the fallback of a write that kept losing races). */
    private boolean lockRun(Connection c, boolean skipLocked) throws SQLException {
        // NO KEY UPDATE, not UPDATE: writers of a run still queue one behind the other, but the foreign-key checks of
        // other processes' transcript lines and results (a KEY SHARE lock on the run's row) do not wait for them.
        try (PreparedStatement lock = c.prepareStatement("SELECT last_seq FROM longtask_runs WHERE id = ? "
                + "FOR NO KEY UPDATE" + (skipLocked ? " SKIP LOCKED" : ""))) {
            lock.setString(1, runId);
            try (ResultSet row = lock.executeQuery()) {
                if (row.next()) {
                    return true;
                }
            }
        }
        if (skipLocked) {
            return false;
        }
        throw new NoSuchRunException(runId, db.shown());
    }

    private String encode(Event event) {
        try {
            return json.writeValueAsString(event);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(event.type() + ": data is not serialisable: " + e.getOriginalMessage(), e);
        }
    }

    /**
     * Writes the events, the rows of the tasks they changed (an unchanged task is the same object; a task claimed here
     * gets its lease) and the run's row, in one statement, if the log still ends at {@code before}; false when another
     * process committed since. When a task became ready (or the run started running with ready ones, or a place under
     * the run's concurrency opened while tasks wait for one), the workers listening on {@link PostgresRunStore#WORK_CHANNEL} are told
     * when the transaction commits.
     */
    private boolean write(Connection c, RunState before, RunState after, List<Event> events, List<String> lines,
                          Integer fencedTask, Integer attempt) throws SQLException, IOException {
        // the rows' JSON is written straight to text by one generator each, not built as trees and written again
        StringWriter eventRows = new StringWriter(256 * events.size());
        Set<Integer> claimed = new HashSet<>();
        try (JsonGenerator rows = json.getFactory().createGenerator(eventRows)) {
            rows.writeStartArray();
            for (int i = 0; i < events.size(); i++) {
                Event event = events.get(i);
                rows.writeStartObject();
                rows.writeNumberField("seq", event.seq());
                rows.writeStringField("time", event.time().toString());
                rows.writeStringField("type", event.type());
                writeInteger(rows, "task", event.task());
                writeInteger(rows, "attempt", fencedTask != null && fencedTask.equals(event.task()) ? attempt : null);
                rows.writeStringField("line", lines.get(i));
                rows.writeEndObject();
                if (EventType.TASK_CLAIMED.equals(event.type())) {
                    claimed.add(event.task());
                }
            }
            rows.writeEndArray();
        }
        StringWriter taskRows = new StringWriter(1024);
        boolean newWork = false;
        try (JsonGenerator rows = json.getFactory().createGenerator(taskRows)) {
            rows.writeStartArray();
            for (Task task : after.tasks()) {
                Task was = task.id() <= before.tasks().size() ? before.tasks().get(task.id() - 1) : null;
                if (was == task) {
                    continue;
                }
                newWork |= task.isReady() && (was == null || !was.isReady());
                rows.writeStartObject();
                rows.writeNumberField("id", task.id());
                rows.writeStringField("status", task.status().wire());
                rows.writeBooleanField("ready", task.isReady());
                rows.writeNumberField("attempts", task.attempts());
                rows.writeStringField("owner", task.owner());
                rows.writeBooleanField("claimed", claimed.contains(task.id()));
                rows.writeFieldName("task");
                tasks.writeValue(rows, task);
                rows.writeEndObject();
            }
            rows.writeEndArray();
        }
        Run run = after.run();
        newWork |= run.status() == RunStatus.RUNNING && (before.run() == null
                || before.run().status() != RunStatus.RUNNING) && after.tasks().stream().anyMatch(Task::isReady);
        // a task of a run at its concurrency ended: a ready one waiting for the place may be claimed now
        newWork |= before.run() != null && room(before) == 0 && room(after) > 0
                && after.tasks().stream().anyMatch(Task::isReady);
        try (PreparedStatement commit = c.prepareStatement(
                "SELECT longtask_commit(?, ?, ?, ?::jsonb, ?::jsonb, ?, ?::jsonb, ?, ?)")) {
            commit.setString(1, runId);
            commit.setLong(2, before.lastSeq());
            commit.setLong(3, after.lastSeq());
            commit.setString(4, eventRows.toString());
            commit.setString(5, taskRows.toString());
            commit.setString(6, run.status().wire());
            commit.setString(7, runs.writeValueAsString(run));
            commit.setLong(8, leases.duration().toMillis());
            commit.setBoolean(9, newWork);
            try (ResultSet result = commit.executeQuery()) {
                return result.next() && result.getBoolean(1);
            }
        }
    }

    private static void writeInteger(JsonGenerator out, String name, Integer value) throws IOException {
        if (value == null) {
            out.writeNullField(name);
        } else {
            out.writeNumberField(name, value);
        }
    }

    static void setInteger(PreparedStatement statement, int index, Integer value) throws SQLException {
        if (value == null) {
            statement.setNull(index, java.sql.Types.INTEGER);
        } else {
            statement.setInt(index, value);
        }
    }

    RuntimeException failure(Exception e, Integer fencedTask) {
        if (e instanceof SQLException sql && FENCED.equals(sql.getSQLState())) {
            if (fencedTask != null) {
                leases.lose(fencedTask);
            }
            return new FencedException("run " + runId + ": " + firstLine(sql.getMessage())
                    + "; this process lost the task and its write was refused", sql);
        }
        if (e instanceof RuntimeException runtime) {
            return runtime;
        }
        if (e instanceof JsonProcessingException j) {
            return new IllegalArgumentException("run " + runId + ": " + j.getOriginalMessage(), j);
        }
        return new StoreException("run " + runId + ": the database refused the change (" + e.getMessage() + ")", e);
    }

    private static String firstLine(String message) {
        String text = message == null ? "" : message.strip();
        if (text.startsWith("ERROR: ")) {
            text = text.substring(7);
        }
        int newline = text.indexOf('\n');
        return newline < 0 ? text : text.substring(0, newline);
    }

    private static void rollbackQuietly(Connection c) {
        try {
            c.rollback();
        } catch (SQLException e) {
            log().warn("rollback failed: {}", e.toString());
        }
    }

    /**
     * Reads the events other processes committed since this store last looked and hands them to the subscribers;
     * returns them.
     */
    List<Event> refresh() {
        List<Event> seen = new ArrayList<>();
        writeLock.lock();
        try {
            RunState current = state;
            for (Event event : PostgresRuns.events(db, runId, current.lastSeq(), type -> true)) {
                current = current.apply(event);
                seen.add(event);
            }
            state = current;
        } finally {
            writeLock.unlock();
            seen.forEach(subscribers::deliver);
        }
        if (!seen.isEmpty()) {
            projection.request();
        }
        return seen;
    }

    private static Logger log() {
        return LoggerFactory.getLogger(PostgresRunStore.class);
    }
}
