package dev.longtask.tools.undo;

import dev.longtask.tools.undo.ChangeJournal.Entry;
import dev.longtask.tools.undo.ChangeJournal.Op;
import dev.longtask.tools.undo.JournalView.Attempt;
import dev.longtask.tools.undo.JournalView.Touch;
import dev.longtask.tools.undo.ShadowRepository.FileState;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.eclipse.jgit.lib.FileMode;
import org.eclipse.jgit.lib.ObjectId;

/**
 * The record of a run's changes to its workspace, per task, in the shadow repository {@code .longtask/shadow}: the
 * workspace as each attempt of a task found it and left it, and the files it changed, attributed even when tasks run
 * at once (docs/engine.md, "Undo"). The tools tell it before they change a file ({@link #beforeChange}, {@link
 * #aroundShell}); the engine when an attempt starts (its task's earlier changes are undone first) and ends. Where
 * checkpoints cannot work it is {@linkplain #off off}, with the reason, and every call does nothing.
 */
public final class Checkpoints implements AutoCloseable {
    /** Where the shadow repository lives, under the workspace. */
    public static final String DIRECTORY = ".longtask/shadow";

    /** What undoing a task's changes did: the files put back, and those left as they are because of a later change. */
    public record Undone(List<String> restored, List<String> kept) {
        public static final Undone NOTHING = new Undone(List.of(), List.of());

        public boolean isEmpty() {
            return restored.isEmpty() && kept.isEmpty();
        }
    }

    /** A {@code write} or {@code edit} refused: another task changed the file since this task read it. */
    public static final class Conflict extends RuntimeException {
        public Conflict(String message) {
            super(message);
        }
    }

    private final String offReason;
    private final String runId;
    private final ShadowRepository repository;
    private final WorkspaceScan scan;
    private final ChangeJournal journal;
    private final WorkspaceFiles files;
    private final Path root;
    private final AtomicLong clock = new AtomicLong();
    private final Map<Integer, Integer> attempts = new ConcurrentHashMap<>();
    private final Map<Integer, Set<String>> touched = new ConcurrentHashMap<>();
    private final Map<Integer, Long> startedAt = new ConcurrentHashMap<>();
    private final Map<Integer, Map<String, Long>> reads = new ConcurrentHashMap<>();
    /** path -> {time, task, by} of the last change a task made to it in this process ({@link #BY_TOOL} or {@link #BY_SHELL}). */
    private final Map<String, long[]> lastChange = new ConcurrentHashMap<>();
    private static final long BY_TOOL = 0;
    private static final long BY_SHELL = 1;
    /** Shell commands running now, and the clock's time when the last full read of the workspace ended. */
    private int shellsRunning;
    private long lastFullRead;
    private TaskTrees trees;

    private Checkpoints(String offReason, String runId, Path root, ShadowRepository repository, WorkspaceScan scan,
                        ChangeJournal journal) {
        this.offReason = offReason;
        this.runId = runId;
        this.root = root;
        this.repository = repository;
        this.scan = scan;
        this.journal = journal;
        this.files = repository == null ? null : new WorkspaceFiles(root, repository);
    }

    /** Checkpoints that do nothing, for {@code reason}. */
    public static Checkpoints off(String reason) {
        return new Checkpoints(reason, null, null, null, null, null);
    }

    /**
     * The checkpoints of run {@code runId} in the workspace at {@code root}: opens (or creates) the shadow repository
     * and reads the workspace once. Off, with the reason, where that cannot work (a read-only workspace, one larger
     * than the limits).
     */
    public static Checkpoints open(Path root, String runId) {
        return open(root, runId, CheckpointLimits.DEFAULT);
    }

    /** As {@link #open(Path, String)}, with the user's limits ({@code checkpoint.max_files}, {@code max_bytes}). */
    public static Checkpoints open(Path root, String runId, CheckpointLimits limits) {
        ShadowRepository repository = null;
        try {
            Path gitDir = root.resolve(DIRECTORY);
            if (!Files.isWritable(root) || Files.exists(gitDir) && !Files.isWritable(gitDir)) {
                return off("checkpoints are off: the workspace is not writable here");
            }
            repository = ShadowRepository.open(gitDir);
            WorkspaceScan scan = new WorkspaceScan(repository, Excludes.of(root), limits);
            Checkpoints checkpoints = new Checkpoints(null, runId, root, repository, scan,
                    new ChangeJournal(gitDir.resolve("journal").resolve(runId + ".jsonl")));
            scan.scan();
            scan.save();
            checkpoints.lastFullRead = checkpoints.clock.incrementAndGet();
            return checkpoints;
        } catch (WorkspaceScan.TooLarge e) {
            close(repository);
            return off("checkpoints are off: " + e.getMessage() + " (raise checkpoint.max_files or "
                    + "checkpoint.max_bytes in .longtask/config.yaml, or exclude folders in " + Excludes.FILE + ")");
        } catch (IOException | RuntimeException e) {
            close(repository);
            return off("checkpoints are off: the shadow repository cannot be written (" + e.getMessage() + ")");
        }
    }

    /**
     * Does ahead what the first open of a shadow repository in a JVM does before it reads anything of a workspace:
     * JGit finds the system's git configuration by running git twice ({@code git --version}, {@code git config
     * --system}) and reads the user's. Reads no workspace and writes no file, so a resume has it done on another
     * thread while it opens its run; JGit keeps what it read, and reads it again if the files change before
     * {@link #open}. What fails here is met again by {@link #open}, which says so.
     */
    public static void prepare() {
        try {
            org.eclipse.jgit.util.SystemReader.getInstance().getUserConfig();
        } catch (IOException | org.eclipse.jgit.errors.ConfigInvalidException | RuntimeException metAgainByOpen) {
            // open turns checkpoints off with the reason if the repository cannot be made
        }
    }

    public boolean on() {
        return offReason == null;
    }

    /** Why checkpoints are off, or null when they are on. */
    public String offReason() {
        return offReason;
    }

    // ------------------------------------------------------------------ the tools

    /** A task read {@code file}: a later write of it is checked against changes other tasks made since. */
    public void noteRead(int taskId, Path file) {
        if (on() && taskId > 0) {
            reads.computeIfAbsent(taskId, t -> new ConcurrentHashMap<>()).put(relative(file), clock.incrementAndGet());
        }
    }

    /**
     * Before task {@code taskId}'s {@code write} or {@code edit} ({@code by}) changes {@code file}: refuses when another
     * task changed it since this task read it (or started, if it never read it), then records what the file holds.
     *
     * @throws Conflict when another task changed the file since; the message tells the agent to read it again
     */
    public void beforeChange(int taskId, Path file, String by) throws IOException {
        Integer attempt = attempts.get(taskId);
        if (!on() || attempt == null) {
            return;
        }
        String path = relative(file);
        long[] last = lastChange.get(path);
        if (last != null && last[1] != taskId) {
            Long read = reads.getOrDefault(taskId, Map.of()).get(path);
            long since = read != null ? read : startedAt.getOrDefault(taskId, 0L);
            if (last[0] > since) {
                throw new Conflict(path + " was changed by task #" + last[1] + " since this task "
                        + (read != null ? "read it" : "started") + "; read it again and make your change on what it "
                        + "holds now");
            }
        }
        recordBefore(taskId, attempt, path, by);
    }

    /**
     * Before a merge of task {@code taskId}'s tree writes {@code path} (relative) in the workspace: records what it
     * holds, as {@link #beforeChange} does, without the check against other tasks' changes, which the three-way merge
     * has made.
     */
    void beforeMerge(int taskId, String path) throws IOException {
        Integer attempt = attempts.get(taskId);
        if (on() && attempt != null) {
            recordBefore(taskId, attempt, path, "merge");
        }
    }

    private void recordBefore(int taskId, int attempt, String path, String by) throws IOException {
        if (scan.excluded(path)) {
            return;
        }
        Set<String> mine = touched.computeIfAbsent(taskId, t -> ConcurrentHashMap.newKeySet());
        if (mine.contains(path)) {
            return;
        }
        FileState before = scan.refresh(path);
        journal.append(touch(taskId, attempt, path, before, by));
        mine.add(path);
    }

    /** The task that last changed {@code path} (relative) in this process, or 0. */
    int lastChangedBy(String path) {
        long[] last = lastChange.get(path);
        return last == null ? 0 : (int) last[1];
    }

    /**
     * The trees of the run's tasks, for {@code --isolation worktree}: each task works in a tree of its own, merged
     * into the workspace when it completes. Null when checkpoints are off (there is nothing to make a tree from).
     */
    public TaskTrees trees() {
        if (!on()) {
            return null;
        }
        synchronized (attempts) {
            if (trees == null) {
                trees = new TaskTrees(this, root.resolve(TaskTrees.DIRECTORY).resolve(runId));
            }
            return trees;
        }
    }

    /** After task {@code taskId} changed {@code file}: other tasks that read it earlier must read it again. */
    public void afterChange(int taskId, Path file) throws IOException {
        if (on() && attempts.containsKey(taskId)) {
            String path = relative(file);
            if (!scan.excluded(path)) {
                // The workspace as last read must hold this change: a shell command starting from that read would
                // otherwise find the file changed when it ends, take the change for its own and stamp it anew, and
                // a task that read the file since would be refused its write.
                scan.refresh(path);
            }
            long now = clock.incrementAndGet();
            lastChange.put(path, new long[] {now, taskId, BY_TOOL});
            reads.getOrDefault(taskId, Map.of()).put(path, now);
        }
    }

    /**
     * Runs a shell command of task {@code taskId} between two reads of the workspace, and attributes to the task what
     * changed in between, less the files other tasks' {@code write} and {@code edit} changed meanwhile. What another
     * task's shell command changed at the same time is attributed to both (docs/engine.md, "Undo").
     */
    public <T> T aroundShell(int taskId, Callable<T> command) throws Exception {
        Integer attempt = attempts.get(taskId);
        if (!on() || attempt == null) {
            return command.call();
        }
        Map<String, FileState> before;
        long started;
        synchronized (this) {
            // One read of the workspace per command: when no other command runs, the workspace as the last full
            // read left it is what this one starts from, and what other tasks' write and edit changed since is
            // known (lastChange). With another command running, its changes so far must not count as this one's.
            if (shellsRunning == 0 && lastFullRead > 0) {
                before = scan.files();
                started = lastFullRead;
            } else {
                before = scan.scan();
                started = clock.incrementAndGet();
            }
            shellsRunning++;
        }
        journal.append(entry(Op.BASH, taskId, attempt, null, scan.tree().name(), null, null));
        try {
            return command.call();
        } finally {
            Map<String, FileState> after;
            long readAt;
            synchronized (this) {
                shellsRunning--;
                after = scan.scan();
                readAt = clock.incrementAndGet();
                lastFullRead = readAt;
            }
            Set<String> mine = touched.computeIfAbsent(taskId, t -> ConcurrentHashMap.newKeySet());
            List<Entry> lines = new ArrayList<>();
            // This command's changes are part of the read that ended at readAt: stamped later, the next command,
            // which starts from that read, would take them for another task's change made since and drop its own.
            long now = readAt;
            for (String path : changedPaths(before, after)) {
                long[] last = lastChange.get(path);
                if (last != null && last[1] != taskId && last[0] > started && last[2] == BY_TOOL) {
                    continue; // another task's write or edit, made since the workspace was read before the command
                }
                // A change another task's command made meanwhile cannot be told from this one's: it is both tasks'.
                if (mine.add(path)) {
                    lines.add(touch(taskId, attempt, path, before.get(path), "bash"));
                }
                lastChange.put(path, new long[] {now, taskId, BY_SHELL});
            }
            lines.add(entry(Op.BASH_END, taskId, attempt, null, null, null, null));
            journal.append(lines);
        }
    }

    // ------------------------------------------------------------------ the engine

    /**
     * Attempt {@code attempt} of task {@code taskId} starts: the task's earlier changes that still stand are undone
     * (nobody else's: a file another task changed since is left as it is, and said so), then the workspace as the
     * attempt finds it is recorded.
     */
    public Undone startAttempt(int taskId, int attempt) throws IOException {
        if (!on()) {
            return Undone.NOTHING;
        }
        Undone undone = undo(taskId, "retry");
        attempts.put(taskId, attempt);
        touched.put(taskId, ConcurrentHashMap.newKeySet());
        reads.put(taskId, new ConcurrentHashMap<>());
        startedAt.put(taskId, clock.incrementAndGet());
        String found = scan.tree().name();
        journal.appendLazily(entry(Op.START, taskId, attempt, null, found, null, null));
        return undone;
    }

    /** The attempt ended (completed or failed): its changes and the workspace as it left it are recorded. */
    public List<Change> endAttempt(int taskId) throws IOException {
        Integer attempt = attempts.remove(taskId);
        if (!on() || attempt == null) {
            return List.of();
        }
        Attempt standing;
        List<Touch> touches;
        synchronized (journal) {
            standing = journal.view().standing(taskId).stream().filter(a -> a.attempt == attempt).findFirst()
                    .orElse(null);
            touches = standing == null ? List.of() : List.copyOf(standing.touches.values());
        }
        List<Change> changes = new ArrayList<>();
        for (Touch touch : touches) {
            FileState after = scan.refresh(touch.path());
            String afterId = after == null ? null : after.id().name();
            String afterMode = after == null ? null : modeName(after.mode());
            if (!Objects.equals(afterId, touch.before()) || afterId != null && !afterMode.equals(touch.mode())) {
                changes.add(new Change(touch.path(), touch.before(), afterId, touch.mode(), afterMode));
            }
        }
        ObjectId left = scan.tree();
        String commit = null;
        if (standing != null && standing.foundTree != null) {
            ObjectId found = repository.commit(null, ObjectId.fromString(standing.foundTree), null,
                    "run " + runId + ": the workspace as task #" + taskId + " attempt " + attempt + " found it");
            commit = repository.commit(ref(taskId), left, found, "run " + runId + ": task #" + taskId
                    + " attempt " + attempt + " changed " + changes.size() + " file(s)").name();
        }
        Entry end = new Entry(Op.END, taskId, attempt, null, null, null, null, left.name(), commit, changes, null,
                null, null, System.currentTimeMillis());
        journal.appendLazily(end);
        touched.remove(taskId);
        return changes;
    }

    /**
     * Undoes the changes of task {@code taskId} that still stand ({@code why}: retry, cancel), leaving files another
     * task changed after it as they are.
     */
    public Undone undo(int taskId, String why) throws IOException {
        if (!on()) {
            return Undone.NOTHING;
        }
        synchronized (journal) { // the view is the journal's, kept up to date as lines are appended
            return undo(journal.view(), taskId, why);
        }
    }

    private Undone undo(JournalView view, int taskId, String why) throws IOException {
        List<Attempt> standing = List.copyOf(view.standing(taskId));
        if (standing.isEmpty()) {
            return Undone.NOTHING;
        }
        Map<String, Touch> firstTouch = new LinkedHashMap<>();
        for (Attempt attempt : standing) {
            attempt.touches.values().forEach(t -> firstTouch.putIfAbsent(t.path(), t));
            for (Map.Entry<Integer, String> shell : attempt.openShells) {
                // A command that never ended (a crash): what changed since it began is the task's, unless another
                // task touched the file after it began.
                Map<String, FileState> began = repository.readTree(ObjectId.fromString(shell.getValue()));
                for (String path : changedPaths(began, scan.scan())) {
                    if (view.touchedLaterBy(path, shell.getKey(), taskId) == 0) {
                        FileState b = began.get(path);
                        firstTouch.putIfAbsent(path, new Touch(path, b == null ? null : b.id().name(),
                                b == null ? null : modeName(b.mode()), shell.getKey(), "bash"));
                    }
                }
            }
        }
        List<String> restored = new ArrayList<>();
        List<String> kept = new ArrayList<>();
        for (Touch touch : firstTouch.values()) {
            FileState current = scan.refresh(touch.path());
            ObjectId now = current == null ? null : current.id();
            if (Objects.equals(now == null ? null : now.name(), touch.before())) {
                continue;
            }
            int later = view.touchedLaterBy(touch.path(), touch.line(), taskId);
            if (later != 0) {
                kept.add(touch.path() + " (changed by task #" + later + " since)");
                continue;
            }
            files.put(touch.path(), state(touch.before(), touch.mode()));
            scan.refresh(touch.path());
            restored.add(touch.path());
        }
        journal.append(new Entry(Op.UNDONE, taskId, null, null, null, null, null, null, null, null,
                standing.stream().map(a -> a.attempt).toList(), why, kept, System.currentTimeMillis()));
        return new Undone(restored, kept);
    }

    /** Every file that two or more tasks changed, with those tasks: where parallel work met. */
    public Map<String, List<Integer>> sharedFiles() throws IOException {
        if (!on()) {
            return Map.of();
        }
        synchronized (journal) {
            return journal.view().sharedPaths();
        }
    }

    // ------------------------------------------------------------------ helpers

    ShadowRepository repository() {
        return repository;
    }

    ChangeJournal journal() {
        return journal;
    }

    WorkspaceFiles files() {
        return files;
    }

    WorkspaceScan scan() {
        return scan;
    }

    String runId() {
        return runId;
    }

    Path root() {
        return root;
    }

    /** The ref of a task's last attempt: the workspace as it left it, whose parent is the workspace as it found it. */
    String ref(int taskId) {
        return "refs/longtask/runs/" + runId + "/task-" + taskId;
    }

    private String relative(Path file) {
        return root.relativize(file).toString().replace('\\', '/');
    }

    static Set<String> changedPaths(Map<String, FileState> before, Map<String, FileState> after) {
        Set<String> changed = new TreeSet<>();
        before.forEach((path, state) -> {
            if (!state.equals(after.get(path))) {
                changed.add(path);
            }
        });
        after.keySet().stream().filter(path -> !before.containsKey(path)).forEach(changed::add);
        return changed;
    }

    static FileState state(String id, String mode) {
        return id == null ? null : new FileState(ObjectId.fromString(id),
                mode == null ? FileMode.REGULAR_FILE : FileMode.fromBits(Integer.parseInt(mode, 8)));
    }

    static String modeName(FileMode mode) {
        return Integer.toOctalString(mode.getBits());
    }

    private static Entry touch(int taskId, int attempt, String path, FileState before, String by) {
        return new Entry(Op.TOUCH, taskId, attempt, path, before == null ? null : before.id().name(),
                before == null ? null : modeName(before.mode()), by, null, null, null, null, null, null,
                System.currentTimeMillis());
    }

    private static Entry entry(Op op, int taskId, Integer attempt, String path, String tree, String commit,
                               List<Change> changes) {
        return new Entry(op, taskId, attempt, path, null, null, null, tree, commit, changes, null, null, null,
                System.currentTimeMillis());
    }

    private static void close(ShadowRepository repository) {
        if (repository != null) {
            repository.close();
        }
    }

    @Override
    public void close() {
        if (scan != null) {
            scan.save();
            try {
                repository.collectGarbageIfDue();
            } catch (IOException e) {
                // the record stays as it is, loose; the next close tries again
            }
        }
        close(repository);
    }
}
