package dev.longtask.api;

import dev.longtask.model.run.FileDiff;
import dev.longtask.model.run.TaskDiff;
import dev.longtask.tools.undo.RunChanges;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** What the tasks of a run changed in its workspace, as text for a person or a model: unified diffs, or a stat. */
public final class RunDiff {
    private RunDiff() {
    }

    /**
     * The recorded changes of run {@code runId} in {@code workspace}, to read (each task's diff, the files two tasks
     * changed) or to roll back; empty when the run recorded none. The caller closes it; a rollback holds the run
     * open for writing meanwhile, so that no session starts it while its files go back.
     */
    public static RecordedChanges changes(Path workspace, String runId) throws IOException {
        return new RecordedChanges(RunChanges.open(workspace, runId));
    }

    /** The changes of {@code task} (null: every task) of run {@code runId}, as {@code longtask diff} prints them. */
    public static String text(Path workspace, String runId, Integer task, boolean stat) {
        try (RecordedChanges changes = changes(workspace, runId)) {
            List<TaskDiff> diffs = changes.diff(task);
            Map<String, List<Integer>> shared = changes.sharedFiles();
            if (diffs.isEmpty()) {
                return task == null ? "run " + runId + " recorded no changes to the workspace"
                        : "task #" + task + " of run " + runId + " has no recorded changes";
            }
            StringBuilder out = new StringBuilder();
            for (TaskDiff diff : diffs) {
                out.append("task #").append(diff.task()).append(" (attempt ").append(diff.attempt())
                        .append(diff.ended() ? "" : ", not finished").append("): ").append(diff.files().size())
                        .append(diff.files().size() == 1 ? " file\n" : " files\n");
                for (FileDiff file : diff.files()) {
                    if (stat) {
                        out.append("  ").append(file.path()).append(" | +").append(file.added()).append(" -")
                                .append(file.removed()).append(file.change().equals("modified") ? ""
                                        : " (" + file.change() + ")").append('\n');
                    } else {
                        out.append(file.unified());
                    }
                }
            }
            if (!shared.isEmpty() && task == null) {
                out.append("changed by more than one task:\n");
                shared.forEach((path, tasks) -> out.append("  ").append(path).append(": tasks ")
                        .append(tasks.stream().map(t -> "#" + t).reduce((a, b) -> a + ", " + b).orElse(""))
                        .append('\n'));
            }
            return out.toString();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the changes of run " + runId + ": " + e.getMessage(), e);
        }
    }
}
