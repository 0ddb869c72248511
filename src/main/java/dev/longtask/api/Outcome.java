package dev.longtask.api;

import dev.longtask.model.plan.Estimate;
import dev.longtask.model.run.Finisher;
import dev.longtask.engine.RunOutcome;
import dev.longtask.model.RunStatus;
import java.nio.file.Path;

/**
 * How a session of a run ended, what {@link RunHandle#await()} returns: the run's status and why, the plan's
 * estimate when this session made one, the report when there is one, what the run's post-run step produced when it
 * ran in this session, and whether there was nothing to do (a resumed run had already ended; nothing was changed).
 *
 * @param runId       the run
 * @param directory   the run's directory ({@code <workspace>/.longtask/runs/<id>})
 * @param status      the status the session left the run in
 * @param reason      why (empty for a completed run)
 * @param estimate    the plan's estimate when this session planned, else null
 * @param report      {@code report.md} when the run has one, else null
 * @param finished    what the post-run step produced when it ran in this session, else null
 * @param nothingToDo whether the run had already ended and nothing was done
 */
public record Outcome(String runId, Path directory, RunStatus status, String reason, Estimate estimate, Path report,
                      Finisher.Finished finished, boolean nothingToDo) {

    static Outcome of(RunOutcome engine) {
        return new Outcome(engine.runId(), engine.directory(), engine.status(), engine.reason(), engine.estimate(),
                engine.report(), engine.finished(), engine.nothingToDo());
    }
}
