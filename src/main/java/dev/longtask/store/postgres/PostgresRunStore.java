package dev.longtask.store.postgres;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.longtask.model.Approval;
import dev.longtask.model.ApprovalAnswer;
import dev.longtask.model.ApprovalQuestion;
import dev.longtask.model.Budget;
import dev.longtask.model.Event;
import dev.longtask.model.EventData;
import dev.longtask.model.EventType;
import dev.longtask.model.JsonMapping;
import dev.longtask.model.Run;
import dev.longtask.model.RunSettings;
import dev.longtask.model.RunStatus;
import dev.longtask.model.Secrets;
import dev.longtask.model.Task;
import dev.longtask.model.TaskDraft;
import dev.longtask.model.TaskResult;
import dev.longtask.model.TaskStatus;
import dev.longtask.store.AtomicFiles;
import dev.longtask.store.Changes;
import dev.longtask.store.Draft;
import dev.longtask.store.FencedException;
import dev.longtask.store.NoSuchRunException;
import dev.longtask.store.Projector;
import dev.longtask.store.ResultFiles;
import dev.longtask.store.RunIds;
import dev.longtask.store.RunLayout;
import dev.longtask.store.RunSnapshot;
import dev.longtask.store.RunState;
import dev.longtask.store.RunStore;
import dev.longtask.store.StoreException;
import dev.longtask.store.StoreOptions;
import dev.longtask.store.Subscribers;
import dev.longtask.store.Transcript;
import dev.longtask.store.UnreachableWorkspaceException;
import dev.longtask.store.file.RunDirectory;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.IntConsumer;
import java.util.function.Predicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The run store on PostgreSQL (docs/scale-out.md): the log is the table {@code longtask_events}, the same events as
 * {@code events.jsonl} in the same order per run, and runs and tasks are rows kept with it in the same transaction.
 * Any number of processes on any machines may have the same run open: every change reads the events other processes
 * appended since it last looked (so it is validated against the newest state by the same {@link RunState#apply}) and
 * appends its own in one statement that commits only if no other process appended meanwhile, else it reads and decides
 * again (see {@link #commitAll}); the commit is the durability point.
 *
 * <p>A claim holds its task by a lease ({@link #leaseDuration()}) that this store renews on a heartbeat thread; every
 * write a task's agent makes (its records, completion, failure, transcript, result) carries the claim's attempt
 * number, and the database refuses it ({@link FencedException}) unless that attempt still holds the task with a lease
 * that has not lapsed. The run directory in the workspace gets the same projection files as the file store (task
 * files, run.json, task_plan.md, progress.md, findings.md, results), written from this process's view of the log
 * (by a worker only before its agents read them, see {@link Projections}), so agents read their memory as they do on
 * one machine; the database is the truth.
 */
public final class PostgresRunStore implements RunStore {
    /** The SQLSTATE the fencing trigger raises. */
    static final String FENCED = "LT409";
    public static final Duration DEFAULT_LEASE = Duration.ofSeconds(30);
    /** Optimistic writes a change tries before it waits for the run's lock (see {@link #commitAll}). */
    private static final int OPTIMISTIC_TRIES = 4;
    /** The channel a commit notifies (payload: the run's id) when it made a task ready to claim. */
    static final String WORK_CHANNEL = "longtask_work";

    private final PostgresDatabase db;
    private final String runId;
    private final Path directory;
    private final StoreOptions options;
    private final Duration lease;
    private final ObjectMapper json = JsonMapping.newMapper();
    private final Changes changes = new Changes(json);
    private final Secrets redactor;
    private final Subscribers subscribers;
    private final Projector projector;
    private final ReentrantLock writeLock = new ReentrantLock();
    private final ReentrantLock projectionLock = new ReentrantLock();
    private volatile RunState state;
    /**
     * The tasks this store claimed and has not finished, with the attempt number that fences their writes. A claim
     * that is lost (its lease lapsed, another attempt took the task) stays here, so every later write about the task
     * still carries the stale attempt and the database refuses it.
     */
    private final Map<Integer, Integer> held = new ConcurrentHashMap<>();
    /** Tasks of {@link #held} whose lease could not be renewed: no longer renewed, reported once. */
    private final Set<Integer> lost = ConcurrentHashMap.newKeySet();
    private final List<IntConsumer> leaseLostListeners = new java.util.concurrent.CopyOnWriteArrayList<>();
    private final ScheduledExecutorService heartbeat;
    private final java.util.concurrent.ExecutorService projectorThread;
    private final java.util.concurrent.atomic.AtomicBoolean projectionQueued = new java.util.concurrent.atomic.AtomicBoolean();
    private volatile boolean closed;
    /** When this process writes the run directory's projection files (see {@link Projections}). */
    private final Projections projections;

    /** When a process writes the projection files of a run it has open. */
    public enum Projections {
        /**
         * After every change it commits or reads, on its projector thread: the process that schedules the run (a
         * session, the server), whose files users and the server's API read.
         */
        ON_EVERY_CHANGE,
        /**
         * Only when asked ({@link #flushProjections}: before an agent reads the run's memory from them) and on close:
         * a worker. Eight workers each rewriting every file at every change of the run halved the tasks/s of the
         * scale-out benchmark; the agents still start from files that show every event so far.
         */
        WHEN_FLUSHED
    }

    private PostgresRunStore(PostgresDatabase db, String runId, Path workspace, RunState state, StoreOptions options,
                             Duration lease, Projections projections) {
        this.db = db;
        this.runId = runId;
        this.directory = RunLayout.runs(workspace).resolve(runId);
        this.options = options;
        this.lease = lease;
        this.projections = projections;
        this.redactor = Secrets.ofValues(options.secrets());
        this.state = state;
        this.subscribers = new Subscribers(runId, state.lastSeq());
        this.projector = new Projector(directory, json);
        this.heartbeat = Executors.newSingleThreadScheduledExecutor(runnable -> {
            Thread thread = new Thread(runnable, "longtask-lease-" + runId);
            thread.setDaemon(true);
            return thread;
        });
        this.projectorThread = Executors.newSingleThreadExecutor(runnable -> {
            Thread thread = new Thread(runnable, "longtask-projector-" + runId);
            thread.setDaemon(true);
            return thread;
        });
        long every = Math.max(50, lease.toMillis() / 3);
        heartbeat.scheduleWithFixedDelay(this::renewLeases, every, every, TimeUnit.MILLISECONDS);
    }

    // ---------------------------------------------------------------- opening

    /**
     * Creates a run in the database (its first event, run.created, is committed when this returns) and its projection
     * directory in {@code workspace}.
     *
     * @param runId null for a new id
     */
    public static PostgresRunStore create(PostgresDatabase db, Path workspace, String runId, String goal, String model,
                                          Budget budget, RunSettings settings, StoreOptions options, Duration lease) {
        RunLayout.requireWorkspace(workspace);
        if (goal == null || goal.isBlank()) {
            throw new IllegalArgumentException("a run needs a goal");
        }
        String id = runId == null ? RunIds.newId(options.clock()) : RunIds.check(runId);
        Path root = workspace.toAbsolutePath().normalize();
        Instant now = Instant.now(options.clock()).truncatedTo(ChronoUnit.MILLIS);
        try (Connection c = db.connection()) {
            try (PreparedStatement insert = c.prepareStatement("INSERT INTO longtask_runs (id, workspace, status, "
                    + "created, last_seq, run) VALUES (?, ?, 'created', ?, 0, '{}'::jsonb) ON CONFLICT (id) DO NOTHING")) {
                insert.setString(1, id);
                insert.setString(2, root.toString());
                insert.setTimestamp(3, Timestamp.from(now));
                if (insert.executeUpdate() == 0) {
                    throw new StoreException("run " + id + " already exists in " + db.shown()
                            + "; choose another id or open it");
                }
            }
        } catch (SQLException e) {
            throw new StoreException("cannot create run " + id + " in " + db.shown() + ": " + e.getMessage(), e);
        }
        PostgresRunStore store = new PostgresRunStore(db, id, root, RunState.EMPTY, options, lease,
                Projections.ON_EVERY_CHANGE);
        try {
            store.prepareDirectory();
            ObjectNode data = store.changes.runCreated(id, goal, root.toString(), model, budget, settings);
            store.commit(state -> new Draft(EventType.RUN_CREATED, null, data));
            store.flushProjections();
            return store;
        } catch (RuntimeException e) {
            store.close();
            throw e;
        }
    }

    /**
     * Opens a run of the database: its state is the replay of its log. Any number of processes may have it open.
     *
     * @throws NoSuchRunException when the database has no such run
     * @throws StoreException     when the run's workspace is not reachable from this machine (its projection directory
     *                            cannot be made): a worker must see the run's workspace at the same path
     */
    public static PostgresRunStore open(PostgresDatabase db, String runId, StoreOptions options, Duration lease) {
        return open(db, runId, options, lease, Projections.ON_EVERY_CHANGE);
    }

    /** Opens a run as {@link #open(PostgresDatabase, String, StoreOptions, Duration)}, writing its files when told. */
    public static PostgresRunStore open(PostgresDatabase db, String runId, StoreOptions options, Duration lease,
                                        Projections projections) {
        String workspace = workspaceOf(db, runId);
        Path root = Path.of(workspace);
        if (!Files.isDirectory(root)) {
            throw new UnreachableWorkspaceException("run " + runId + " works on " + workspace + ", which this machine "
                    + "cannot see: a worker needs the run's workspace at the same path (a shared file system)", null);
        }
        RunState state = RunState.EMPTY;
        for (Event event : events(db, runId, 0, type -> true)) {
            state = state.apply(event);
        }
        PostgresRunStore store = new PostgresRunStore(db, runId, root, state, options, lease, projections);
        try {
            store.prepareDirectory();
            return store;
        } catch (RuntimeException e) {
            store.close();
            throw e;
        }
    }

    /** The workspace a run works on, as its creator saw it. */
    public static String workspaceOf(PostgresDatabase db, String runId) {
        try (Connection c = db.connection();
             PreparedStatement select = c.prepareStatement("SELECT workspace FROM longtask_runs WHERE id = ?")) {
            select.setString(1, runId);
            try (ResultSet row = select.executeQuery()) {
                if (!row.next()) {
                    throw new NoSuchRunException(runId, db.shown());
                }
                return row.getString(1);
            }
        } catch (SQLException e) {
            throw new StoreException("cannot read run " + runId + " from " + db.shown() + ": " + e.getMessage(), e);
        }
    }

    /** Every run of the database with the workspace it works on, newest first. */
    public static Map<String, Path> workspaces(PostgresDatabase db) {
        try (Connection c = db.connection();
             PreparedStatement select = c.prepareStatement(
                     "SELECT id, workspace FROM longtask_runs WHERE last_seq > 0 ORDER BY created DESC, id DESC");
             ResultSet rows = select.executeQuery()) {
            Map<String, Path> runs = new java.util.LinkedHashMap<>();
            while (rows.next()) {
                runs.put(rows.getString(1), Path.of(rows.getString(2)));
            }
            return runs;
        } catch (SQLException e) {
            throw new StoreException("cannot list the runs of " + db.shown() + ": " + e.getMessage(), e);
        }
    }

    /** The seq of the run's last committed event: a cheap way to tell whether the run changed. */
    public static long lastSeq(PostgresDatabase db, String runId) {
        try (Connection c = db.connection();
             PreparedStatement select = c.prepareStatement("SELECT last_seq FROM longtask_runs WHERE id = ?")) {
            select.setString(1, runId);
            try (ResultSet row = select.executeQuery()) {
                if (!row.next()) {
                    throw new NoSuchRunException(runId, db.shown());
                }
                return row.getLong(1);
            }
        } catch (SQLException e) {
            throw new StoreException("cannot read run " + runId + " from " + db.shown() + ": " + e.getMessage(), e);
        }
    }

    /** Lines {@code offset} to {@code offset + limit} of the run's transcript {@code name} ("task_3", "planner_1"). */
    public static List<JsonNode> transcriptLines(PostgresDatabase db, String runId, String name, int offset,
                                                 int limit) {
        try (Connection c = db.connection(); PreparedStatement select = c.prepareStatement(
                "SELECT line FROM longtask_transcripts WHERE run_id = ? AND name = ? ORDER BY n OFFSET ? LIMIT ?")) {
            select.setString(1, runId);
            select.setString(2, name);
            select.setInt(3, offset);
            select.setInt(4, limit);
            ObjectMapper json = JsonMapping.newMapper();
            List<JsonNode> lines = new ArrayList<>();
            try (ResultSet rows = select.executeQuery()) {
                while (rows.next()) {
                    lines.add(json.readTree(rows.getString(1)));
                }
            }
            return lines;
        } catch (SQLException | JsonProcessingException e) {
            throw new StoreException("cannot read transcript " + name + " of run " + runId + " from " + db.shown()
                    + ": " + e.getMessage(), e);
        }
    }

    /** The run ids of the database, newest first. */
    public static List<String> list(PostgresDatabase db) {
        try (Connection c = db.connection();
             PreparedStatement select = c.prepareStatement(
                     "SELECT id FROM longtask_runs WHERE last_seq > 0 ORDER BY created DESC, id DESC");
             ResultSet rows = select.executeQuery()) {
            List<String> ids = new ArrayList<>();
            while (rows.next()) {
                ids.add(rows.getString(1));
            }
            return ids;
        } catch (SQLException e) {
            throw new StoreException("cannot list the runs of " + db.shown() + ": " + e.getMessage(), e);
        }
    }

    /** A run as its log stands now, read by any process without opening it. */
    public static RunSnapshot read(PostgresDatabase db, String runId) {
        String workspace = workspaceOf(db, runId);
        RunState state = RunState.EMPTY;
        for (Event event : events(db, runId, 0, type -> true)) {
            state = state.apply(event);
        }
        return new RunSnapshot(RunLayout.runs(Path.of(workspace)).resolve(runId), state.run(), state.tasks(),
                state.approvals(), state.permissions(), state.history());
    }

    /** The committed events of a run after {@code afterSeq}, in order. */
    public static List<Event> events(PostgresDatabase db, String runId, long afterSeq, Predicate<String> withData) {
        try (Connection c = db.connection()) {
            return readEvents(c, db.shown(), runId, afterSeq, withData);
        } catch (SQLException e) {
            throw new StoreException("cannot read the events of run " + runId + " from " + db.shown() + ": "
                    + e.getMessage(), e);
        }
    }

    private static List<Event> readEvents(Connection c, String shown, String runId, long afterSeq,
                                          Predicate<String> withData) throws SQLException {
        ObjectMapper json = JsonMapping.newMapper();
        List<Event> events = new ArrayList<>();
        try (PreparedStatement select = c.prepareStatement(
                "SELECT seq, time, type, task, line FROM longtask_events WHERE run_id = ? AND seq > ? ORDER BY seq")) {
            select.setString(1, runId);
            select.setLong(2, afterSeq);
            select.setFetchSize(1000);
            try (ResultSet rows = select.executeQuery()) {
                while (rows.next()) {
                    String type = rows.getString(3);
                    if (withData.test(type)) {
                        try {
                            events.add(json.readValue(rows.getString(5), Event.class));
                        } catch (JsonProcessingException e) {
                            throw new StoreException("event " + rows.getLong(1) + " of run " + runId + " in " + shown
                                    + " does not parse: " + e.getOriginalMessage(), e);
                        }
                    } else {
                        int task = rows.getInt(4);
                        events.add(new Event(rows.getLong(1), rows.getTimestamp(2).toInstant(), type,
                                rows.wasNull() ? null : task, json.createObjectNode()));
                    }
                }
            }
        }
        return events;
    }

    private void prepareDirectory() {
        try {
            for (String sub : List.of(RunLayout.TASKS, RunLayout.RESULTS)) {
                Files.createDirectories(directory.resolve(sub));
            }
        } catch (IOException e) {
            throw new UnreachableWorkspaceException("cannot create the run directory " + directory + " (" + e + "): a process that "
                    + "works on run " + runId + " needs its workspace, writable, at the same path", e);
        }
    }

    // ---------------------------------------------------------------- the write path

    /** What one commit appended and the state after it. */
    record Committed(List<Event> events, RunState state) {
    }

    private Committed commit(Function<RunState, Draft> decide) {
        return commitAll(List.of(decide), null, null);
    }

    private Committed commitFenced(int task, List<Function<RunState, Draft>> steps) {
        return commitAll(steps, task, null);
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
     * @param pick       chooses the tasks to claim on the newest state (see {@link #claimNext}), or null
     */
    private Committed commitAll(List<Function<RunState, Draft>> decisions, Integer fencedTask, ClaimPick pick) {
        ensureOpen();
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
                    for (Event event : readEvents(c, db.shown(), runId, before.lastSeq(), type -> true)) {
                        before = before.apply(event);
                        seen.add(event);
                    }
                    state = before;
                    List<Function<RunState, Draft>> steps = pick == null ? decisions : pick.claims(before, changes);
                    Integer attempt = fencedTask == null ? null : held.get(fencedTask);
                    List<Event> events = new ArrayList<>();
                    List<String> lines = new ArrayList<>();
                    RunState after = before;
                    for (Function<RunState, Draft> decide : steps) {
                        Draft draft = decide.apply(after);
                        if (draft == null) {
                            continue;
                        }
                        Instant time = Instant.now(options.clock()).truncatedTo(ChronoUnit.MILLIS);
                        Event raw = new Event(after.lastSeq() + 1, time, draft.type(), draft.task(),
                                draft.data() == null ? json.createObjectNode() : draft.data());
                        String line = encode(raw);
                        Event event = json.readValue(line, Event.class);
                        after = after.apply(event);
                        events.add(event);
                        lines.add(line);
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
                    for (Event event : events) {
                        if (EventType.TASK_CLAIMED.equals(event.type())) {
                            held.put(event.task(), after.task(event.task()).attempts());
                            lost.remove(event.task());
                        } else if (event.task() != null && after.task(event.task()).status() != TaskStatus.IN_PROGRESS) {
                            held.remove(event.task());
                        }
                    }
                    done = new Committed(events, after);
                }
            } catch (SQLException | JsonProcessingException | RuntimeException e) {
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
        requestProjection();
        return done;
    }

    /**
     * Which ready tasks a claim takes, chosen on the newest state: the lowest ids, one per owner, in order, and no more
     * than the run's concurrency leaves room for ({@link #room}).
     */
    private record ClaimPick(List<String> owners, boolean skipBusy) {
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
                if (task.isReady()) {
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
            return redactor.redact(json.writeValueAsString(event));
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(event.type() + ": data is not serialisable: " + e.getOriginalMessage(), e);
        }
    }

    /**
     * Writes the events, the rows of the tasks they changed (an unchanged task is the same object; a task claimed here
     * gets its lease) and the run's row, in one statement, if the log still ends at {@code before}; false when another
     * process committed since. When a task became ready (or the run started running with ready ones, or a place under
     * the run's concurrency opened while tasks wait for one), the workers listening on {@link #WORK_CHANNEL} are told
     * when the transaction commits.
     */
    private boolean write(Connection c, RunState before, RunState after, List<Event> events, List<String> lines,
                          Integer fencedTask, Integer attempt) throws SQLException, JsonProcessingException {
        com.fasterxml.jackson.databind.node.ArrayNode eventRows = json.createArrayNode();
        Set<Integer> claimed = new java.util.HashSet<>();
        for (int i = 0; i < events.size(); i++) {
            Event event = events.get(i);
            eventRows.addObject().put("seq", event.seq()).put("time", event.time().toString()).put("type", event.type())
                    .put("task", event.task())
                    .put("attempt", fencedTask != null && fencedTask.equals(event.task()) ? attempt : null)
                    .put("line", lines.get(i));
            if (EventType.TASK_CLAIMED.equals(event.type())) {
                claimed.add(event.task());
            }
        }
        com.fasterxml.jackson.databind.node.ArrayNode taskRows = json.createArrayNode();
        boolean newWork = false;
        for (Task task : after.tasks()) {
            Task was = task.id() <= before.tasks().size() ? before.tasks().get(task.id() - 1) : null;
            if (was == task) {
                continue;
            }
            newWork |= task.isReady() && (was == null || !was.isReady());
            ObjectNode row = taskRows.addObject().put("id", task.id()).put("status", task.status().wire())
                    .put("ready", task.isReady()).put("attempts", task.attempts()).put("owner", task.owner())
                    .put("claimed", claimed.contains(task.id()));
            row.set("task", json.valueToTree(task));
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
            commit.setString(4, json.writeValueAsString(eventRows));
            commit.setString(5, json.writeValueAsString(taskRows));
            commit.setString(6, run.status().wire());
            commit.setString(7, json.writeValueAsString(run));
            commit.setLong(8, lease.toMillis());
            commit.setBoolean(9, newWork);
            try (ResultSet result = commit.executeQuery()) {
                return result.next() && result.getBoolean(1);
            }
        }
    }

    private static void setInteger(PreparedStatement statement, int index, Integer value) throws SQLException {
        if (value == null) {
            statement.setNull(index, java.sql.Types.INTEGER);
        } else {
            statement.setInt(index, value);
        }
    }

    private RuntimeException failure(Exception e, Integer fencedTask) {
        if (e instanceof SQLException sql && FENCED.equals(sql.getSQLState())) {
            if (fencedTask != null) {
                lost.add(fencedTask);
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

    private void ensureOpen() {
        if (closed) {
            throw new IllegalStateException("run " + runId + " is closed");
        }
    }

    // ---------------------------------------------------------------- claims and leases

    /** How long a claim holds its task without a heartbeat. */
    public Duration leaseDuration() {
        return lease;
    }

    /** The tasks this store holds by a claim (and has not lost), with their attempt numbers. */
    public Map<Integer, Integer> heldTasks() {
        Map<Integer, Integer> holding = new java.util.HashMap<>(held);
        holding.keySet().removeAll(lost);
        return Map.copyOf(holding);
    }

    /** Called (on the heartbeat thread) with a task's id when its lease could not be renewed: another may have it. */
    public void onLeaseLost(IntConsumer listener) {
        leaseLostListeners.add(listener);
    }

    /**
     * Claims the lowest ready task of this run for {@code owner}. With {@code skipBusy} a run another process is
     * writing at this moment is passed over (empty) after one try rather than tried again, so a worker can look at
     * another run.
     */
    public Optional<Task> claimNext(String owner, boolean skipBusy) {
        List<Task> claimed = claimNext(List.of(owner), skipBusy);
        return claimed.isEmpty() ? Optional.empty() : Optional.of(claimed.get(0));
    }

    /**
     * Claims up to one ready task of this run for each of {@code owners} (the lowest ids first, the first owner
     * getting the lowest) in one commit: a worker with several free slots writes the run once for all of them. Empty
     * when nothing is ready, or with {@code skipBusy} when another process wrote the run in the meantime.
     */
    public List<Task> claimNext(List<String> owners, boolean skipBusy) {
        if (owners.isEmpty()) {
            return List.of();
        }
        Committed done = commitAll(List.of(), null, new ClaimPick(owners, skipBusy));
        return done == null ? List.of()
                : done.events().stream().map(event -> done.state().task(event.task())).toList();
    }

    /**
     * Requeues the tasks of this run whose lease lapsed (their worker died or stalled): each gets a task.requeued
     * event naming the owner and attempt that lost it, and may be claimed again. Returns their ids.
     */
    @Override
    public List<Integer> requeueLapsed() {
        List<Function<RunState, Draft>> steps = new ArrayList<>();
        for (int[] task : lapsedLeases()) {
            int id = task[0];
            int attempt = task[1];
            // a decision may be made again on newer events (see commitAll), so it has no side effects
            steps.add(state -> {
                Task t = state.task(id);
                if (t.status() != TaskStatus.IN_PROGRESS || t.attempts() != attempt) {
                    return null;
                }
                return changes.requeue(id, "the lease of " + t.owner() + " (attempt " + attempt
                        + ") lapsed; the task starts over").apply(state);
            });
        }
        Committed done = steps.isEmpty() ? null : commitAll(steps, null, null);
        return done == null ? List.of() : done.events().stream()
                .filter(event -> EventType.TASK_REQUEUED.equals(event.type())).map(Event::task).toList();
    }

    private List<int[]> lapsedLeases() {
        try (Connection c = db.connection(); PreparedStatement select = c.prepareStatement("SELECT id, attempts FROM "
                + "longtask_tasks WHERE run_id = ? AND status = 'in_progress' AND lease_expires < clock_timestamp()")) {
            select.setString(1, runId);
            List<int[]> lapsed = new ArrayList<>();
            try (ResultSet rows = select.executeQuery()) {
                while (rows.next()) {
                    lapsed.add(new int[] {rows.getInt(1), rows.getInt(2)});
                }
            }
            return lapsed;
        } catch (SQLException e) {
            throw new StoreException("run " + runId + ": cannot read leases from " + db.shown() + ": "
                    + e.getMessage(), e);
        }
    }

    /** Extends the lease of every task this store holds; a task whose lease is gone is dropped and reported. */
    void renewLeases() {
        if (closed || held.isEmpty()) {
            return;
        }
        try (Connection c = db.connection(); PreparedStatement renew = c.prepareStatement("UPDATE longtask_tasks SET "
                + "lease_expires = clock_timestamp() + ? * interval '1 millisecond' WHERE run_id = ? AND id = ? "
                + "AND attempts = ? AND status = 'in_progress' AND lease_expires >= clock_timestamp()")) {
            for (Map.Entry<Integer, Integer> claim : heldTasks().entrySet()) {
                renew.setLong(1, lease.toMillis());
                renew.setString(2, runId);
                renew.setInt(3, claim.getKey());
                renew.setInt(4, claim.getValue());
                if (renew.executeUpdate() == 0 && lost.add(claim.getKey())) {
                    log().warn("run {}: the lease of task #{} (attempt {}) could not be renewed; it is lost",
                            runId, claim.getKey(), claim.getValue());
                    leaseLostListeners.forEach(l -> l.accept(claim.getKey()));
                }
            }
        } catch (SQLException | RuntimeException e) {
            // The database is away: the leases lapse unless a later beat gets through, and fencing refuses the rest.
            // The session or worker says once that the database is away; a warning each beat would repeat it.
            if (StoreException.unavailable(e)) {
                log().debug("run {}: cannot renew leases ({})", runId, e.getMessage());
            } else {
                log().warn("run {}: cannot renew leases ({})", runId, e.getMessage());
            }
        }
    }

    /**
     * Reads the events other processes committed since this store last looked and hands them to the subscribers;
     * returns how many there were.
     */
    @Override
    public int refresh() {
        ensureOpen();
        List<Event> seen = new ArrayList<>();
        writeLock.lock();
        try {
            RunState current = state;
            for (Event event : events(db, runId, current.lastSeq(), type -> true)) {
                current = current.apply(event);
                seen.add(event);
            }
            state = current;
        } finally {
            writeLock.unlock();
            seen.forEach(subscribers::deliver);
        }
        if (!seen.isEmpty()) {
            requestProjection();
        }
        return seen.size();
    }

    // ---------------------------------------------------------------- RunStore

    @Override
    public boolean shared() {
        return true;
    }

    @Override
    public String runId() {
        return runId;
    }

    @Override
    public Path directory() {
        return directory;
    }

    @Override
    public Run run() {
        return state.run();
    }

    @Override
    public List<Task> tasks() {
        return state.tasks();
    }

    @Override
    public Task task(int id) {
        return state.task(id);
    }

    @Override
    public List<Event> eventsAfter(long seq) {
        return events(db, runId, seq, type -> true);
    }

    @Override
    public List<Event> eventsAfter(long seq, Predicate<String> withData) {
        return events(db, runId, seq, withData);
    }

    @Override
    public Task createTask(TaskDraft draft) {
        Committed done = commit(changes.createTask(draft));
        return done.state().task(done.events().get(0).task());
    }

    @Override
    public Task updateTask(int id, ObjectNode fields) {
        if (fields == null || fields.isEmpty()) {
            return task(id);
        }
        return commit(changes.updateTask(id, fields)).state().task(id);
    }

    @Override
    public void addDependency(int taskId, int blockedById) {
        commit(changes.addDependency(taskId, blockedById));
    }

    @Override
    public boolean claim(int id, String owner) {
        Function<RunState, Draft> claim = changes.claim(id, owner);
        return commit(state -> room(state) > 0 ? claim.apply(state) : null) != null;
    }

    @Override
    public Task complete(int id, String summary) {
        return commitFenced(id, List.of(changes.complete(id, summary))).state().task(id);
    }

    @Override
    public Task fail(int id, String error) {
        return commitFenced(id, List.of(changes.fail(id, error))).state().task(id);
    }

    /** The records and the status change commit together, fenced by the claim's attempt. */
    @Override
    public Task finish(int id, boolean success, String text, List<EventData> records) {
        return commitFenced(id, changes.finish(id, success, text, records)).state().task(id);
    }

    @Override
    public Task cancel(int id, String reason) {
        return commit(changes.cancel(id, reason)).state().task(id);
    }

    @Override
    public Task cancelAsBlocked(int id, String reason) {
        return commit(changes.cancelAsBlocked(id, reason)).state().task(id);
    }

    /**
     * A requeue by the holder of the task's claim (a worker letting it go on a stop) is fenced like its other writes, so
     * a holder whose lease lapsed cannot take the task from the attempt that has it now.
     */
    @Override
    public Task requeue(int id, String reason) {
        Committed done = held.containsKey(id) ? commitFenced(id, List.of(changes.requeue(id, reason)))
                : commit(changes.requeue(id, reason));
        return done.state().task(id);
    }

    /** What {@link #release} came to. */
    public enum Release {
        /** The task is pending again, for any worker. */
        REQUEUED,
        /** This store held no claim of the task, or lost it (its lease lapsed, another attempt has it). */
        NOT_HELD,
        /** The requeue could not be written (the database is away): its lease lapses unless a later try gets through. */
        NOT_WRITTEN
    }

    /**
     * Gives up this store's claim of task {@code id}, if it still holds it: no slot works the task any more (its
     * agent ended without a record, or the record could not be written). Its lease is no longer renewed from now on,
     * and the task is requeued (fenced) so another takes it at once. No lease is ever renewed for a task nobody
     * works: no zombie lease.
     */
    public Release release(int id, String why) {
        if (!held.containsKey(id)) {
            return Release.NOT_HELD;
        }
        lost.add(id); // not renewed from now on; a new claim of the task clears it
        try {
            requeue(id, why);
            return Release.REQUEUED;
        } catch (FencedException e) {
            return Release.NOT_HELD;
        } catch (StoreException e) {
            log().debug("run {}: task #{} could not be given back yet ({})", runId, id, e.getMessage());
            return Release.NOT_WRITTEN;
        }
    }

    /** {@link #release} of every task this store holds (a worker exiting); returns how many were requeued. */
    public int releaseAll(String why) {
        int requeued = 0;
        for (int id : heldTasks().keySet()) {
            requeued += release(id, why) == Release.REQUEUED ? 1 : 0;
        }
        return requeued;
    }

    @Override
    public Task setStatus(int id, TaskStatus status, String reason) {
        Committed done = commit(changes.setStatus(id, status, reason));
        return done == null ? task(id) : done.state().task(id);
    }

    @Override
    public void setRunStatus(RunStatus status, String reason) {
        commit(changes.setRunStatus(status, reason));
    }

    /** An event about a task this store holds carries the claim's attempt, so a lost claim cannot record it. */
    @Override
    public Event append(String type, Integer task, ObjectNode data) {
        Function<RunState, Draft> step = changes.append(type, task, data);
        Committed done = task != null && held.containsKey(task) ? commitFenced(task, List.of(step)) : commit(step);
        return done.events().get(0);
    }

    @Override
    public Event append(Integer task, EventData data) {
        return append(data.type(), task, json.valueToTree(data));
    }

    @Override
    public List<Approval> approvals() {
        return state.approvals();
    }

    @Override
    public Approval requestApproval(ApprovalQuestion question) {
        Committed done = commit(changes.requestApproval(question));
        return done.state().approvals().get(done.state().approvals().size() - 1);
    }

    @Override
    public Approval answerApproval(ApprovalAnswer answer) {
        return commit(changes.answerApproval(answer)).state().approvals().get(answer.id() - 1);
    }

    /**
     * Stores the result in the database (fenced by the claim's attempt when this store holds the task), then writes
     * {@code results/task_<id>/result.json} in the shared workspace for the readers of files.
     */
    @Override
    public Path writeResult(int id, JsonNode result) {
        task(id);
        String text;
        try {
            text = redactor.redact(json.writerWithDefaultPrettyPrinter().writeValueAsString(result)) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("the result of task " + id + " is not serialisable", e);
        }
        Integer attempt = held.get(id);
        try (Connection c = db.connection(); PreparedStatement upsert = c.prepareStatement("INSERT INTO longtask_results "
                + "(run_id, task, attempt, result) VALUES (?, ?, ?, ?) ON CONFLICT (run_id, task) DO UPDATE SET "
                + "attempt = EXCLUDED.attempt, result = EXCLUDED.result, written = clock_timestamp()")) {
            upsert.setString(1, runId);
            upsert.setInt(2, id);
            setInteger(upsert, 3, attempt);
            upsert.setString(4, text);
            upsert.executeUpdate();
        } catch (SQLException e) {
            throw failure(e, attempt == null ? null : id);
        }
        Path file = resultDirectory(id).resolve(RunLayout.RESULT_FILE);
        try {
            AtomicFiles.write(file, text.getBytes(StandardCharsets.UTF_8), true);
        } catch (IOException e) {
            throw new StoreException("cannot write " + file + ": " + e, e);
        }
        return file;
    }

    /** What task {@code id}'s agent submitted, as the database holds it: readable from any machine. */
    @Override
    public Optional<TaskResult> result(int id) {
        try (Connection c = db.connection(); PreparedStatement select = c.prepareStatement(
                "SELECT result FROM longtask_results WHERE run_id = ? AND task = ?")) {
            select.setString(1, runId);
            select.setInt(2, id);
            try (ResultSet row = select.executeQuery()) {
                return row.next() ? Optional.of(ResultFiles.parse(row.getString(1))) : Optional.empty();
            }
        } catch (SQLException e) {
            throw new StoreException("cannot read the result of task " + id + " of run " + runId + ": "
                    + e.getMessage(), e);
        }
    }

    @Override
    public Path writeReport(String markdown, JsonNode finalResult) {
        ensureOpen();
        String report = redactor.redact(markdown);
        String result;
        try {
            result = redactor.redact(json.writerWithDefaultPrettyPrinter().writeValueAsString(finalResult)) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("the final result of run " + runId + " is not serialisable", e);
        }
        try (Connection c = db.connection(); PreparedStatement upsert = c.prepareStatement("INSERT INTO longtask_files "
                + "(run_id, name, content) VALUES (?, ?, ?) ON CONFLICT (run_id, name) DO UPDATE SET content = "
                + "EXCLUDED.content")) {
            for (String[] file : List.of(new String[] {RunLayout.REPORT_FILE, report},
                    new String[] {RunLayout.FINAL_RESULT_FILE, result})) {
                upsert.setString(1, runId);
                upsert.setString(2, file[0]);
                upsert.setString(3, file[1]);
                upsert.addBatch();
            }
            upsert.executeBatch();
        } catch (SQLException e) {
            throw new StoreException("cannot store the report of run " + runId + " in " + db.shown() + ": "
                    + e.getMessage(), e);
        }
        try {
            AtomicFiles.write(directory.resolve(RunLayout.REPORT_FILE), report.getBytes(StandardCharsets.UTF_8), true);
            AtomicFiles.write(directory.resolve(RunLayout.FINAL_RESULT_FILE), result.getBytes(StandardCharsets.UTF_8), true);
        } catch (IOException e) {
            throw new StoreException("cannot write the report of run " + runId + " in " + directory + ": " + e, e);
        }
        append(EventType.REPORT_WRITTEN, null, changes.reportWritten(finalResult));
        return directory.resolve(RunLayout.REPORT_FILE);
    }

    @Override
    public Path resultDirectory(int id) {
        task(id);
        Path dir = RunLayout.of(directory).resultDirectory(id);
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new StoreException("cannot create " + dir + ": " + e, e);
        }
        return dir;
    }

    @Override
    public Transcript transcript(int id) {
        ensureOpen();
        task(id);
        return entry -> appendTranscript(RunLayout.taskTranscript(id), id, entry);
    }

    @Override
    public Transcript roleTranscript(String name) {
        ensureOpen();
        if (name == null || !name.matches("[a-z0-9_-]+")) {
            throw new IllegalArgumentException("a transcript name is [a-z0-9_-]+, not '" + name + "'");
        }
        return entry -> appendTranscript(name, null, entry);
    }

    private void appendTranscript(String name, Integer task, ObjectNode entry) {
        Integer attempt = task == null ? null : held.get(task);
        try (Connection c = db.connection(); PreparedStatement insert = c.prepareStatement(
                "INSERT INTO longtask_transcripts (run_id, name, task, attempt, line) VALUES (?, ?, ?, ?, ?)")) {
            insert.setString(1, runId);
            insert.setString(2, name);
            setInteger(insert, 3, task);
            setInteger(insert, 4, attempt);
            insert.setString(5, redactor.redact(json.writeValueAsString(entry)));
            insert.executeUpdate();
        } catch (SQLException | JsonProcessingException e) {
            throw failure(e, attempt == null ? null : task);
        }
    }

    /** The lines of {@code transcripts/<name>.jsonl} as the database holds them ("task_3", "planner_1"...). */
    public List<JsonNode> transcriptLines(String name) {
        return transcriptLines(db, runId, name, 0, Integer.MAX_VALUE);
    }

    /** The database is the truth and replays fast: nothing to checkpoint. */
    @Override
    public void checkpoint() {
        ensureOpen();
    }

    /** Brings the files up to the newest committed state (including other processes' events). */
    @Override
    public void flushProjections() {
        ensureOpen();
        refresh();
        project();
    }

    /** Hands the newest state to the projector thread, unless a pass is already queued: commits never wait on files. */
    private void requestProjection() {
        if (projections == Projections.WHEN_FLUSHED) {
            return;
        }
        if (!projectionQueued.compareAndSet(false, true)) {
            return;
        }
        try {
            projectorThread.execute(() -> {
                projectionQueued.set(false);
                project();
            });
        } catch (java.util.concurrent.RejectedExecutionException closing) {
            projectionQueued.set(false);
        }
    }

    private void project() {
        projectionLock.lock();
        try {
            projector.write(state, 0);
        } catch (IOException e) {
            log().warn("could not write the projections of run {} ({}); the next write rewrites them", runId,
                    e.toString());
        } finally {
            projectionLock.unlock();
        }
    }

    /**
     * Listeners are called after each event is committed, in the order of the log, for this process's events and for
     * the events of other processes it sees (at its next change or {@link #refresh}).
     */
    @Override
    public void subscribe(Consumer<Event> listener) {
        subscribers.add(listener);
    }

    @Override
    public void unsubscribe(Consumer<Event> listener) {
        subscribers.remove(listener);
    }

    /** Stops renewing leases; tasks still held lapse and are claimed again elsewhere. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        heartbeat.shutdownNow();
        projectorThread.shutdown();
        try {
            projectorThread.awaitTermination(1, TimeUnit.MINUTES);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        projectionLock.lock();
        try {
            if (state.run() != null) {
                projector.flush(state, 0);
            }
        } catch (IOException e) {
            log().warn("closing run {}: {}", runId, e.toString());
        } finally {
            projectionLock.unlock();
        }
    }

    private static Logger log() {
        return LoggerFactory.getLogger(PostgresRunStore.class);
    }
}
