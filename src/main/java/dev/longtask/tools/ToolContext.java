package dev.longtask.tools;

import dev.longtask.store.RunStore;

/** What a tool call may touch: the workspace, and the run's store and task when there is a run. */
public record ToolContext(Workspace workspace, RunStore store, int taskId) {
}
