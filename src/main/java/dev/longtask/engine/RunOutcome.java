package dev.longtask.engine;

import dev.longtask.model.RunStatus;
import dev.longtask.model.plan.Estimate;
import dev.longtask.model.run.Finisher;
import java.nio.file.Path;

/**
 * How a start or resume ended: the run's status and why, the plan's estimate when one was made in this
 * session, the report when there is one, what the run's finisher produced when it ran in this session, and
 * whether there was nothing to do (the run had already ended; nothing was changed).
 */
public record RunOutcome(String runId, Path directory, RunStatus status, String reason, Estimate estimate,
                         Path report, Finisher.Finished finished, boolean nothingToDo) {

    public RunOutcome(String runId, Path directory, RunStatus status, String reason, Estimate estimate, Path report) {
        this(runId, directory, status, reason, estimate, report, null, false);
    }
}
