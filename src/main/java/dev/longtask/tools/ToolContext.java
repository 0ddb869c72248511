package dev.longtask.tools;

import dev.longtask.model.ApprovalMode;
import dev.longtask.model.SandboxMode;
import dev.longtask.model.run.RunStore;
import dev.longtask.tools.undo.Checkpoints;

/**
 * What a tool call may touch, and under which rules: the workspace, the run's store and task when there is a run,
 * the run's approval and sandbox modes, and the run's checkpoints (the record of each task's changes). {@code store}
 * is null outside a run (the task-graph tools then answer that there is no graph); {@code taskId} is 0 when the call
 * is not made for a task of the graph.
 */
public record ToolContext(Workspace workspace, RunStore store, int taskId, ApprovalMode approval,
                          SandboxMode sandbox, Checkpoints checkpoints) {

    private static final Checkpoints NO_CHECKPOINTS = Checkpoints.off("no run");

    public ToolContext {
        approval = approval == null ? ApprovalMode.AUTO : approval;
        sandbox = sandbox == null ? SandboxMode.AUTO : sandbox;
        checkpoints = checkpoints == null ? NO_CHECKPOINTS : checkpoints;
    }

    /** A context without checkpoints. */
    public ToolContext(Workspace workspace, RunStore store, int taskId, ApprovalMode approval, SandboxMode sandbox) {
        this(workspace, store, taskId, approval, sandbox, null);
    }

    /** A context with the default modes (auto approval, sandbox where available). */
    public ToolContext(Workspace workspace, RunStore store, int taskId) {
        this(workspace, store, taskId, ApprovalMode.AUTO, SandboxMode.AUTO);
    }

    /** A call outside any run, e.g. {@code longtask agent NAME "TASK"}. */
    public static ToolContext outsideRun(Workspace workspace) {
        return new ToolContext(workspace, null, 0);
    }

    /**
     * This context in a task's own tree ({@code --isolation worktree}): the tools work there, and record nothing in
     * the run's checkpoints, which record the task's merge into the workspace instead.
     */
    public ToolContext inTree(Workspace tree) {
        return new ToolContext(tree, store, taskId, approval, sandbox, Checkpoints.off("the task works in its own tree"));
    }

    /** The same workspace, modes and checkpoints, for a call made for {@code taskId} of the run in {@code runStore}. */
    public ToolContext forTask(RunStore runStore, int taskId) {
        return new ToolContext(workspace, runStore, taskId, approval, sandbox, checkpoints);
    }
}
