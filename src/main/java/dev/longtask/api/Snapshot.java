package dev.longtask.api;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.longtask.model.plan.ProgressSnapshot;
import dev.longtask.model.PlanEstimate;
import dev.longtask.model.RunSettings;
import dev.longtask.model.run.RunFigures;

/**
 * Where a run stands, the figures {@code longtask status} shows: counts, tokens, cost and budget ({@code figures}),
 * percent, elapsed time, ETA and the running tasks ({@code progress}), the settings the run keeps, and the estimate
 * its first plan was made with (tokens, cost, time, and what they were learned from), to set its figures beside;
 * null when the plan came without one.
 */
public record Snapshot(RunFigures figures, ProgressSnapshot progress, RunSettings settings,
                       @JsonProperty("running_here") boolean runningHere, PlanEstimate estimate) {

    /** A snapshot without the plan's estimate. */
    public Snapshot(RunFigures figures, ProgressSnapshot progress, RunSettings settings, boolean runningHere) {
        this(figures, progress, settings, runningHere, null);
    }
}
