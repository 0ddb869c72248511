package dev.longtask.store.file;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.longtask.model.Budget;
import dev.longtask.model.Event;
import dev.longtask.model.EventData;
import dev.longtask.model.EventType;
import dev.longtask.model.Run;
import dev.longtask.model.RunSettings;
import dev.longtask.model.RunStatus;
import dev.longtask.model.Secrets;
import dev.longtask.model.Task;
import dev.longtask.model.TaskResult;
import dev.longtask.model.TaskStatus;
import dev.longtask.store.AtomicFiles;
import dev.longtask.store.Draft;
import dev.longtask.store.EventSourcedRunStore;
import dev.longtask.model.run.MemoryFiles;
import dev.longtask.store.MemoryTexts;
import dev.longtask.store.Projector;
import dev.longtask.store.ResultFiles;
import dev.longtask.model.run.RunFigures;
import dev.longtask.model.run.RunHistory;
import dev.longtask.store.RunIds;
import dev.longtask.store.RunLayout;
import dev.longtask.model.run.RunSnapshot;
import dev.longtask.store.RunState;
import dev.longtask.model.run.StoreException;
import dev.longtask.model.run.StoreOptions;
import dev.longtask.store.Subscribers;
import dev.longtask.model.run.Transcript;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import java.util.function.Predicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The run store on the file system: {@code <workspace>/.longtask/runs/<run-id>/} as docs/store.md describes it.
 * Every change goes through one {@link CommitPipeline} (validate, append, fsync, publish, project, notify); the
 * directory's layout, naming, listing and lock-free reading are {@link RunDirectory}'s.
 *
 * <p>Open one with {@link #create}, {@link #open} (the one writer; repairs what a crash left) or read a run
 * without the lock with {@link #read}; {@link #list} gives a workspace's runs.
 */
public final class FileRunStore extends EventSourcedRunStore {
    private final StoreOptions options;
    private final RunLock lock;
    private final OpenReport openReport;
    private final CommitPipeline pipeline;
    private final ResultFiles results;
    private final Map<Integer, FileTranscript> transcripts = new ConcurrentHashMap<>();
    private final Map<String, FileTranscript> roleTranscripts = new ConcurrentHashMap<>();
    /** Tasks whose {@code results/task_<id>/} entry this store has fsynced. */
    private final Set<Integer> durableResultDirectories = ConcurrentHashMap.newKeySet();
    /** The memory texts last rendered, with the state they were rendered from: tasks that start together share them. */
    private final AtomicReference<RenderedMemory> memory = new AtomicReference<>();

    private record RenderedMemory(RunState state, MemoryFiles files) {
    }

    /** Built by {@link RunOpener}, which made or checked each part. */
    FileRunStore(Path directory, String runId, StoreOptions options, ObjectMapper json, RunLock lock,
                         EventLog log, Projector projector, ResultFiles results, RunState state, long checkpointSeq,
                         OpenReport report, LogDigest logDigest) {
        super(directory, runId, json, Secrets.ofValues(options.secrets()));
        this.options = options;
        this.lock = lock;
        this.openReport = report;
        this.results = results;
        this.pipeline = new CommitPipeline(runId, options, json, redactor, log,
                new Checkpoints(directory.resolve(RunLayout.CHECKPOINTS), json, runId), projector, results, state,
                checkpointSeq, logDigest);
    }

    // ---------------------------------------------------------------- opening

    /** {@code <workspace>/.longtask/runs}. */
    public static Path runsDirectory(Path workspace) {
        return RunLayout.runs(workspace);
    }

    /** A new run id like {@code 20261125-213000-a1b2}: local time of {@code clock}, then 4 random hex digits. */
    public static String newRunId(Clock clock) {
        return RunIds.newId(clock);
    }

    /**
     * Creates a run and opens it for writing; its first event, run.created, is durable when this returns.
     *
     * @param runId null for a new id ({@link #newRunId})
     * @param model the model spec, or null when none is chosen yet
     */
    public static FileRunStore create(Path workspace, String runId, String goal, String model, Budget budget,
                                      StoreOptions options) {
        return RunOpener.create(workspace, runId, goal, model, budget, null, options, EventLog.FSYNC);
    }

    /**
     * As {@link #create(Path, String, String, String, Budget, StoreOptions)}, recording the run's {@code settings}
     * (base URL, concurrency, approval, sandbox) so every later session keeps them.
     */
    public static FileRunStore create(Path workspace, String runId, String goal, String model, Budget budget,
                                      RunSettings settings, StoreOptions options) {
        return RunOpener.create(workspace, runId, goal, model, budget, settings, options, EventLog.FSYNC);
    }

    static FileRunStore create(Path workspace, String runId, String goal, String model, Budget budget,
                               StoreOptions options, EventLog.Syncer syncer) {
        return RunOpener.create(workspace, runId, goal, model, budget, null, options, syncer);
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
        return RunOpener.open(workspace, runId, options, syncer);
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
        return RunDirectory.read(workspace, runId);
    }

    /**
     * The events of a run after {@code afterSeq}, read without the writer lock and without changing anything; a
     * line being written (a torn last line) is left out.
     *
     * @throws NoSuchRunException  if the workspace has no such run
     * @throws CorruptRunException naming the line that cannot be read
     */
    public static List<Event> events(Path workspace, String runId, long afterSeq) {
        return RunDirectory.events(workspace, runId, afterSeq);
    }

    /**
     * A run's figures as {@code runs} lists them: from {@code run.json} alone when it is current with the log (a
     * closed run), else from the log as {@link #read} does; without the writer lock and without changing a file.
     *
     * @throws NoSuchRunException  if the workspace has no such run
     * @throws CorruptRunException naming the file (and line) that cannot be trusted
     */
    public static RunFigures figures(Path workspace, String runId) {
        return RunDirectory.figures(workspace, runId);
    }

    /**
     * The run as its last event left it (status, settings, usage...), from {@code run.json} alone when it is current
     * with the log, else from the log; without the writer lock and without changing a file.
     *
     * @throws NoSuchRunException  if the workspace has no such run
     * @throws CorruptRunException naming the file (and line) that cannot be trusted
     */
    public static Run readRun(Path workspace, String runId) {
        return RunDirectory.run(workspace, runId);
    }

    /** The run ids of a workspace, newest first (by the time of their run.created event). */
    public static List<String> list(Path workspace) {
        return RunDirectory.list(workspace);
    }

    /** Records run.created, the first event, and writes the projections a new run shows at once. */
    void recordCreation(String goal, Path workspace, String model, Budget budget, RunSettings settings) {
        ObjectNode data = changes.runCreated(runId, goal, workspace.toAbsolutePath().normalize().toString(), model,
                budget, settings);
        commit(state -> new Draft(EventType.RUN_CREATED, null, data));
        // A new run shows in the directory (run.json, the .md files) when create returns.
        pipeline.flushProjections();
    }

    // ---------------------------------------------------------------- the write path

    /** The one way anything changes: see {@link CommitPipeline#commit}. */
    @Override
    protected Committed commit(Function<RunState, Draft> decide) {
        CommitPipeline.Committed done = pipeline.commit(decide);
        return done == null ? null : new Committed(List.of(done.event()), done.state());
    }

    @Override
    protected RunState state() {
        return pipeline.state();
    }

    /**
     * Listeners are called after each event is durable, one event at a time and in the order of the log, on the
     * thread that saw it become durable: an appending thread, or the store's settler thread for events written
     * behind (then a change made right after may return before its own event is delivered). Their failures are
     * logged; a slow listener holds up that thread.
     */
    @Override
    protected Subscribers subscribers() {
        return pipeline.subscribers();
    }

    @Override
    protected void ensureUsable() {
        pipeline.ensureUsable();
    }

    // ---------------------------------------------------------------- RunStore

    /** The durable state as a snapshot, the same type {@link #read} returns. */
    public RunSnapshot snapshot() {
        RunState state = pipeline.state();
        return new RunSnapshot(directory, state.run(), state.tasks(), state.approvals(), state.permissions(),
                state.history());
    }

    @Override
    public List<Event> eventsAfter(long seq) {
        return pipeline.eventsAfter(seq);
    }

    @Override
    public List<Event> eventsAfter(long seq, Predicate<String> withData) {
        return pipeline.eventsAfter(seq, withData);
    }

    /** Kept with the state (and in every checkpoint): nothing is read. */
    @Override
    public RunHistory history(RunHistory known) {
        return pipeline.state().history();
    }

    @Override
    public boolean claim(int id, String owner) {
        return commit(changes.claim(id, owner)) != null;
    }

    @Override
    public Optional<Task> claimBehind(int id, String owner) {
        CommitPipeline.Committed claimed = pipeline.commitBehind(changes.claim(id, owner));
        return claimed == null ? Optional.empty() : Optional.of(claimed.state().task(id));
    }

    @Override
    public Task complete(int id, String summary) {
        return commit(changes.complete(id, summary)).state().task(id);
    }

    /**
     * result.json is written, not fsynced, before the records and the ending, which carries it: one fsync, the log's,
     * makes all of it durable (see {@link ResultFiles}).
     */
    @Override
    public Task finish(int id, boolean success, String text, List<EventData> records, JsonNode result) {
        ensureUsable();
        task(id);
        JsonNode stored;
        try {
            stored = results.write(id, result);
        } catch (IOException e) {
            throw new StoreException("cannot write " + ResultFiles.file(directory.resolve(RunLayout.RESULTS), id) + ": " + e, e);
        }
        return pipeline.commitAll(changes.finish(id, success, text, records, stored)).state().task(id);
    }

    /** The records and the status change are one batch: written together, made durable by one fsync. */
    @Override
    public Task finish(int id, boolean success, String text, List<EventData> records) {
        return pipeline.commitAll(changes.finish(id, success, text, records)).state().task(id);
    }

    @Override
    public void flushProjections() {
        ensureUsable();
        pipeline.flushProjections();
    }

    /**
     * Rendered from the newest written state, so that a task claimed behind ({@link #claimBehind}) finds itself in
     * progress before its claim is durable; the projector writes the same texts to the files once the events are
     * durable. Whoever acts on what the texts show awaits {@link #awaitWritten} first.
     */
    @Override
    public MemoryFiles memoryFiles() {
        ensureUsable();
        RunState state = pipeline.written();
        return memory.updateAndGet(last -> last != null && last.state() == state ? last
                : new RenderedMemory(state, MemoryTexts.of(state))).files();
    }

    @Override
    public Task fail(int id, String error) {
        return commit(changes.fail(id, error)).state().task(id);
    }

    @Override
    public Task requeue(int id, String reason) {
        return commit(changes.requeue(id, reason)).state().task(id);
    }

    /** Pausing also writes a checkpoint, so a resume starts from it. */
    @Override
    public void setRunStatus(RunStatus status, String reason) {
        commit(changes.setRunStatus(status, reason));
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
        return commit(changes.append(type, task, data)).event();
    }

    @Override
    public void awaitWritten() {
        pipeline.awaitWritten();
    }

    @Override
    public Run appendBehind(Integer task, EventData data) {
        return pipeline.commitBehind(changes.append(data.type(), task, json.valueToTree(data)),
                CommitPipeline.SETTLER_LINGER_NANOS).state().run();
    }

    /** The task's {@code result.json} in the run directory, as the last durable write left it. */
    @Override
    public Optional<TaskResult> result(int id) {
        return ResultFiles.read(RunLayout.of(directory), id);
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
        Path file = dir.resolve(RunLayout.RESULT_FILE);
        try {
            String text = redactor.redact(json.writerWithDefaultPrettyPrinter().writeValueAsString(result)) + "\n";
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
        Path report = directory.resolve(RunLayout.REPORT_FILE);
        Path result = directory.resolve(RunLayout.FINAL_RESULT_FILE);
        try {
            AtomicFiles.write(report, redactor.redact(markdown).getBytes(StandardCharsets.UTF_8), true);
            String text = redactor.redact(json.writerWithDefaultPrettyPrinter().writeValueAsString(finalResult)) + "\n";
            AtomicFiles.write(result, text.getBytes(StandardCharsets.UTF_8), true);
        } catch (IOException e) {
            throw new StoreException("cannot write the report of run " + runId + " in " + directory + ": " + e, e);
        }
        ObjectNode data = changes.reportWritten(finalResult);
        append(EventType.REPORT_WRITTEN, null, data);
        return report;
    }

    @Override
    public Transcript transcript(int id) {
        ensureUsable();
        task(id);
        return transcripts.computeIfAbsent(id, key -> {
            Path file = RunLayout.of(directory).transcript(RunLayout.taskTranscript(key));
            try {
                return new FileTranscript(file, json, redactor);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot open " + file, e);
            }
        });
    }

    @Override
    public Transcript roleTranscript(String name) {
        return roleTranscripts.computeIfAbsent(transcriptName(name), key -> {
            Path file = RunLayout.of(directory).transcript(key);
            try {
                return new FileTranscript(file, json, redactor);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot open " + file, e);
            }
        });
    }

    @Override
    public void checkpoint() {
        pipeline.checkpoint();
    }

    // ---------------------------------------------------------------- beyond the port

    /** What the write open found and repaired ({@link OpenReport#clean()} for a run left in order). */
    public OpenReport openReport() {
        return openReport;
    }

    public StoreOptions options() {
        return options;
    }

    /**
     * Says what this open repaired, once: the lines of {@link #openReport()}, plus each result.json whose task the
     * log does not record as finished (a crash came between writing it and finishing the task, or the log lost its
     * end), which is renamed to {@code result.json.stale} because the task runs again. Records the lines as a
     * {@code run.repaired} event; returns them, empty when the run was in order.
     */
    public List<String> recordRepairs() {
        List<String> lines = new ArrayList<>(openReport.lines());
        RunState state = pipeline.state();
        for (Task task : state.tasks()) {
            if (task.status() == TaskStatus.COMPLETED || task.status() == TaskStatus.FAILED) {
                continue;
            }
            Path result = RunLayout.of(directory).result(task.id());
            if (Files.isRegularFile(result)) {
                try {
                    Files.move(result, result.resolveSibling("result.json.stale"), StandardCopyOption.REPLACE_EXISTING);
                    lines.add("set aside results/task_" + task.id() + "/result.json as result.json.stale: the log does "
                            + "not record task #" + task.id() + " as finished, so it runs again");
                } catch (IOException e) {
                    throw new StoreException("cannot set aside " + result + ": " + e, e);
                }
            }
        }
        if (!lines.isEmpty()) {
            append(null, new EventData.RunRepaired(lines));
        }
        return lines;
    }

    /** The highest seq written to the log (durable or not yet): for tests of group commit. */
    long writtenSeq() {
        return pipeline.writtenSeq();
    }

    /** How many fsyncs of the log this store has done; with GROUPED under load, fewer than events. */
    public long syncCount() {
        return pipeline.syncCount();
    }

    /** How many projection files (task files, run.json, the .md files) this store has replaced: for benchmarks. */
    public long projectionFilesWritten() {
        return pipeline.projectionFilesWritten();
    }

    /**
     * Writes what is pending (projections, a checkpoint), forces the log and releases the writer lock.
     * Stop the threads that append before closing.
     */
    @Override
    public void close() {
        if (!pipeline.close()) {
            return;
        }
        for (FileTranscript transcript : java.util.stream.Stream.concat(transcripts.values().stream(),
                roleTranscripts.values().stream()).toList()) {
            try {
                transcript.close();
            } catch (IOException e) {
                log().warn("closing a transcript of run {}: {}", runId, e.toString());
            }
        }
        String stop = stopNote();
        if (stop == null) {
            RunOpener.release(lock);
        } else {
            try {
                lock.closeStopped(stop);
            } catch (IOException e) {
                log().warn("could not release {}", RunLayout.WRITER_LOCK, e);
            }
        }
    }

    /**
     * Why the run stops without having recorded it, for readers ({@link RunWriter#stopNote}): a full disk, seen by a
     * write of the store or, when the run still says it is at work, by the space left now (the refused write may have
     * been a task's own, outside the store). Null when the run stops as it recorded.
     */
    private String stopNote() {
        String refused = pipeline.diskFull();
        RunStatus status = pipeline.state().run() == null ? null : pipeline.state().run().status();
        boolean atWork = status == RunStatus.RUNNING || status == RunStatus.PLANNING;
        if (refused == null && atWork) {
            try {
                if (Files.getFileStore(directory).getUsableSpace() < NEARLY_FULL) {
                    refused = "No space left on device";
                }
            } catch (IOException unknown) {
                // no figure: say nothing
            }
        }
        return refused == null || !atWork ? null : "the disk was full (" + refused + ")";
    }

    /** Less free space than this, with the run stopping while it says it is at work, is taken for a full disk. */
    private static final long NEARLY_FULL = 1 << 20;

    /** Looked up when something is logged: a reader that logs nothing never starts the logging framework. */
    private static Logger log() {
        return LoggerFactory.getLogger(FileRunStore.class);
    }
}
