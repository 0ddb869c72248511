package dev.longtask.server;

import dev.longtask.api.RunRequest;

/**
 * A run as submitted to the server, checked: the run itself, an API {@link RunRequest} whose workspace is a real
 * directory under an allowed root, and how the server's pool carries it out.
 *
 * @param run        the run: its goal, workspace (always set), and the model, budgets, concurrency and approval mode
 *                   when the submission sets them (else the workspace's configured ones)
 * @param priority   higher starts first; FIFO among equals
 * @param foreground the run a person drives: it does not wait for a pool slot and its questions reach them
 * @param review     a code review of the workspace instead of a goal the planner plans, or null
 */
record Submission(RunRequest run, int priority, boolean foreground, Review review) {
    static final int MIN_PRIORITY = -1000;
    static final int MAX_PRIORITY = 1000;

    Submission {
        if (run.workspace() == null) {
            throw new IllegalArgumentException("a submission names its workspace");
        }
    }

    /**
     * A code review: planned in code from the repository's map when the run is created, and ended by the review's
     * post-run step, which writes {@code results/review/review.{md,json}}; both are recorded with the run, so any
     * session that resumes it carries it out as a review.
     *
     * @param focus comma-separated focus areas ({@code bug,security}), or null for the default ones
     */
    record Review(String focus) {
    }

    /** A goal the planner plans. */
    Submission(RunRequest run, int priority, boolean foreground) {
        this(run, priority, foreground, null);
    }
}
