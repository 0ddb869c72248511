package dev.longtask.review;

import dev.longtask.engine.Estimate;
import dev.longtask.engine.Plan;
import dev.longtask.llm.Pricing;
import dev.longtask.llm.TokenCounter;
import dev.longtask.store.FileRunStore;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;

/**
 * A code review made ready to start, without a model: the repository's map, its chunks, the plan of an analysis and
 * a review per chunk, the estimate and the goal. What {@code longtask review} and an MCP client's review start with;
 * the caller starts the run with {@link #plan}, {@link #estimate} and {@link #finisher()}.
 */
public record ReviewSetup(String runId, RepoMap map, String renderedMap, List<Chunk> chunks, ReviewManifest manifest,
                          Plan plan, ReviewEstimate figures, Estimate estimate, String goal) {

    /** How the review is cut and told: focus areas, tests or not, the map's and the chunks' token budgets. */
    public record Options(ReviewFocus focus, boolean includeTests, int mapTokens, long chunkTokens) {
        public static Options defaults() {
            return new Options(ReviewFocus.defaults(), false, 2048, 20_000);
        }

        public Options withFocus(ReviewFocus areas) {
            return new Options(areas, includeTests, mapTokens, chunkTokens);
        }
    }

    /**
     * Maps and chunks {@code root} and plans its review as run {@code runId}, priced with {@code pricing} for
     * {@code concurrency} tasks at once on {@code model}. A repository with nothing in scope has no chunks and no
     * plan (null).
     *
     * @param model null when none is configured (the estimate says so)
     * @throws IOException when the repository cannot be listed
     */
    public static ReviewSetup preview(Path root, String runId, Options options, Pricing pricing, String model,
                                      int concurrency, TokenCounter counter) throws IOException {
        RepoMap repoMap = new RepoMapper(counter).map(root, ScopeOptions.defaults().withTests(options.includeTests()));
        List<Chunk> chunks = new Chunker(options.chunkTokens()).chunk(repoMap);
        ReviewManifest manifest = ReviewManifest.of(chunks, ".longtask/runs/" + runId, options.focus(),
                options.includeTests());
        String rendered = new MapRenderer(counter).render(repoMap, options.mapTokens());
        Plan plan = chunks.isEmpty() ? null : new ReviewPlanner(rendered).plan(manifest);
        ReviewEstimate figures = new ReviewEstimator(EstimateAssumptions.defaults(), pricing)
                .estimate(chunks, counter.count(rendered), options.focus(), concurrency, model);
        return new ReviewSetup(runId, repoMap, rendered, chunks, manifest, plan, figures, ReviewPlanner.estimate(figures),
                goal(repoMap, chunks.size(), options.focus(), manifest));
    }

    /** The post-run step that writes the checked report. */
    public ReviewFinisher finisher() {
        return ReviewFinisher.starting(manifest);
    }

    /** A new run id no run of the workspace has. */
    public static String newRunId(Path workspace, Clock clock) {
        Path runs = FileRunStore.runsDirectory(workspace);
        while (true) {
            String id = FileRunStore.newRunId(clock);
            if (!Files.exists(runs.resolve(id))) {
                return id;
            }
        }
    }

    /** The run's goal: what is reviewed, how, and what the final report must say. */
    public static String goal(RepoMap m, int chunks, ReviewFocus areas, ReviewManifest manifest) {
        return String.format("Review the code of this repository (%,d files, %,d lines, in %d chunks) for: %s."
                        + " Each chunk is analysed, then reviewed; each review writes its issues as JSON to"
                        + " %s/results/work/chunk-NNN-issues.json. The runtime checks every issue's location against"
                        + " the repository, merges duplicates and computes the score and the issue list itself"
                        + " (%s/%s/review.md). The final report should give the overall state of the code base, the"
                        + " most important problems and the modules at risk, citing path:line, and say which chunks"
                        + " were not reviewed.", m.files().size(), m.totalLines(), chunks, areas.text(),
                manifest.runPath(), manifest.runPath(), ReviewManifest.DIRECTORY);
    }
}
