package dev.longtask.store.postgres;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.longtask.model.Budget;
import dev.longtask.model.Event;
import dev.longtask.model.EventData;
import dev.longtask.model.EventType;
import dev.longtask.model.JsonMapping;
import dev.longtask.model.RunSettings;
import dev.longtask.model.RunStatus;
import dev.longtask.model.Secrets;
import dev.longtask.model.Task;
import dev.longtask.model.TaskResult;
import dev.longtask.model.TaskStatus;
import dev.longtask.store.AtomicFiles;
import dev.longtask.store.Draft;
import dev.longtask.store.EventSourcedRunStore;
import dev.longtask.model.run.FencedException;
import dev.longtask.model.run.MemoryFiles;
import dev.longtask.store.MemoryTexts;
import dev.longtask.store.ResultFiles;
import dev.longtask.store.RunIds;
import dev.longtask.store.RunLayout;
import dev.longtask.store.RunState;
import dev.longtask.model.run.StoreException;
import dev.longtask.model.run.StoreOptions;
import dev.longtask.store.Subscribers;
import dev.longtask.model.run.Transcript;
import dev.longtask.model.run.UnreachableWorkspaceException;
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
import java.util.Set;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;
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
public final class PostgresRunStore extends EventSourcedRunStore {
    public static final Duration DEFAULT_LEASE = Duration.ofSeconds(30);
    /** The channel a commit notifies (payload: the run's id) when it made a task ready to claim. */
    static final String WORK_CHANNEL = "longtask_work";

    private final PostgresDatabase db;
    private final StoreOptions options;
    private final Subscribers subscribers;
    private final Leases leases;
    private final ProjectionThread projection;
    private final Projections projections;
    private final PostgresCommits commits;
    private final PostgresRunRows rows;
    private final NextClaims nextClaims = new NextClaims();
    private volatile boolean closed;

    /** When a process writes the projection files of a run it has open. */
    public enum Projections {
        /**
         * After every change it commits or reads, on its projector thread: the process that schedules the run (a
         * session, the server), whose files users and the server's API read.
         */
        ON_EVERY_CHANGE,
        /**
         * Only when asked ({@link #flushProjections}), never on close: a worker, which leaves them to the process that
         * schedules the run. Eight workers each rewriting every file at every change of the run halved the tasks/s of
         * the scale-out benchmark, and rewriting the task files others changed before each of its agents started was
         * an eighth of a worker's samples; its agents' memory is rendered from the newest state (see
         * {@link #memoryFiles}), the same texts the files would hold.
         */
        WHEN_FLUSHED
    }

    private PostgresRunStore(PostgresDatabase db, String runId, Path workspace, RunState state, StoreOptions options,
                             Duration lease, Projections projections) {
        // the shared mapper, whose serialisers are built once per process, not once for each run a worker opens
        super(RunLayout.runs(workspace).resolve(runId), runId, JsonMapping.MAPPER,
                Secrets.ofValues(options.secrets()));
        this.db = db;
        this.options = options;
        this.subscribers = new Subscribers(runId, state.lastSeq());
        this.leases = new Leases(db, runId, lease);
        this.projections = projections;
        this.projection = new ProjectionThread(directory, json, runId, projections, this::state);
        this.commits = new PostgresCommits(db, runId, state, options.clock(), json, redactor, changes, leases,
                subscribers, projection);
        this.rows = new PostgresRunRows(db, runId, commits);
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
        String workspace = PostgresRuns.workspaceOf(db, runId);
        Path root = Path.of(workspace);
        if (!Files.isDirectory(root)) {
            throw new UnreachableWorkspaceException("run " + runId + " works on " + workspace + ", which this machine "
                    + "cannot see: a worker needs the run's workspace at the same path (a shared file system)", null);
        }
        RunState state = RunState.EMPTY;
        for (Event event : PostgresRuns.events(db, runId, 0, type -> true)) {
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

    @Override
    protected Committed commit(Function<RunState, Draft> decide) {
        ensureOpen();
        return commits.commitAll(List.of(decide), null, null);
    }

    /** A write about a task this store claimed: the events carry the claim's attempt, which the database checks. */
    private Committed commitFenced(int task, List<Function<RunState, Draft>> steps) {
        ensureOpen();
        return commits.commitAll(steps, task, null);
    }

    @Override
    protected RunState state() {
        return commits.state();
    }

    /**
     * Listeners are called after each event is committed, in the order of the log, for this process's events and for
     * the events of other processes it sees (at its next change or {@link #refresh}).
     */
    @Override
    protected Subscribers subscribers() {
        return subscribers;
    }

    @Override
    protected void ensureUsable() {
        ensureOpen();
    }

    private void ensureOpen() {
        if (closed) {
            throw new IllegalStateException("run " + runId + " is closed");
        }
    }

    // ---------------------------------------------------------------- claims and leases

    /** How long a claim holds its task without a heartbeat. */
    public Duration leaseDuration() {
        return leases.duration();
    }

    /** The tasks this store holds by a claim (and has not lost), with their attempt numbers. */
    public Map<Integer, Integer> heldTasks() {
        return leases.current();
    }

    /** Told of a claim whose lease could not be renewed: another may have the task. */
    @FunctionalInterface
    public interface LeaseLost {
        /** Called on the heartbeat thread with the task and the attempt whose lease was lost. */
        void lost(int taskId, int attempt);
    }

    /**
     * Called (on the heartbeat thread) with a task's id and attempt when its lease could not be renewed: another may
     * have the task. By attempt: the same task may be claimed again meanwhile, and that claim is not the lost one.
     */
    public void onLeaseLost(LeaseLost listener) {
        leases.onLost(listener);
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
        return claimNext(owners, skipBusy, Set.of());
    }

    /**
     * {@link #claimNext(List, boolean)} passing over the tasks {@code busy}: those this process still works on in
     * another slot (an agent that outlived its lease). Claiming one again here would hand the new attempt's fence to
     * the old agent too, since both write through this store.
     */
    public List<Task> claimNext(List<String> owners, boolean skipBusy, Set<Integer> busy) {
        if (owners.isEmpty()) {
            return List.of();
        }
        Committed done = commits.commitAll(List.of(), null, new PostgresCommits.ClaimPick(owners, skipBusy, busy));
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
        for (int[] task : leases.lapsed()) {
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
        Committed done = steps.isEmpty() ? null : commits.commitAll(steps, null, null);
        return done == null ? List.of() : done.events().stream()
                .filter(event -> EventType.TASK_REQUEUED.equals(event.type())).map(Event::task).toList();
    }

    /**
     * Reads the events other processes committed since this store last looked and hands them to the subscribers;
     * returns how many there were.
     */
    @Override
    public int refresh() {
        ensureOpen();
        return commits.refresh().size();
    }

    // ---------------------------------------------------------------- RunStore

    @Override
    public boolean shared() {
        return true;
    }

    @Override
    public List<Event> eventsAfter(long seq) {
        return PostgresRuns.events(db, runId, seq, type -> true);
    }

    @Override
    public List<Event> eventsAfter(long seq, Predicate<String> withData) {
        return PostgresRuns.events(db, runId, seq, withData);
    }

    @Override
    public boolean claim(int id, String owner) {
        Function<RunState, Draft> claim = changes.claim(id, owner);
        return commit(state -> PostgresCommits.room(state) > 0 ? claim.apply(state) : null) != null;
    }

    @Override
    public Task complete(int id, String summary) {
        return end(id, List.of(changes.complete(id, summary)));
    }

    @Override
    public Task fail(int id, String error) {
        return end(id, List.of(changes.fail(id, error)));
    }

    /** The records and the status change commit together, fenced by the claim's attempt. */
    @Override
    public Task finish(int id, boolean success, String text, List<EventData> records) {
        return end(id, changes.finish(id, success, text, records));
    }

    /**
     * Asks that the commit that ends task {@code id} (its completion or failure, fenced by its attempt as ever) also
     * claim the lowest ready task of this run for {@code owner}, none of those {@code busy} names at that moment nor
     * {@code id} itself, within the run's concurrency like any claim; a task so claimed is handed to {@code taken}
     * (on the thread that ends the task) once the commit is in. A worker's slot that ends a task takes its next one
     * this way: one commit where an end and a claim of the claiming thread made two. Nothing is claimed when nothing
     * is ready, when the end is refused (the whole commit is), or after {@link #dropClaimWithEnd}.
     */
    public void claimWithEnd(int id, String owner, Supplier<Set<Integer>> busy, Consumer<Task> taken) {
        nextClaims.put(id, owner, busy, taken);
    }

    /** Withdraws {@link #claimWithEnd} for task {@code id} if its end has not used it. */
    public void dropClaimWithEnd(int id) {
        nextClaims.drop(id);
    }

    private Task end(int id, List<Function<RunState, Draft>> steps) {
        ensureOpen();
        return nextClaims.end(commits, id, steps);
    }

    /**
     * A requeue by the holder of the task's claim (a worker letting it go on a stop) is fenced like its other writes, so
     * a holder whose lease lapsed cannot take the task from the attempt that has it now.
     */
    @Override
    public Task requeue(int id, String reason) {
        Committed done = leases.holds(id) ? commitFenced(id, List.of(changes.requeue(id, reason)))
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
        if (!leases.holds(id)) {
            return Release.NOT_HELD;
        }
        return giveBack(id, why);
    }

    /**
     * {@link #release} of the claim {@code attempt} of task {@code id} only: a slot that ends gives back its own
     * attempt, never a later claim of the same task.
     */
    public Release release(int id, int attempt, String why) {
        Integer held = leases.attempt(id);
        if (held == null || held != attempt || !leases.holds(id)) {
            return Release.NOT_HELD;
        }
        return giveBack(id, why);
    }

    private Release giveBack(int id, String why) {
        leases.lose(id); // not renewed from now on; a new claim of the task clears it
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
    public void setRunStatus(RunStatus status, String reason) {
        commit(changes.setRunStatus(status, reason));
    }

    /** An event about a task this store holds carries the claim's attempt, so a lost claim cannot record it. */
    @Override
    public Event append(String type, Integer task, ObjectNode data) {
        Function<RunState, Draft> step = changes.append(type, task, data);
        Committed done = task != null && leases.holds(task) ? commitFenced(task, List.of(step)) : commit(step);
        return done.events().get(0);
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
        commits.refuseAfterLetGo(id);
        rows.putResult(id, leases.attempt(id), text);
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
        return rows.result(id);
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
        rows.putFiles(Map.of(RunLayout.REPORT_FILE, report, RunLayout.FINAL_RESULT_FILE, result));
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
    public Transcript transcript(int id) {
        ensureOpen();
        task(id);
        return new PostgresTranscript(runId, RunLayout.taskTranscript(id), id, json, redactor, commits, leases, rows);
    }

    @Override
    public Transcript roleTranscript(String name) {
        return new PostgresTranscript(runId, transcriptName(name), null, json, redactor, commits, leases, rows);
    }

    /** The lines of {@code transcripts/<name>.jsonl} as the database holds them ("task_3", "planner_1"...). */
    public List<JsonNode> transcriptLines(String name) {
        return PostgresRuns.transcriptLines(db, runId, name, 0, Integer.MAX_VALUE);
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
        projection.project();
    }

    /**
     * The texts of the memory files for the newest committed state (other processes' events included). A store that
     * writes its files at every change writes them first and reads them back; a worker's renders them from the state,
     * as the file store does, without writing the files (see {@link Projections#WHEN_FLUSHED}).
     */
    @Override
    public MemoryFiles memoryFiles() {
        if (projections == Projections.WHEN_FLUSHED) {
            ensureOpen();
            refresh();
            return MemoryTexts.of(state());
        }
        flushProjections();
        return MemoryTexts.read(directory);
    }

    /** Stops renewing leases; tasks still held lapse and are claimed again elsewhere. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        leases.close();
        projection.close();
    }

    private static Logger log() {
        return LoggerFactory.getLogger(PostgresRunStore.class);
    }
}
