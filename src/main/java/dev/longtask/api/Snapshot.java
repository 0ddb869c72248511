package dev.longtask.api;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.longtask.engine.ProgressSnapshot;
import dev.longtask.model.RunSettings;
import dev.longtask.store.RunFigures;

/**
 * Where a run stands, the figures {@code longtask status} shows: counts, tokens, cost and budget ({@code figures}),
 * percent, elapsed time, ETA and the running tasks ({@code progress}), and the settings the run keeps.
 */
public record Snapshot(RunFigures figures, ProgressSnapshot progress, RunSettings settings,
                       @JsonProperty("running_here") boolean runningHere) {
}
