package dev.longtask.engine;

import dev.longtask.model.RunStatus;
import java.nio.file.Path;

/**
 * How a start or resume ended: the run's status and why, the plan's estimate when one was made in this
 * session, and the report when one was written.
 */
public record RunOutcome(String runId, Path directory, RunStatus status, String reason, Estimate estimate,
                         Path report) {
}
