package dev.longtask.tools;

import dev.longtask.store.RunStore;

/**
 * What a tool call may touch: the workspace, and the run's store and task when there is a run. {@code store} is null
 * outside a run (the task-graph tools then answer that there is no graph); {@code taskId} is 0 when the call is not
 * made for a task of the graph.
 */
public record ToolContext(Workspace workspace, RunStore store, int taskId) {

    /** A call outside any run, e.g. {@code longtask agent NAME "TASK"}. */
    public static ToolContext outsideRun(Workspace workspace) {
        return new ToolContext(workspace, null, 0);
    }
}
