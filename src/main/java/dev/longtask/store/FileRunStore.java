package dev.longtask.store;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.longtask.model.Approval;
import dev.longtask.model.ApprovalAnswer;
import dev.longtask.model.ApprovalQuestion;
import dev.longtask.model.Budget;
import dev.longtask.model.Event;
import dev.longtask.model.EventType;
import dev.longtask.model.Run;
import dev.longtask.model.RunStatus;
import dev.longtask.model.Task;
import dev.longtask.model.TaskDraft;
import dev.longtask.model.TaskStatus;
import java.io.BufferedReader;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The run store on the file system: {@code <workspace>/.longtask/runs/<run-id>/} as DESIGN.md describes it.
 *
 * <p>Every change goes the same way: under the append lock the event is built, checked by applying it to the
 * live state ({@link RunState#apply}: an event it refuses is never written) and written to
 * {@code events.jsonl}; then, outside the lock, the appender waits until the event is durable (per the
 * {@link FsyncPolicy}), publishes the state after it to readers, writes the projections and, every
 * {@code checkpointEvery} events, a checkpoint; then the listeners hear of it. Readers ({@link #run()},
 * {@link #tasks()}) see only durable states.
 *
 * <p>Open one with {@link #create}, {@link #open} (the one writer; repairs what a crash left) or read a run
 * without the lock with {@link #read}; {@link #list} gives a workspace's runs.
 */
public final class FileRunStore implements RunStore {
    static final String EVENTS = "events.jsonl";
    static final String RESULTS = "results";
    static final String TRANSCRIPTS = "transcripts";
    private static final Pattern RUN_ID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,99}");
    private static final DateTimeFormatter RUN_ID_TIME = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");
    private static final Set<String> METHOD_ONLY_TYPES = Set.of(EventType.RUN_CREATED, EventType.RUN_STATUS,
            EventType.TASK_CREATED, EventType.TASK_UPDATED, EventType.TASK_DEPENDENCY_ADDED, EventType.TASK_CLAIMED,
            EventType.TASK_COMPLETED, EventType.TASK_FAILED, EventType.TASK_CANCELLED, EventType.TASK_REQUEUED,
            EventType.APPROVAL_REQUESTED, EventType.APPROVAL_ANSWERED);
    private static final Logger LOG = LoggerFactory.getLogger(FileRunStore.class);

    private final Path directory;
    private final String runId;
    private final StoreOptions options;
    private final ObjectMapper json;
    private final Redactor redactor;
    private final RunLock lock;
    private final EventLog log;
    private final Checkpoints checkpoints;
    private final Projector projector;
    private final OpenReport openReport;

    private final ReentrantLock appendLock = new ReentrantLock();
    private RunState live;
    private final AtomicReference<RunState> published;

    private final ReentrantLock projectionLock = new ReentrantLock();
    private long projectedSeq;
    private long checkpointSeq;

    private final List<Consumer<Event>> listeners = new CopyOnWriteArrayList<>();
    private final Map<Integer, FileTranscript> transcripts = new ConcurrentHashMap<>();
    private final Map<String, FileTranscript> roleTranscripts = new ConcurrentHashMap<>();
    /** Tasks whose {@code results/task_<id>/} entry this store has fsynced. */
    private final Set<Integer> durableResultDirectories = ConcurrentHashMap.newKeySet();
    private volatile boolean closed;
    private volatile String brokenBecause;

    private FileRunStore(Path directory, String runId, StoreOptions options, ObjectMapper json, RunLock lock,
                         EventLog log, Projector projector, RunState state, long checkpointSeq, OpenReport report) {
        this.directory = directory;
        this.runId = runId;
        this.options = options;
        this.json = json;
        this.redactor = new Redactor(options.secrets());
        this.lock = lock;
        this.log = log;
        this.checkpoints = new Checkpoints(directory.resolve(Checkpoints.DIRECTORY), json, runId);
        this.projector = projector;
        this.live = state;
        this.published = new AtomicReference<>(state);
        this.projectedSeq = state.lastSeq();
        this.checkpointSeq = checkpointSeq;
        this.openReport = report;
    }

    // ---------------------------------------------------------------- opening

    /** {@code <workspace>/.longtask/runs}. */
    public static Path runsDirectory(Path workspace) {
        return workspace.resolve(".longtask").resolve("runs");
    }

    /** A new run id like {@code 20261125-213000-a1b2}: local time of {@code clock}, then 4 random hex digits. */
    public static String newRunId(Clock clock) {
        byte[] random = new byte[2];
        ThreadLocalRandom.current().nextBytes(random);
        return RUN_ID_TIME.format(clock.instant().atZone(ZoneId.systemDefault())) + "-" + HexFormat.of().formatHex(random);
    }

    /**
     * Creates a run and opens it for writing; its first event, run.created, is durable when this returns.
     *
     * @param runId null for a new id ({@link #newRunId})
     * @param model the model spec, or null when none is chosen yet
     */
    public static FileRunStore create(Path workspace, String runId, String goal, String model, Budget budget,
                                      StoreOptions options) {
        return create(workspace, runId, goal, model, budget, options, EventLog.FSYNC);
    }

    static FileRunStore create(Path workspace, String runId, String goal, String model, Budget budget,
                               StoreOptions options, EventLog.Syncer syncer) {
        requireWorkspace(workspace);
        if (goal == null || goal.isBlank()) {
            throw new IllegalArgumentException("a run needs a goal");
        }
        Path runs = runsDirectory(workspace);
        String id = runId == null ? null : checkRunId(runId);
        Path dir;
        try {
            Files.createDirectories(runs);
            for (int attempt = 0; ; attempt++) {
                String candidate = id != null ? id : newRunId(options.clock());
                dir = runs.resolve(candidate);
                try {
                    Files.createDirectory(dir);
                    id = candidate;
                    break;
                } catch (FileAlreadyExistsException e) {
                    if (id != null || attempt >= 20) {
                        throw new StoreException("run " + candidate + " already exists in " + runs
                                + "; choose another id or open it");
                    }
                }
            }
            AtomicFiles.fsyncDirectory(runs);
            AtomicFiles.fsyncDirectory(runs.getParent());
            for (String sub : List.of(Projector.TASKS, RESULTS, TRANSCRIPTS, Checkpoints.DIRECTORY)) {
                Files.createDirectories(dir.resolve(sub));
            }
        } catch (IOException e) {
            throw new StoreException("cannot create a run in " + runs + ": " + e, e);
        }
        RunLock lock = acquire(dir, id);
        try {
            Path events = dir.resolve(EVENTS);
            Files.createFile(events);
            AtomicFiles.fsyncDirectory(dir);
            ObjectMapper json = StoreJson.newMapper();
            EventLog log = EventLog.open(events, options.fsync(), syncer,
                    new LogScan.Shape(0, 0, 0, new LongList()));
            FileRunStore store = new FileRunStore(dir, id, options, json, lock, log, new Projector(dir, json),
                    RunState.EMPTY, 0, OpenReport.fresh());
            ObjectNode data = json.createObjectNode()
                    .put("run_id", id)
                    .put("goal", goal)
                    .put("workspace", workspace.toAbsolutePath().normalize().toString());
            if (model != null && !model.isBlank()) {
                data.put("model", model);
            }
            data.set("budget", json.valueToTree(budget == null ? Budget.UNLIMITED : budget));
            store.commit(state -> new Draft(EventType.RUN_CREATED, null, data));
            return store;
        } catch (IOException e) {
            closeQuietly(lock);
            throw new StoreException("cannot create run " + id + " in " + runs + ": " + e, e);
        } catch (RuntimeException e) {
            closeQuietly(lock);
            throw e;
        }
    }

    /**
     * Opens a run for writing: takes the writer lock, cuts a torn last line of the log, loads the newest good
     * checkpoint and replays the events after it, and rewrites every projection that disagrees with the log.
     * See {@link #openReport()} for what it found.
     *
     * @throws NoSuchRunException     if the workspace has no such run
     * @throws RunLockedException     if another writer has it
     * @throws CorruptRunException    if the log is damaged before its last line (nothing is changed then)
     */
    public static FileRunStore open(Path workspace, String runId, StoreOptions options) {
        return open(workspace, runId, options, EventLog.FSYNC);
    }

    static FileRunStore open(Path workspace, String runId, StoreOptions options, EventLog.Syncer syncer) {
        Path dir = existingRun(workspace, runId);
        RunLock lock = acquire(dir, runId);
        try {
            ObjectMapper json = StoreJson.newMapper();
            Loaded loaded = load(dir, runId, json);
            EventLog log = EventLog.open(dir.resolve(EVENTS), options.fsync(), syncer, loaded.shape);
            Checkpoints.Choice choice = loaded.choice;
            new Checkpoints(dir.resolve(Checkpoints.DIRECTORY), json, runId).setAside(choice.bad());
            for (String sub : List.of(RESULTS, TRANSCRIPTS, Checkpoints.DIRECTORY)) {
                Files.createDirectories(dir.resolve(sub));
            }
            Projector projector = new Projector(dir, json);
            List<String> repaired = projector.repair(loaded.state);
            OpenReport report = new OpenReport(loaded.shape.tornBytes(),
                    choice.file() == null ? null : choice.file().getFileName().toString(),
                    choice.skipped(), loaded.replayed, repaired);
            if (!report.clean()) {
                LOG.info("run {} opened after repair: {}", runId, report);
            }
            long checkpointed = choice.state() == null ? 0 : choice.state().lastSeq();
            FileRunStore store = new FileRunStore(dir, runId, options, json, lock, log, projector, loaded.state,
                    checkpointed, report);
            if (loaded.replayed >= options.checkpointEvery()) {
                store.checkpoint();
            }
            return store;
        } catch (IOException e) {
            closeQuietly(lock);
            throw new StoreException("cannot open run " + runId + " in " + dir + ": " + e, e);
        } catch (RuntimeException e) {
            closeQuietly(lock);
            throw e;
        }
    }

    /**
     * Reads a run without taking the writer lock and without changing any file: the state from the newest good
     * checkpoint plus the events after it (a torn last line is ignored). Also checks that every task file and
     * run.json parse, so a damaged projection is reported rather than silently shown around.
     *
     * @throws NoSuchRunException  if the workspace has no such run
     * @throws CorruptRunException naming the file (and line) that cannot be trusted
     */
    public static RunSnapshot read(Path workspace, String runId) {
        Path dir = existingRun(workspace, runId);
        ObjectMapper json = StoreJson.newMapper();
        try {
            Loaded loaded = load(dir, runId, json);
            checkProjectionsParse(dir, json);
            return new RunSnapshot(dir, loaded.state.run(), loaded.state.tasks(), loaded.state.approvals(),
                    loaded.state.permissions());
        } catch (IOException e) {
            throw new StoreException("cannot read run " + runId + " in " + dir + ": " + e, e);
        }
    }

    /** The run ids of a workspace, newest first (by the time of their run.created event). */
    public static List<String> list(Path workspace) {
        requireWorkspace(workspace);
        Path runs = runsDirectory(workspace);
        if (!Files.isDirectory(runs)) {
            return List.of();
        }
        record Entry(String id, Instant created) {
        }
        List<Entry> entries = new ArrayList<>();
        try (DirectoryStream<Path> stream = Files.newDirectoryStream(runs)) {
            for (Path dir : stream) {
                String id = dir.getFileName().toString();
                if (Files.isRegularFile(dir.resolve(EVENTS)) && RUN_ID.matcher(id).matches()) {
                    entries.add(new Entry(id, createdTime(dir)));
                }
            }
        } catch (IOException e) {
            throw new StoreException("cannot list " + runs + ": " + e, e);
        }
        entries.sort(Comparator.comparing(Entry::created).thenComparing(Entry::id).reversed());
        return entries.stream().map(Entry::id).toList();
    }

    private static Instant createdTime(Path dir) {
        ObjectMapper json = StoreJson.newMapper();
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(
                new FileInputStream(dir.resolve(EVENTS).toFile()), StandardCharsets.UTF_8))) {
            String first = reader.readLine();
            if (first != null) {
                Event event = json.readValue(first, Event.class);
                if (event != null && event.time() != null) {
                    return event.time();
                }
            }
        } catch (IOException | RuntimeException e) {
            // A damaged log still lists; reading it will say what is wrong.
        }
        try {
            return Files.getLastModifiedTime(dir).toInstant();
        } catch (IOException e) {
            return Instant.EPOCH;
        }
    }

    private record Loaded(LogScan.Shape shape, Checkpoints.Choice choice, RunState state, long replayed) {
    }

    private static Loaded load(Path dir, String runId, ObjectMapper json) throws IOException {
        Path events = dir.resolve(EVENTS);
        LogScan.Shape shape = LogScan.scan(events, json);
        if (shape.lastSeq() == 0) {
            throw new CorruptRunException(events, 0, "the log has no complete event, so the run's creation did "
                    + "not finish; move the directory " + dir + " aside");
        }
        Checkpoints.Choice choice = new Checkpoints(dir.resolve(Checkpoints.DIRECTORY), json, runId)
                .latestGood(shape.lastSeq(), Checkpoints.linesOf(events, shape));
        RunState start = choice.state() == null ? RunState.EMPTY : choice.state();
        RunState[] state = {start};
        long[] replayed = {0};
        LogScan.replay(events, json, shape.endOf(start.lastSeq()), start.lastSeq() + 1, (seq, bytes, event) -> {
            if (seq > shape.lastSeq()) {
                return;
            }
            try {
                state[0] = state[0].apply(event);
            } catch (RuntimeException e) {
                throw LogScan.damaged(events, seq, "event " + seq + " (" + event.type() + ") does not fit the run: "
                        + e.getMessage());
            }
            replayed[0]++;
        });
        return new Loaded(shape, choice, state[0], replayed[0]);
    }

    private static void checkProjectionsParse(Path dir, ObjectMapper json) throws IOException {
        String hint = "; the log is intact and nothing was changed: open the run for writing "
                + "(`longtask resume " + dir.getFileName() + "` or any `longtask task add|update`) to rebuild it "
                + "from events.jsonl";
        Path tasksDir = dir.resolve(Projector.TASKS);
        if (Files.isDirectory(tasksDir)) {
            try (DirectoryStream<Path> stream = Files.newDirectoryStream(tasksDir, "task_*.json")) {
                for (Path file : stream) {
                    try {
                        if (json.readValue(file.toFile(), Task.class) == null) {
                            throw new CorruptRunException(file, 0, "empty task file" + hint);
                        }
                    } catch (NoSuchFileException gone) {
                        // replaced by a rename while we listed: the new one is whole
                    } catch (IOException | RuntimeException e) {
                        if (e instanceof CorruptRunException c) {
                            throw c;
                        }
                        throw new CorruptRunException(file, 0, "not a valid task file ("
                                + LogScan.firstLine(e.getMessage()) + ")" + hint);
                    }
                }
            }
        }
        Path runFile = dir.resolve(Projector.RUN_FILE);
        if (Files.isRegularFile(runFile)) {
            try {
                json.readValue(runFile.toFile(), Run.class);
            } catch (IOException | RuntimeException e) {
                throw new CorruptRunException(runFile, 0, "not a valid run file (" + LogScan.firstLine(e.getMessage())
                        + ")" + hint);
            }
        }
    }

    private static void requireWorkspace(Path workspace) {
        if (workspace == null || !Files.isDirectory(workspace)) {
            throw new StoreException("workspace " + workspace + " does not exist or is not a directory");
        }
    }

    private static String checkRunId(String runId) {
        if (!RUN_ID.matcher(runId).matches()) {
            throw new IllegalArgumentException("run id '" + runId + "' is not valid: use letters, digits, '.', '_' "
                    + "and '-' (like 20261125-213000-a1b2)");
        }
        return runId;
    }

    private static Path existingRun(Path workspace, String runId) {
        requireWorkspace(workspace);
        Path runs = runsDirectory(workspace);
        if (runId == null || !RUN_ID.matcher(runId).matches()) {
            throw new NoSuchRunException(String.valueOf(runId), runs);
        }
        Path dir = runs.resolve(runId);
        if (!Files.isRegularFile(dir.resolve(EVENTS))) {
            throw new NoSuchRunException(runId, runs);
        }
        return dir;
    }

    private static RunLock acquire(Path dir, String runId) {
        try {
            return RunLock.acquire(dir, runId);
        } catch (IOException e) {
            throw new StoreException("cannot lock run " + runId + " (" + dir.resolve(RunLock.FILE) + "): " + e, e);
        }
    }

    private static void closeQuietly(RunLock lock) {
        try {
            lock.close();
        } catch (IOException e) {
            LOG.warn("could not release {}", RunLock.FILE, e);
        }
    }

    // ---------------------------------------------------------------- the write path

    private record Draft(String type, Integer task, ObjectNode data) {
    }

    private record Committed(Event event, RunState state) {
    }

    /**
     * The one way anything changes. {@code decide} sees the live state under the append lock and returns the
     * event to append, or null for nothing to do; the event is validated by applying it before it is written.
     */
    private Committed commit(Function<RunState, Draft> decide) {
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
            event = LogScan.parse(log.file(), json, live.lastSeq() + 1, java.util.Arrays.copyOf(line, line.length - 1));
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
            throw broken("events.jsonl could not be fsynced (" + e + ")", e);
        }
        published.accumulateAndGet(after, (current, next) -> next.lastSeq() > current.lastSeq() ? next : current);
        project();
        for (Consumer<Event> listener : listeners) {
            try {
                listener.accept(event);
            } catch (RuntimeException e) {
                LOG.warn("a listener of run {} failed on event {}", runId, event.seq(), e);
            }
        }
        return new Committed(event, after);
    }

    private byte[] encode(Event event) {
        try {
            return (redactor.apply(json.writeValueAsString(event)) + "\n").getBytes(StandardCharsets.UTF_8);
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

    private void ensureUsable() {
        if (closed) {
            throw new IllegalStateException("run " + runId + " is closed");
        }
        if (brokenBecause != null) {
            throw new StoreException("run " + runId + ": " + brokenBecause + "; reopen the run to recover from the log");
        }
    }

    private ObjectNode data(String key, String value) {
        return json.createObjectNode().put(key, value == null ? "" : value);
    }

    // ---------------------------------------------------------------- RunStore

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
        return published.get().run();
    }

    @Override
    public List<Task> tasks() {
        return published.get().tasks();
    }

    @Override
    public Task task(int id) {
        return published.get().task(id);
    }

    /** The durable state as a snapshot, the same type {@link #read} returns. */
    public RunSnapshot snapshot() {
        RunState state = published.get();
        return new RunSnapshot(directory, state.run(), state.tasks(), state.approvals(), state.permissions());
    }

    @Override
    public List<Approval> approvals() {
        return published.get().approvals();
    }

    @Override
    public Approval requestApproval(ApprovalQuestion question) {
        Committed done = commit(state -> new Draft(EventType.APPROVAL_REQUESTED, question.task(),
                json.valueToTree(question.withId(state.approvals().size() + 1))));
        return done.state().approvals().get(done.state().approvals().size() - 1);
    }

    @Override
    public Approval answerApproval(ApprovalAnswer answer) {
        Committed done = commit(state -> new Draft(EventType.APPROVAL_ANSWERED,
                answer.id() >= 1 && answer.id() <= state.approvals().size()
                        ? state.approvals().get(answer.id() - 1).question().task() : null,
                json.valueToTree(answer)));
        return done.state().approvals().get(answer.id() - 1);
    }

    @Override
    public List<Event> eventsAfter(long seq) {
        try {
            List<Event> events = new ArrayList<>();
            long next = Math.max(seq, 0);
            for (byte[] line : log.linesAfter(next, log.visibleSeq())) {
                events.add(json.readValue(line, Event.class));
            }
            return events;
        } catch (IOException e) {
            throw new StoreException("cannot read " + log.file() + ": " + e, e);
        }
    }

    @Override
    public Task createTask(TaskDraft draft) {
        Committed done = commit(state -> {
            int id = state.nextTaskId();
            ObjectNode data = json.createObjectNode()
                    .put("id", id)
                    .put("subject", draft.subject())
                    .put("instruction", draft.instruction())
                    .put("agent", draft.agent());
            ArrayNode blockers = data.putArray("blockedBy");
            draft.blockedBy().forEach(blockers::add);
            data.set("inputs", json.valueToTree(draft.inputs()));
            data.set("outputs", json.valueToTree(draft.outputs()));
            ArrayNode criteria = data.putArray("success_criteria");
            draft.successCriteria().forEach(criteria::add);
            return new Draft(EventType.TASK_CREATED, id, data);
        });
        return done.state().task(done.event().task());
    }

    @Override
    public Task updateTask(int id, ObjectNode fields) {
        if (fields == null || fields.isEmpty()) {
            return task(id);
        }
        return commit(state -> new Draft(EventType.TASK_UPDATED, id, fields.deepCopy())).state().task(id);
    }

    @Override
    public void addDependency(int taskId, int blockedById) {
        commit(state -> {
            state.task(taskId);
            if (state.task(blockedById).blocks().contains(taskId)) {
                return null;
            }
            return new Draft(EventType.TASK_DEPENDENCY_ADDED, taskId,
                    json.createObjectNode().put("blocked_by", blockedById));
        });
    }

    @Override
    public boolean claim(int id, String owner) {
        return commit(state -> state.task(id).isReady()
                ? new Draft(EventType.TASK_CLAIMED, id, data("owner", owner)) : null) != null;
    }

    @Override
    public Task complete(int id, String summary) {
        return commit(state -> new Draft(EventType.TASK_COMPLETED, id, data("summary", summary))).state().task(id);
    }

    @Override
    public Task fail(int id, String error) {
        return commit(state -> new Draft(EventType.TASK_FAILED, id, data("error", error))).state().task(id);
    }

    @Override
    public Task cancel(int id, String reason) {
        return commit(state -> new Draft(EventType.TASK_CANCELLED, id, data("reason", reason))).state().task(id);
    }

    @Override
    public Task requeue(int id, String reason) {
        return commit(state -> new Draft(EventType.TASK_REQUEUED, id, data("reason", reason))).state().task(id);
    }

    /** Same status: nothing happens. In progress: a claim by "by hand", refused with the reason if not ready. */
    @Override
    public Task setStatus(int id, TaskStatus status, String reason) {
        Committed done = commit(state -> {
            if (state.task(id).status() == status) {
                return null;
            }
            return switch (status) {
                case PENDING -> new Draft(EventType.TASK_REQUEUED, id, data("reason", reason));
                case IN_PROGRESS -> new Draft(EventType.TASK_CLAIMED, id, data("owner", "by hand"));
                case COMPLETED -> new Draft(EventType.TASK_COMPLETED, id, data("summary", reason));
                case FAILED -> new Draft(EventType.TASK_FAILED, id, data("error", reason));
                case CANCELLED -> new Draft(EventType.TASK_CANCELLED, id, data("reason", reason));
            };
        });
        return done == null ? task(id) : done.state().task(id);
    }

    /** Pausing also writes a checkpoint, so a resume starts from it. */
    @Override
    public void setRunStatus(RunStatus status, String reason) {
        ObjectNode data = json.createObjectNode().put("status", status.wire()).put("reason", reason == null ? "" : reason);
        commit(state -> new Draft(EventType.RUN_STATUS, null, data));
        if (status == RunStatus.PAUSED) {
            checkpoint();
        }
    }

    /**
     * @throws IllegalArgumentException for run.created, run.status and the task.* kinds, which have their own
     *                                  methods (so the graph rules cannot be bypassed), or data that does not fit
     */
    @Override
    public Event append(String type, Integer task, ObjectNode data) {
        if (type == null || type.isBlank()) {
            throw new IllegalArgumentException("an event needs a type");
        }
        if (METHOD_ONLY_TYPES.contains(type)) {
            throw new IllegalArgumentException("append(" + type + "): use the store's method for this kind "
                    + "(createTask, updateTask, addDependency, claim, complete, fail, cancel, requeue, setRunStatus, "
                    + "requestApproval, answerApproval)");
        }
        ObjectNode copy = data == null ? json.createObjectNode() : data.deepCopy();
        return commit(state -> new Draft(type, task, copy)).event();
    }

    /**
     * Durable when this returns, with two journal commits rather than three: the temp file is fsynced (which on
     * ext4 also commits a new {@code task_<id>/} directory), renamed, then its directory is fsynced; the entry of
     * {@code task_<id>/} in {@code results/} is fsynced last, once per directory, and costs no commit of its
     * own when the first fsync already covered it.
     */
    @Override
    public Path writeResult(int id, JsonNode result) {
        Path dir = resultDirectory(id);
        Path file = dir.resolve("result.json");
        try {
            String text = redactor.apply(json.writerWithDefaultPrettyPrinter().writeValueAsString(result)) + "\n";
            AtomicFiles.write(file, text.getBytes(StandardCharsets.UTF_8), true);
            if (durableResultDirectories.add(id)) {
                try {
                    AtomicFiles.fsyncDirectory(dir.getParent());
                } catch (IOException | RuntimeException e) {
                    durableResultDirectories.remove(id);
                    throw e;
                }
            }
            return file;
        } catch (IOException e) {
            throw new StoreException("cannot write " + file + ": " + e, e);
        }
    }

    /** Not fsynced here: artifacts are not; {@link #writeResult} makes the directory's entry durable with the result. */
    @Override
    public Path writeReport(String markdown, JsonNode finalResult) {
        ensureUsable();
        Path report = directory.resolve("report.md");
        Path result = directory.resolve("final_result.json");
        try {
            AtomicFiles.write(report, redactor.apply(markdown).getBytes(StandardCharsets.UTF_8), true);
            String text = redactor.apply(json.writerWithDefaultPrettyPrinter().writeValueAsString(finalResult)) + "\n";
            AtomicFiles.write(result, text.getBytes(StandardCharsets.UTF_8), true);
        } catch (IOException e) {
            throw new StoreException("cannot write the report of run " + runId + " in " + directory + ": " + e, e);
        }
        ObjectNode data = json.createObjectNode().put("report", "report.md").put("final_result", "final_result.json");
        data.put("title", finalResult.path("title").asText(""));
        append(EventType.REPORT_WRITTEN, null, data);
        return report;
    }

    @Override
    public Path resultDirectory(int id) {
        task(id);
        Path dir = directory.resolve(RESULTS).resolve("task_" + id);
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new StoreException("cannot create " + dir + ": " + e, e);
        }
        return dir;
    }

    @Override
    public Transcript transcript(int id) {
        ensureUsable();
        task(id);
        return transcripts.computeIfAbsent(id, key -> {
            Path file = directory.resolve(TRANSCRIPTS).resolve("task_" + key + ".jsonl");
            try {
                return new FileTranscript(file, json, redactor);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot open " + file, e);
            }
        });
    }

    @Override
    public Transcript roleTranscript(String name) {
        ensureUsable();
        if (name == null || !name.matches("[a-z0-9_-]+")) {
            throw new IllegalArgumentException("a transcript name is [a-z0-9_-]+, not '" + name + "'");
        }
        return roleTranscripts.computeIfAbsent(name, key -> {
            Path file = directory.resolve(TRANSCRIPTS).resolve(key + ".jsonl");
            try {
                return new FileTranscript(file, json, redactor);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot open " + file, e);
            }
        });
    }

    @Override
    public void checkpoint() {
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

    /** Listeners are called after each event is durable, on the appending thread; their failures are logged. */
    @Override
    public void subscribe(Consumer<Event> listener) {
        listeners.add(listener);
    }

    // ---------------------------------------------------------------- beyond the port

    /** What the write open found and repaired ({@link OpenReport#clean()} for a run left in order). */
    public OpenReport openReport() {
        return openReport;
    }

    public StoreOptions options() {
        return options;
    }

    /** The highest seq written to the log (durable or not yet): for tests of group commit. */
    long writtenSeq() {
        return log.writtenSeq();
    }

    /** How many fsyncs of the log this store has done; with GROUPED under load, fewer than events. */
    public long syncCount() {
        return log.syncCount();
    }

    /** How many projection files (task files, run.json, the .md files) this store has replaced: for benchmarks. */
    public long projectionFilesWritten() {
        return projector.filesWritten();
    }

    /**
     * Writes what is pending (projections, a checkpoint), forces the log and releases the writer lock.
     * Stop the threads that append before closing.
     */
    @Override
    public void close() {
        appendLock.lock();
        try {
            if (closed) {
                return;
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
        for (FileTranscript transcript : java.util.stream.Stream.concat(transcripts.values().stream(), roleTranscripts.values().stream()).toList()) {
            try {
                transcript.close();
            } catch (IOException e) {
                LOG.warn("closing a transcript of run {}: {}", runId, e.toString());
            }
        }
        try {
            log.close();
        } catch (IOException e) {
            LOG.warn("closing the log of run {}: {}", runId, e.toString());
        } finally {
            closeQuietly(lock);
        }
    }
}
