package dev.longtask.review;

import dev.longtask.model.plan.Estimate;
import dev.longtask.model.plan.Plan;
import dev.longtask.engine.PlanValidator;
import dev.longtask.model.plan.PlannedTask;
import dev.longtask.model.llm.Pricing;
import dev.longtask.llm.TokenCounter;
import dev.longtask.model.Budget;
import dev.longtask.model.Counts;
import dev.longtask.review.map.MapRenderer;
import dev.longtask.review.map.MappedRepository;
import dev.longtask.model.review.RepoMap;
import dev.longtask.review.map.RepoMapper;
import dev.longtask.review.map.ScopeOptions;
import dev.longtask.model.review.Chunk;
import dev.longtask.review.plan.Chunker;
import dev.longtask.review.plan.EstimateAssumptions;
import dev.longtask.model.review.ReviewEstimate;
import dev.longtask.review.plan.ReviewEstimator;
import dev.longtask.review.plan.ReviewFocus;
import dev.longtask.review.plan.ReviewManifest;
import dev.longtask.model.review.ReviewPart;
import dev.longtask.review.plan.ReviewPlanner;
import dev.longtask.store.RunLayout;
import dev.longtask.store.file.FileRunStore;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.ToIntFunction;

/**
 * A code review made ready to start, without a model: the repository's map, its chunks, the plan of an analysis and
 * a review per chunk, the estimate and the goal. What {@code longtask review} and an MCP client's review start with;
 * the caller starts the run with {@link #plan}, {@link #estimate} and {@link #finisher()}.
 */
public record ReviewSetup(String runId, RepoMap map, String renderedMap, List<Chunk> chunks, ReviewManifest manifest,
                          Plan plan, ReviewEstimate figures, Estimate estimate, String goal, Fit fit) {

    /** The fewest tokens a map given to the tasks is worth; a smaller room leaves the map out. */
    static final int MIN_MAP_TOKENS = 64;

    /**
     * How the tasks were fitted to their agents' context windows: the map's budget every task got (the one asked for,
     * less when a task's text would take more than its share of the window; 0 without a map), the window it was
     * fitted to (0 when no model is known), why the plan still cannot run (null when it can), and the chunk budget
     * the chunks were cut to (the one asked for, or the default fitted to the window).
     */
    public record Fit(int mapTokens, int askedMapTokens, int window, String problem, long chunkTokens) {
        /** Whether the map was cut below the budget asked for, to fit the window. */
        public boolean shrunk() {
            return mapTokens < askedMapTokens;
        }
    }

    /**
     * How the review is cut and told: focus areas, tests or not, the map's and the chunks' token budgets;
     * {@code chunkTokens} 0 follows the window: {@value #DEFAULT_CHUNK_TOKENS}, or what fits the agents' window when
     * that is less ({@link #chunkRoom}). Which part of the repository is reviewed ({@link ReviewPart}): the modules
     * after the {@code skip} highest-ranked, at most {@code top} of them (0: any number), within {@code budget}'s
     * tokens and cost as estimated, and within what one run may hold.
     */
    public record Options(ReviewFocus focus, boolean includeTests, int mapTokens, long chunkTokens,
                          String minSeverity, int top, int skip, Budget budget) {
        public Options {
            budget = budget == null ? Budget.UNLIMITED : budget;
        }

        public Options(ReviewFocus focus, boolean includeTests, int mapTokens, long chunkTokens, String minSeverity) {
            this(focus, includeTests, mapTokens, chunkTokens, minSeverity, 0, 0, Budget.UNLIMITED);
        }

        public Options(ReviewFocus focus, boolean includeTests, int mapTokens, long chunkTokens) {
            this(focus, includeTests, mapTokens, chunkTokens, null);
        }

        public static Options defaults() {
            return new Options(ReviewFocus.defaults(), false, 2048, 0);
        }

        public Options withFocus(ReviewFocus areas) {
            return new Options(areas, includeTests, mapTokens, chunkTokens, minSeverity, top, skip, budget);
        }

        /** The same review of the part after the {@code skip} highest-ranked modules, at most {@code top} of them. */
        public Options withPart(int topModules, int skipModules, Budget limits) {
            return new Options(focus, includeTests, mapTokens, chunkTokens, minSeverity, topModules, skipModules,
                    limits);
        }

        Options withChunkTokens(long tokens) {
            return new Options(focus, includeTests, mapTokens, tokens, minSeverity, top, skip, budget);
        }

        /** The options that cut the next part as this one was cut, as flags ({@code --top 5 --include-tests}). */
        String partFlags() {
            List<String> flags = new ArrayList<>();
            if (top > 0) {
                flags.add("--top " + top);
            }
            if (includeTests) {
                flags.add("--include-tests");
            }
            if (chunkTokens > 0) {
                flags.add("--chunk-tokens " + chunkTokens);
            }
            if (!focus.areas().equals(ReviewFocus.defaults().areas())) {
                flags.add("--focus " + String.join(",", focus.areas()));
            }
            if (budget.maxTokens() != null) {
                flags.add("--max-tokens " + budget.maxTokens());
            }
            if (budget.maxCostUsd() != null) {
                flags.add("--max-cost " + budget.maxCostUsd().toPlainString());
            }
            return String.join(" ", flags);
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
        return preview(root, runId, options, pricing, model, concurrency, counter, null);
    }

    /**
     * As {@link #preview(Path, String, Options, Pricing, String, int, TokenCounter)}, with each task fitted to its
     * agent's model: {@code windowOfAgent} gives an agent's context window (null when no model is known). A task's
     * own text may take a quarter of the window, as a run's start checks; the map every task carries is cut to what
     * the largest task leaves of that quarter, or left out when too little is left. When even a task without the map
     * is too large, {@link Fit#problem} says so once, naming what to change.
     */
    public static ReviewSetup preview(Path root, String runId, Options options, Pricing pricing, String model,
                                      int concurrency, TokenCounter counter, ToIntFunction<String> windowOfAgent)
            throws IOException {
        MappedRepository mapped = RepoMapper.cached(counter).mapped(root,
                ScopeOptions.defaults().withTests(options.includeTests()));
        RepoMap repoMap = mapped.map();
        int chunkWindow = windowOfAgent == null ? 0
                : Math.min(windowOfAgent.applyAsInt(ReviewPlanner.ANALYZER), windowOfAgent.applyAsInt(ReviewPlanner.REVIEWER));
        long room = chunkWindow > 0 ? chunkRoom(chunkWindow, options.mapTokens()) : Long.MAX_VALUE;
        String chunkProblem = null;
        long chunkTokens = options.chunkTokens() > 0 ? options.chunkTokens()
                : Math.max(MIN_CHUNK_TOKENS, Math.min(DEFAULT_CHUNK_TOKENS, room));
        if (room < MIN_CHUNK_TOKENS) {
            chunkProblem = "the " + Counts.full(chunkWindow) + "-token context window of " + (model == null ? "the model"
                    : model) + " leaves no room for a chunk of code (" + Counts.full(room) + " tokens after the task's"
                    + " text, the system prompt and the answer; a chunk needs " + MIN_CHUNK_TOKENS + "): use a model with"
                    + " a larger window, or set its real window under context_window in .longtask/config.yaml";
        } else if (chunkTokens > room) {
            chunkProblem = "--chunk-tokens " + Counts.full(chunkTokens) + " does not fit the " + Counts.full(chunkWindow)
                    + "-token context window of " + (model == null ? "the model" : model) + ": at most "
                    + Counts.full(room) + " fit (--chunk-tokens " + room + ")";
        }
        options = options.withChunkTokens(chunkTokens);
        // The next part is cut as this one only with the same chunks: the budget this model's window gave, and the model.
        String partFlags = options.partFlags() + (model == null ? "" : " --model " + model);
        String largerChunks = chunkWindow > 0 && chunkTokens >= room ? "a model with a larger context window (the "
                + Counts.full(chunkWindow) + " tokens of " + model + " hold chunks of at most " + Counts.full(room)
                + "), or its real window under context_window in .longtask/config.yaml"
                : "a larger --chunk-tokens" + (chunkWindow > 0 ? " (at most " + Counts.full(room) + " fit)" : "");
        List<Chunk> all = new Chunker(chunkTokens).chunk(repoMap);
        MapRenderer renderer = new MapRenderer(counter);
        String rendered = mapped.render(options.mapTokens());
        ReviewEstimator estimator = new ReviewEstimator(EstimateAssumptions.defaults(), pricing);
        ReviewPart.Selection selection = ReviewPart.select(all, repoMap, new ReviewPart.Limits(
                PlanValidator.MAX_TASKS / ReviewPlanner.TASKS_PER_CHUNK, options.top(), options.skip(),
                overBudget(options, estimator, counter.count(rendered), concurrency, model, chunkWindow), partFlags,
                largerChunks));
        List<Chunk> chunks = selection.chunks();
        ReviewPart part = selection.partial() ? selection.part() : null;
        ReviewManifest manifest = ReviewManifest.of(chunks, RunLayout.RUNS + "/" + runId, options.focus(),
                options.includeTests()).withMinSeverity(options.minSeverity()).withPart(part);
        Plan plan = chunks.isEmpty() ? null : new ReviewPlanner(rendered).plan(manifest);
        Fit fit = new Fit(options.mapTokens(), options.mapTokens(), 0, null, chunkTokens);
        if (chunkProblem != null) {
            fit = new Fit(options.mapTokens(), options.mapTokens(), chunkWindow, chunkProblem, chunkTokens);
        } else if (selection.problem() != null) {
            fit = new Fit(options.mapTokens(), options.mapTokens(), 0, selection.problem(), chunkTokens);
        } else if (plan != null && windowOfAgent != null) {
            // Sized with a run id of the real shape, so a dry run (no id yet) counts what the run will.
            ReviewManifest sizing = ReviewManifest.of(chunks, RunLayout.RUNS + "/" + SIZING_RUN_ID, options.focus(),
                    options.includeTests());
            WindowFit asked = new WindowFit(new ReviewPlanner(rendered).plan(sizing), counter, windowOfAgent);
            fit = new Fit(options.mapTokens(), options.mapTokens(), asked.window(), null, chunkTokens);
            if (asked.overBy() > 0) {
                WindowFit bare = new WindowFit(new ReviewPlanner("").plan(sizing), counter, windowOfAgent);
                rendered = "";
                if (bare.overBy() > 0) {
                    fit = new Fit(0, options.mapTokens(), bare.window(), tooLarge(bare, model, options), chunkTokens);
                } else {
                    // The map's budget: what the largest task leaves of its quarter, less the map's heading line.
                    int budget = Math.min(options.mapTokens(), bare.room() - MAP_HEADING_TOKENS);
                    while (budget >= MIN_MAP_TOKENS) {
                        String candidate = renderer.render(repoMap, budget);
                        if (new WindowFit(new ReviewPlanner(candidate).plan(sizing), counter, windowOfAgent)
                                .overBy() <= 0) {
                            rendered = candidate;
                            break;
                        }
                        budget -= Math.max(16, budget / 10);
                    }
                    fit = new Fit(rendered.isEmpty() ? 0 : counter.count(rendered), options.mapTokens(), bare.window(),
                            null, chunkTokens);
                }
                plan = new ReviewPlanner(rendered).plan(manifest);
            }
        }
        ReviewEstimate figures = estimator.estimate(chunks, counter.count(rendered), options.focus(), concurrency, model,
                chunkWindow);
        return new ReviewSetup(runId, repoMap, rendered, chunks, manifest, plan, figures, ReviewPlanner.estimate(figures),
                goal(repoMap, chunks.size(), options.focus(), manifest), fit);
    }

    /**
     * Why a part's chunks are over the budget of {@code options} as estimated (the budget's tokens, read and written,
     * or its cost when the price is known), or null when they are within it.
     */
    private static Function<List<Chunk>, String> overBudget(Options options, ReviewEstimator estimator, long mapTokens,
                                                            int concurrency, String model, int window) {
        Budget budget = options.budget();
        if (budget.maxTokens() == null && budget.maxCostUsd() == null) {
            return chunks -> null;
        }
        return chunks -> {
            ReviewEstimate e = estimator.estimate(chunks, mapTokens, options.focus(), concurrency, model, window);
            long tokens = e.inputTokens() + e.outputTokens();
            if (budget.maxTokens() != null && tokens > budget.maxTokens()) {
                return "--max-tokens " + Counts.full(budget.maxTokens()) + " (estimated " + Counts.full(tokens)
                        + " tokens with it)";
            }
            if (budget.maxCostUsd() != null && e.costUsd() != null && e.costUsd().compareTo(budget.maxCostUsd()) > 0) {
                return "--max-cost $" + budget.maxCostUsd().toPlainString() + " (estimated $"
                        + e.costUsd().setScale(2, java.math.RoundingMode.UP).toPlainString() + " with it)";
            }
            return null;
        };
    }

    /** The chunk budget when the window allows it and none is asked for. */
    public static final long DEFAULT_CHUNK_TOKENS = 20_000;
    /** The smallest chunk budget; a window with less room than this cannot review code. */
    public static final long MIN_CHUNK_TOKENS = 500;
    /** The system prompt of an analyzer or reviewer, with its tools, as the estimate counts it. */
    static final int SYSTEM_PROMPT_TOKENS = EstimateAssumptions.defaults().systemPromptTokens();
    /** Kept free for the answer: the issues file or the analysis a task writes, and its last tool calls. */
    static final int ANSWER_RESERVE_TOKENS = 2_000;
    /** What reading costs beyond the code's own tokens: line numbers, tool calls and their results' framing. */
    static final double READ_OVERHEAD = 1.25;

    /**
     * The code tokens a chunk may hold so that a task reading all of it fits its agent's {@code window}: what the
     * window leaves after the task's text (at most a quarter of the window, as a run's start checks; with the map of
     * {@code mapTokens} when that is less), the system prompt and the answer reserve, divided by the reading overhead
     * {@value #READ_OVERHEAD}. With the default map, 8,192 tokens leave 1,315; 128,000 leave 95,961.
     */
    public static long chunkRoom(int window, int mapTokens) {
        long text = Math.min(PlanValidator.taskTextLimit(window), mapTokens + 1_500L);
        long left = window - text - SYSTEM_PROMPT_TOKENS - ANSWER_RESERVE_TOKENS;
        return Math.max(0, (long) (left / READ_OVERHEAD));
    }

    /** A run id of the shape new runs get, for sizing tasks before the run has its own. */
    private static final String SIZING_RUN_ID = "20260101-000000-a0b0";

    /** Tokens of the line that introduces the map in an instruction, with a margin. */
    private static final int MAP_HEADING_TOKENS = 24;

    /** The one message for chunk tasks too large for their window even without the map. */
    private static String tooLarge(WindowFit sizing, String model, Options options) {
        return Counts.plural(sizing.overTasks(), "task") + " of the review " + (sizing.overTasks() == 1 ? "is" : "are")
                + " too large for the " + Counts.full(sizing.window()) + "-token context window of "
                + (model == null ? "its model" : model) + " even without the repository map: the largest task's text"
                + " takes " + Counts.plural(sizing.largest(), "token") + ", more than the quarter of the window ("
                + Counts.full(sizing.limit()) + ") a task may take; lower --chunk-tokens (now "
                + Counts.full(options.chunkTokens()) + ") for chunks of fewer files or review a subdirectory, or, if the"
                + " model's window is larger, set it under context_window in .longtask/config.yaml";
    }

    /** How a plan's tasks compare with a quarter of their agents' windows. */
    private static final class WindowFit {
        private int overTasks;
        private int overBy = Integer.MIN_VALUE;
        private int room = Integer.MAX_VALUE;
        private int largest;
        private int window = Integer.MAX_VALUE;

        WindowFit(Plan plan, TokenCounter counter, ToIntFunction<String> windowOfAgent) {
            Map<String, Integer> sizes = PlanValidator.textTokens(plan, counter);
            for (PlannedTask task : plan.tasks()) {
                int taskWindow = windowOfAgent.applyAsInt(task.agent());
                int limit = PlanValidator.taskTextLimit(taskWindow);
                int size = sizes.get(task.key());
                window = Math.min(window, taskWindow);
                largest = Math.max(largest, size);
                overBy = Math.max(overBy, size - limit);
                room = Math.min(room, limit - size);
                if (size > limit) {
                    overTasks++;
                }
            }
        }

        int overBy() {
            return overBy;
        }

        int room() {
            return room;
        }

        int overTasks() {
            return overTasks;
        }

        int largest() {
            return largest;
        }

        int window() {
            return window;
        }

        int limit() {
            return PlanValidator.taskTextLimit(window);
        }
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
        ReviewPart part = manifest.part();
        String what = part == null ? String.format("the code of this repository (%s, %s, in %s)",
                Counts.plural(m.files().size(), "file"), Counts.plural(m.totalLines(), "line"),
                Counts.plural(chunks, "chunk"))
                : String.format("part of the code of this repository: %s of its %d modules by the map's ranking (%s,"
                        + " %s, in %s); the other modules are not part of this review", part.rangeText(),
                part.modulesTotal(),
                Counts.plural(manifest.files().size(), "file"), Counts.plural(part.linesReviewed(), "line"),
                Counts.plural(chunks, "chunk"));
        return String.format("Review %s for: %s."
                        + " Each chunk is analysed, then reviewed; each review writes its issues as JSON to"
                        + " %s/results/work/chunk-NNN-issues.json. The runtime checks every issue's location against"
                        + " the repository, merges duplicates and computes the score and the issue list itself"
                        + " (%s/%s/review.md). The final report should give the overall state of the code base, the"
                        + " most important problems and the modules at risk, citing path:line, and say which chunks"
                        + " were not reviewed.", what, areas.text(),
                manifest.runPath(), manifest.runPath(), ReviewManifest.DIRECTORY);
    }
}
