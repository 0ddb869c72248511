package dev.longtask.tools.undo;

import dev.longtask.model.run.FileDiff;
import dev.longtask.model.run.Rollback;
import dev.longtask.model.run.TaskDiff;
import dev.longtask.tools.undo.ChangeJournal.Entry;
import dev.longtask.tools.undo.ChangeJournal.Op;
import dev.longtask.tools.undo.JournalView.Attempt;
import dev.longtask.tools.undo.JournalView.Touch;
import dev.longtask.tools.undo.ShadowRepository.FileState;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.eclipse.jgit.diff.DiffFormatter;
import org.eclipse.jgit.diff.EditList;
import org.eclipse.jgit.diff.HistogramDiff;
import org.eclipse.jgit.diff.RawText;
import org.eclipse.jgit.diff.RawTextComparator;
import org.eclipse.jgit.lib.FileMode;
import org.eclipse.jgit.lib.ObjectId;

/**
 * A run's recorded changes, read for people: each task's diff, and rollback of a task, of the tasks after one, or of
 * the whole run. Rollback first keeps the whole workspace as it is in the shadow repository (a stash), so nothing the
 * user changed meanwhile is lost, and refuses, naming files and tasks, where a later change touches the same lines.
 */
public final class RunChanges implements AutoCloseable {
    private final Path root;
    private final String runId;
    private final ShadowRepository repository;
    private final ChangeJournal journal;
    private final WorkspaceFiles files;

    private RunChanges(Path root, String runId, ShadowRepository repository) {
        this.root = root;
        this.runId = runId;
        this.repository = repository;
        this.journal = new ChangeJournal(root.resolve(Checkpoints.DIRECTORY).resolve("journal")
                .resolve(runId + ".jsonl"));
        this.files = new WorkspaceFiles(root, repository);
    }

    /** The changes of run {@code runId}; empty when the run recorded none (checkpoints off, or an older run). */
    public static RunChanges open(Path root, String runId) throws IOException {
        return new RunChanges(root, runId, ShadowRepository.open(root.resolve(Checkpoints.DIRECTORY)));
    }

    /** The diff of {@code task} (null: every task with changes), in task order. */
    public List<TaskDiff> diff(Integer task) throws IOException {
        JournalView view = new JournalView(journal.read());
        List<TaskDiff> diffs = new ArrayList<>();
        for (Map.Entry<Integer, List<Attempt>> entry : view.standing().entrySet()) {
            if (task != null && !task.equals(entry.getKey()) || entry.getValue().isEmpty()) {
                continue;
            }
            Attempt last = entry.getValue().get(entry.getValue().size() - 1);
            List<FileDiff> fileDiffs = new ArrayList<>();
            for (Change change : changes(last)) {
                fileDiffs.add(fileDiff(change));
            }
            diffs.add(new TaskDiff(entry.getKey(), last.attempt, last.ended(), fileDiffs));
        }
        return diffs;
    }

    /** Files two or more tasks changed, with the tasks in the order they changed them. */
    public Map<String, List<Integer>> sharedFiles() throws IOException {
        return new JournalView(journal.read()).sharedPaths();
    }

    /**
     * Undoes the changes of {@code tasks} (latest first). Refuses, changing nothing, where a file was changed since
     * by someone else on the same lines, unless {@code force}; either way the workspace is first kept as a stash.
     */
    public Rollback rollback(Set<Integer> tasks, boolean force) throws IOException {
        JournalView view = new JournalView(journal.read());
        List<Attempt> attempts = new ArrayList<>();
        view.standing().forEach((task, standing) -> {
            if (tasks.contains(task)) {
                attempts.addAll(standing);
            }
        });
        attempts.sort(Comparator.comparingInt((Attempt a) -> a.ended() ? a.endLine : Integer.MAX_VALUE)
                .thenComparingInt(a -> a.startLine).reversed());
        Map<String, byte[]> planned = new LinkedHashMap<>();
        Map<String, FileState> plannedState = new LinkedHashMap<>();
        List<String> refused = new ArrayList<>();
        for (Attempt attempt : attempts) {
            for (Change change : changes(attempt)) {
                String path = change.path();
                byte[] now = planned.containsKey(path) ? planned.get(path) : files.currentBytes(path);
                byte[] before = change.before() == null ? null : repository.blob(ObjectId.fromString(change.before()));
                byte[] after = change.after() == null ? null : repository.blob(ObjectId.fromString(change.after()));
                if (Arrays.equals(now, before)) {
                    continue;
                }
                if (force || Arrays.equals(now, after)) {
                    planned.put(path, before);
                    plannedState.put(path, Checkpoints.state(change.before(), change.beforeMode()));
                    continue;
                }
                byte[] merged = now == null || before == null || after == null ? null : LineMerge.merged(after, now, before);
                if (merged != null) {
                    planned.put(path, merged);
                    plannedState.put(path, new FileState(WorkspaceFiles.hash(merged), FileMode.REGULAR_FILE));
                    continue;
                }
                int later = view.touchedLaterBy(path, attempt.startLine, attempt.task);
                refused.add(path + " (task #" + attempt.task + "'s change; changed since on the same lines by "
                        + (later != 0 && !tasks.contains(later) ? "task #" + later : "someone outside the run") + ")");
            }
        }
        List<Integer> undone = attempts.stream().map(a -> a.task).distinct().toList();
        if (!refused.isEmpty() && !force) {
            return new Rollback(undone, List.of(), refused, null);
        }
        String stash = stash();
        List<String> restored = new ArrayList<>();
        for (Map.Entry<String, byte[]> file : planned.entrySet()) {
            FileState state = plannedState.get(file.getKey());
            if (file.getValue() == null) {
                files.put(file.getKey(), null);
            } else {
                files.write(file.getKey(), file.getValue(), state == null ? FileMode.REGULAR_FILE : state.mode());
            }
            restored.add(file.getKey());
        }
        for (Integer task : undone) {
            List<Integer> its = attempts.stream().filter(a -> a.task == task).map(a -> a.attempt).toList();
            journal.append(new Entry(Op.UNDONE, task, null, null, null, null, null, null, null, null, its,
                    "rollback", List.of(), System.currentTimeMillis()));
        }
        return new Rollback(undone, restored, refused, stash);
    }

    /** The tasks whose changes stand and started after {@code task}'s attempt ended (or, unended, after it started). */
    public Set<Integer> tasksAfter(int task) throws IOException {
        JournalView view = new JournalView(journal.read());
        Attempt last = view.latest(task);
        if (last == null) {
            // not "every task": a task that never started has no after
            throw new IllegalArgumentException("task #" + task + " never started, so no task started after it");
        }
        int from = last.ended() ? last.endLine : last.startLine;
        Set<Integer> after = new java.util.TreeSet<>();
        view.standing().forEach((id, attempts) -> {
            if (id != task && attempts.stream().anyMatch(a -> a.startLine > from)) {
                after.add(id);
            }
        });
        return after;
    }

    /** Every task with changes that stand. */
    public Set<Integer> tasks() throws IOException {
        return new java.util.TreeSet<>(new JournalView(journal.read()).standing().keySet());
    }

    /** Keeps the whole workspace as it is now under {@code refs/longtask/stash/<run>}; answers the commit's id. */
    private String stash() throws IOException {
        WorkspaceScan scan = new WorkspaceScan(repository, Excludes.of(root), CheckpointLimits.NONE);
        scan.scan();
        ObjectId tree = scan.tree();
        String ref = "refs/longtask/stash/" + runId;
        ObjectId parent = repository.jgit().resolve(ref);
        return repository.commit(ref, tree, parent, "the workspace before a rollback of run " + runId).name();
    }

    /** The attempt's changes: as recorded when it ended, else each file it touched against what the file holds now. */
    private List<Change> changes(Attempt attempt) throws IOException {
        if (attempt.ended()) {
            return attempt.changes;
        }
        List<Change> changes = new ArrayList<>();
        for (Touch touch : attempt.touches.values()) {
            ObjectId now = files.currentId(touch.path());
            String after = now == null ? null : now.name();
            if (!Objects.equals(after, touch.before())) {
                if (now != null && !repository.has(now)) {
                    repository.insertBlob(files.currentBytes(touch.path()));
                }
                changes.add(new Change(touch.path(), touch.before(), after, touch.mode(), touch.mode()));
            }
        }
        return changes;
    }

    private FileDiff fileDiff(Change change) throws IOException {
        byte[] a = change.before() == null ? new byte[0] : repository.blob(ObjectId.fromString(change.before()));
        byte[] b = change.after() == null ? new byte[0] : repository.blob(ObjectId.fromString(change.after()));
        String header = "--- " + (change.before() == null ? "/dev/null" : "a/" + change.path()) + "\n+++ "
                + (change.after() == null ? "/dev/null" : "b/" + change.path()) + "\n";
        if (RawText.isBinary(a) || RawText.isBinary(b)) {
            return new FileDiff(change.path(), change.kind(), 0, 0, "Binary files differ: " + change.path() + "\n");
        }
        RawText before = new RawText(a);
        RawText after = new RawText(b);
        EditList edits = new HistogramDiff().diff(RawTextComparator.DEFAULT, before, after);
        int added = 0;
        int removed = 0;
        for (var edit : edits) {
            added += edit.getLengthB();
            removed += edit.getLengthA();
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (DiffFormatter formatter = new DiffFormatter(out)) {
            formatter.format(edits, before, after);
        }
        return new FileDiff(change.path(), change.kind(), added, removed,
                header + out.toString(StandardCharsets.UTF_8));
    }

    /** Whether the run has a record of changes at all. */
    public boolean recorded() {
        return Files.exists(journal.file());
    }

    @Override
    public void close() {
        repository.close();
    }
}
