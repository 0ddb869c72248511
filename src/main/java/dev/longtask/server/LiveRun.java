package dev.longtask.server;

import dev.longtask.model.plan.ProgressSnapshot;
import dev.longtask.model.RunStatus;
import dev.longtask.model.run.RunFigures;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/** A session of a run going on in this process. */
public interface LiveRun {

    String runId();

    /** Asks the session to stop after saving, paused (as a budget stops it); resumable. Returns at once. */
    void pause(String reason);

    /** Asks the session to stop after saving, interrupted (as Ctrl-C stops it); resumable. Returns at once. */
    void interrupt(String reason);

    /** Asks the session to stop; the run ends cancelled. Returns at once. */
    void cancel(String reason);

    /** The live figures (counts, tokens, cost, budget; percent, ETA, running tasks), read from memory. */
    Optional<Figures> figures();

    /** Completes with the status the session left the run in, or exceptionally when it could not run. */
    CompletableFuture<Ended> ended();

    /** A running run's figures: what its files would say, and the progress only a session knows. */
    record Figures(RunFigures run, ProgressSnapshot progress) {
    }

    /** How a session ended. */
    record Ended(RunStatus status, String reason) {
    }
}
