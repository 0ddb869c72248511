package dev.longtask.model.run;

import dev.longtask.model.RunStatus;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;

/**
 * A post-run step: work the session that ends a run does after {@code report.md} is written and before the run's
 * final status, such as a code review's checked report. Its {@link #name()} is recorded with the run, so a
 * resume in any process finds the same step among the runtime's finishers and ends the run the same way.
 */
public interface Finisher {

    /** Recorded with the run's settings ({@code [a-z0-9-]+}); the runtime looks finishers up by it on resume. */
    String name();

    /**
     * Called once, right after the run is created and before any task runs, in the run's first session: e.g. a
     * review writes the manifest its checked report is built from. A failure stops the run from starting.
     */
    default void prepare(RunStore store) throws IOException {
    }

    /**
     * Ends the run's work: called in the session that ends it (completed, or failed with results to show), with
     * the store still open, before the final status is recorded. A failure fails the run with the message; a
     * resume tries again.
     *
     * @param workspace the run's workspace
     * @param ending    the status the run ends with (completed or failed)
     */
    Finished finish(RunStore store, Path workspace, RunStatus ending) throws IOException;

    /** What the step produced: one line for people, and its files by name. */
    record Finished(String summary, Map<String, Path> files) {
        public Finished {
            files = Map.copyOf(files);
        }
    }
}
