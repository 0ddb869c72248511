package dev.longtask.server;

import dev.longtask.engine.ProgressSnapshot;
import dev.longtask.model.RunStatus;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/** A session of a run going on in this process. */
public interface LiveRun {

    String runId();

    /** Asks the session to stop after saving; the run stays resumable. Returns at once. */
    void pause(String reason);

    /** Asks the session to stop; the run ends cancelled. Returns at once. */
    void cancel(String reason);

    /** The live figures (counts, ETA, tokens, cost, running tasks), once the session has opened the run. */
    Optional<ProgressSnapshot> progress();

    /** Completes with the status the session left the run in, or exceptionally when it could not run. */
    CompletableFuture<Ended> ended();

    /** How a session ended. */
    record Ended(RunStatus status, String reason) {
    }
}
