package dev.longtask.model.run;

import java.nio.file.Path;

/**
 * A run a page of runs lists: its id, the workspace it lives in, and its version as the listing found it (a number
 * that changes whenever the run's log grows), so that a cache of its figures keyed on that need not ask again.
 */
public record ListedRun(String runId, Path workspace, long version) {
}
