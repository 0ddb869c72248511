package dev.longtask.server;

import dev.longtask.model.Budget;
import java.nio.file.Path;

/**
 * A run as submitted to the server, checked: its goal, the workspace (a real directory under an allowed root),
 * and how it is to be carried out.
 *
 * @param model       a model spec like {@code openai:gpt-4.1}, or null for the workspace's configured one
 * @param concurrency tasks at once, or null for the workspace's configured value
 * @param priority    higher starts first; FIFO among equals
 * @param approval    {@code auto}, {@code ask} or {@code read-only}
 * @param foreground  the run a person drives: it does not wait for a pool slot and its questions reach them
 * @param review      a code review of the workspace instead of a goal the planner plans, or null
 */
public record RunRequest(String goal, Path workspace, String model, Budget budget, Integer concurrency,
                         int priority, String approval, boolean foreground, Review review) {
    public static final int MIN_PRIORITY = -1000;
    public static final int MAX_PRIORITY = 1000;

    /**
     * A code review: planned in code from the repository's map when the run is created, and ended by the review's
     * post-run step, which writes {@code results/review/review.{md,json}}; both are recorded with the run, so any
     * session that resumes it carries it out as a review.
     *
     * @param focus comma-separated focus areas ({@code bug,security}), or null for the default ones
     */
    public record Review(String focus) {
    }

    /** A goal the planner plans. */
    public RunRequest(String goal, Path workspace, String model, Budget budget, Integer concurrency, int priority,
                      String approval, boolean foreground) {
        this(goal, workspace, model, budget, concurrency, priority, approval, foreground, null);
    }
}
