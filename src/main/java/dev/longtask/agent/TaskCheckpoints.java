package dev.longtask.agent;

import dev.longtask.model.EventData;
import dev.longtask.model.Task;
import dev.longtask.model.agent.AgentOutcome;
import dev.longtask.store.RunLayout;
import dev.longtask.model.run.RunStore;
import dev.longtask.tools.ToolContext;
import dev.longtask.tools.Workspace;
import dev.longtask.tools.undo.Checkpoints;
import dev.longtask.tools.undo.TaskTrees;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Brackets an attempt of a task with its checkpoints: before the attempt's first model call, the task's earlier
 * changes are undone (a retry starts from the workspace as the task found it) and the workspace recorded; when it
 * ends, what it changed. What was undone and what changed are events. A checkpoint that cannot be written is an
 * error in the plan's record, never a failure of the task. With {@code isolated} ({@code --isolation worktree}) the
 * attempt works in a tree of its own, merged into the workspace when it completes ({@link #merge}) and removed
 * whatever came of it.
 */
final class TaskCheckpoints {
    private final RunStore store;
    private final Checkpoints checkpoints;
    private final TaskTrees trees;
    private Path tree;
    private String treeProblem;

    TaskCheckpoints(RunStore store, Checkpoints checkpoints, boolean isolated) {
        this.store = store;
        this.checkpoints = checkpoints;
        this.trees = isolated ? checkpoints.trees() : null;
    }

    void begin(Task task) {
        if (!checkpoints.on()) {
            return;
        }
        Uninterrupted.run(() -> {
            try {
                Checkpoints.Undone undone = checkpoints.startAttempt(task.id(), task.attempts());
                if (!undone.isEmpty()) {
                    store.append(task.id(), new EventData.TaskUndone("retry", undone.restored(), undone.kept()));
                }
            } catch (IOException | RuntimeException e) {
                store.append(task.id(), new EventData.ErrorRecorded("task #" + task.id() + ": its earlier changes "
                        + "could not be undone or its start recorded (" + e.getMessage() + ")"));
            }
            if (trees != null) {
                try {
                    tree = trees.open(task.id(), resultsLink(), store.directory().resolve(RunLayout.RESULTS));
                } catch (IOException | RuntimeException e) {
                    treeProblem = "its own tree could not be made (" + e.getMessage() + "), so it did not run";
                }
            }
        });
    }

    /**
     * The context of the attempt's tool calls: {@code forTask} itself, or in the task's tree. Empty when the tree
     * could not be made: the attempt must not run in the shared workspace it asked not to share.
     */
    Optional<ToolContext> context(ToolContext forTask) {
        if (trees == null) {
            return Optional.of(forTask);
        }
        if (tree == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(forTask.inTree(Workspace.taskTree(tree, tree.resolve(resultsLink()))));
        } catch (IOException e) {
            treeProblem = "its own tree cannot be used (" + e.getMessage() + "), so it did not run";
            return Optional.empty();
        }
    }

    /** Where, in a task's tree, the link to the run's results is: where they are in the workspace. */
    private String resultsLink() {
        return store.workspace().relativize(store.directory().resolve(RunLayout.RESULTS)).toString();
    }

    /** Why the attempt could not run in its tree, or null. */
    String treeProblem() {
        return treeProblem;
    }

    /**
     * The attempt's loop ended with {@code outcome}: with isolation, a completed attempt's tree is merged into the
     * workspace, and a merge that is refused (or fails) makes it a failure naming the files; every attempt's tree is
     * then removed. Answers the outcome to record.
     */
    AgentOutcome merge(Task task, AgentOutcome outcome) {
        if (trees == null || tree == null) {
            return outcome;
        }
        String[] refusal = {null};
        Uninterrupted.run(() -> {
            try {
                if (outcome.success()) {
                    TaskTrees.Merge merge = trees.merge(task.id());
                    if (merge.refused()) {
                        refusal[0] = "its changes do not merge into the workspace, so none was merged: "
                                + String.join(", ", merge.conflicts()) + " changed the same lines, or one side removed"
                                + " what the other changed; its tree is kept: git --git-dir .longtask/shadow diff "
                                + merge.keptAs() + "^ " + merge.keptAs();
                    }
                }
            } catch (IOException | RuntimeException e) {
                refusal[0] = "its changes could not be merged into the workspace (" + e.getMessage() + ")";
            }
            try {
                trees.discard(task.id());
            } catch (IOException | RuntimeException e) {
                store.append(task.id(), new EventData.ErrorRecorded("task #" + task.id() + ": its tree could not be "
                        + "removed (" + e.getMessage() + "); the next session of the run removes it"));
            }
        });
        return refusal[0] == null ? outcome : failed(outcome, refusal[0]);
    }

    /** {@code outcome} as a failure for {@code reason} (the agent's own submission set aside). */
    static AgentOutcome failed(AgentOutcome outcome, String reason) {
        return new AgentOutcome(outcome.agent(), AgentOutcome.Ending.MERGE_CONFLICT, false, reason, null,
                outcome.output(), outcome.notes(), outcome.usage(), outcome.steps(), null);
    }

    /**
     * The attempt ended: what it changed is recorded in the checkpoints, and the event that says so
     * ({@code task.changes}, or the error that kept them from being recorded) is returned for the caller to append
     * with the task's end, in the same batch and so the same fsync; null when checkpoints are off.
     */
    EventData end(Task task) {
        if (!checkpoints.on()) {
            return null;
        }
        EventData[] record = {null};
        Uninterrupted.run(() -> {
            try {
                List<EventData.FileChange> files = checkpoints.endAttempt(task.id()).stream()
                        .map(c -> new EventData.FileChange(c.path(), c.kind())).toList();
                record[0] = new EventData.TaskChanges(task.attempts(), files);
            } catch (IOException | RuntimeException e) {
                record[0] = new EventData.ErrorRecorded("task #" + task.id() + ": its changes could not be recorded ("
                        + e.getMessage() + ")");
            }
        });
        return record[0];
    }
}
