package dev.longtask.engine;

import java.nio.file.Path;

/**
 * The ranked map of a workspace's source (the most referenced files and their definitions), rendered within a token
 * budget for the planner's brief. The code review builds it; the engine only asks for it, so a setup without the
 * review has {@link #NONE}.
 */
@FunctionalInterface
public interface WorkspaceMap {
    /** No map: the planner sees the workspace's shape alone. */
    WorkspaceMap NONE = (root, budget) -> "";

    /** The map of {@code root} in at most {@code tokenBudget} tokens; empty when there is nothing to map. */
    String render(Path root, int tokenBudget);
}
