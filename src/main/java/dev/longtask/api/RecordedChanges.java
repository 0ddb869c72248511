package dev.longtask.api;

import dev.longtask.model.run.Rollback;
import dev.longtask.model.run.TaskDiff;
import dev.longtask.tools.undo.RunChanges;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A run's recorded changes in its workspace ({@link RunDiff#changes}), to read or to roll back: each task's diff, the
 * files two tasks changed, rollback of tasks. Close it when done.
 */
public final class RecordedChanges implements AutoCloseable {
    private final RunChanges changes;

    RecordedChanges(RunChanges changes) {
        this.changes = changes;
    }

    /** The diff of {@code task} (null: every task with changes), in task order. */
    public List<TaskDiff> diff(Integer task) throws IOException {
        return changes.diff(task);
    }

    /** Files two or more tasks changed, with the tasks in the order they changed them. */
    public Map<String, List<Integer>> sharedFiles() throws IOException {
        return changes.sharedFiles();
    }

    /**
     * Undoes the changes of {@code tasks} (latest first). Refuses, changing nothing, where a file was changed since
     * by someone else on the same lines, unless {@code force}; either way the workspace is first kept as a stash.
     */
    public Rollback rollback(Set<Integer> tasks, boolean force) throws IOException {
        return changes.rollback(tasks, force);
    }

    /** The tasks whose changes stand and started after {@code task}'s attempt ended (or, unended, after it started). */
    public Set<Integer> tasksAfter(int task) throws IOException {
        return changes.tasksAfter(task);
    }

    /** Every task with changes that stand. */
    public Set<Integer> tasks() throws IOException {
        return changes.tasks();
    }

    /** Whether the run has a record of changes at all. */
    public boolean recorded() {
        return changes.recorded();
    }

    @Override
    public void close() {
        changes.close();
    }
}
