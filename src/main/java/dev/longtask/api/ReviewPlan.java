package dev.longtask.api;

import dev.longtask.model.plan.Estimate;
import dev.longtask.model.plan.Plan;
import dev.longtask.review.ReviewSetup;
import dev.longtask.model.review.RepoMap;
import dev.longtask.model.review.Chunk;
import dev.longtask.model.review.ReviewEstimate;
import dev.longtask.model.review.ReviewPart;
import java.util.List;

/**
 * A code review planned in code, before anything is spent: the repository's map, its chunks, the plan (an analysis
 * and a review per chunk), the estimate, and the problems that would stop the plan from running. Start it with
 * {@link #request(RunRequest)}; its run ends with the checked report.
 */
public final class ReviewPlan {
    private final ReviewSetup setup;
    private final String focus;
    private final String model;
    private final int concurrency;
    private final List<String> problems;

    ReviewPlan(ReviewSetup setup, String focus, String model, int concurrency, List<String> problems) {
        this.setup = setup;
        this.focus = focus;
        this.model = model;
        this.concurrency = concurrency;
        this.problems = List.copyOf(problems);
    }

    /** The run's id ({@code <run-id>} in a preview that was given none). */
    public String runId() {
        return setup.runId();
    }

    /** The run directory relative to the workspace, {@code .longtask/runs/<id>}. */
    public String runPath() {
        return setup.manifest().runPath();
    }

    /** The model spec the review runs on; null in a preview of a workspace with no model configured. */
    public String model() {
        return model;
    }

    /** Tasks run at once. */
    public int concurrency() {
        return concurrency;
    }

    /** The focus areas, as a person reads them ("bug, security"). */
    public String focus() {
        return focus;
    }

    /** The repository map: files in scope by rank, what was skipped. */
    public RepoMap map() {
        return setup.map();
    }

    /** The map as every task is given it, cut to the map's token budget. */
    public String renderedMap() {
        return setup.renderedMap();
    }

    /** The code tokens a chunk may hold: the budget asked for, or the default fitted to the agents' window. */
    public long chunkTokens() {
        return setup.fit().chunkTokens();
    }

    /** The chunks this review reviews: all of the repository's, or those of the part it covers ({@link #part}). */
    public List<Chunk> chunks() {
        return setup.chunks();
    }

    /**
     * Which modules this review covers and which it leaves out, and why, when it covers only part of the repository
     * (a repository too large for one run, a budget, {@code top} or {@code skip}); null when it covers all of it.
     */
    public ReviewPart part() {
        return setup.manifest().part();
    }

    /**
     * The map every task carries: its tokens, the budget asked for, and the context window it was cut to fit (0 when
     * no model is known).
     */
    public record MapBudget(int tokens, int asked, int window) {
        /** Whether the map was cut below the budget asked for, to fit the window. */
        public boolean cut() {
            return tokens < asked;
        }
    }

    /** How the map was fitted to the models' windows. */
    public MapBudget mapBudget() {
        return new MapBudget(setup.fit().mapTokens(), setup.fit().askedMapTokens(), setup.fit().window());
    }

    /** The plan; null when nothing is in scope. */
    public Plan plan() {
        return setup.plan();
    }

    /** The estimate in the review's own terms: chunks, model calls, tokens, cost, time, and what it assumes. */
    public ReviewEstimate estimate() {
        return setup.figures();
    }

    /** The estimate as the run records it. */
    public Estimate runEstimate() {
        return setup.estimate();
    }

    /** Why the plan cannot run (the limits the engine checks before it starts), one line each; empty when it can. */
    public List<String> problems() {
        return problems;
    }

    /**
     * {@code base} (its workspace, model, budgets, ...) made into this review: its goal, id, plan, estimate and the
     * post-run step that writes the checked report.
     *
     * @throws IllegalArgumentException when nothing is in scope
     */
    public RunRequest request(RunRequest base) {
        if (setup.plan() == null) {
            throw new IllegalArgumentException("nothing to review in " + setup.map().root()
                    + ": no source file in scope" + (setup.manifest().includeTests() ? "" : " (tests are left out)"));
        }
        return base.withGoal(setup.goal()).withRunId(setup.runId()).withPlan(setup.plan(), setup.estimate())
                .withFinisher(setup.finisher());
    }
}
