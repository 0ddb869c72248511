package dev.longtask.cli.command;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.longtask.api.Longtask;
import dev.longtask.api.ReviewOptions;
import dev.longtask.api.ReviewMap;
import dev.longtask.api.ReviewPlan;
import dev.longtask.api.RunRequest;
import dev.longtask.cli.CliFailure;
import dev.longtask.cli.ExitCode;
import dev.longtask.cli.RunAccess;
import dev.longtask.cli.view.TerminalSize;
import dev.longtask.cli.view.TextWidth;
import dev.longtask.model.config.ConfigException;
import dev.longtask.model.config.Environment;
import dev.longtask.model.run.Finisher;
import dev.longtask.model.run.RunFile;
import dev.longtask.model.ApprovalMode;
import dev.longtask.model.Counts;
import dev.longtask.model.JsonMapping;
import dev.longtask.model.review.MappedFile;
import dev.longtask.model.review.RepoMap;
import dev.longtask.model.review.Chunk;
import dev.longtask.model.review.ChunkPart;
import dev.longtask.model.review.ReviewEstimate;
import dev.longtask.review.plan.ReviewPlanner;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.function.IntSupplier;
import java.util.function.Supplier;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code longtask review PATH}: a code review as a long task. The plan is made in code from the chunks (an
 * analysis and a review task per chunk), carried out by the engine like any run in PATH/.longtask/runs/ID, and
 * ended by a checked report (every location verified against the repository, duplicates merged, a score) written
 * into the run and printed. {@code --map} and {@code --dry-run} show the map, the chunks, the plan and the
 * estimate without a model.
 */
@Command(name = "review", sortOptions = false,
        header = "Review a code base as a long task, ending in a checked, scored report.",
        description = {"Review a code base as a long task: per chunk of code an analysis, then a review that writes"
                + " its issues as JSON; then a checked report (every location verified against the repository,"
                + " duplicates merged, a score), written to the run directory and printed.",
                "--map prints the repository map; --dry-run prints the chunks, the plan and the estimate. Neither"
                        + " needs a model or a key.",
                "A repository too large for one run (200 tasks), or for --max-tokens or --max-cost as estimated, is"
                        + " reviewed in parts: its modules (directories) highest-ranked first, as many as fit;"
                        + " --dry-run and the report list those not reviewed and give the command of the next part"
                        + " (--skip N). --top N reviews at most N modules.",
                "Exit codes: 0 completed, 1 failed (the report names the chunks not reviewed), 2 usage or"
                        + " configuration (no model), 3 paused (a budget or a provider failure), 130 interrupted"
                        + " (Ctrl-C), 143 terminated (SIGTERM). 'longtask resume RUN_ID -C PATH' carries a stopped"
                        + " review on and writes its report."})
final class ReviewCommand implements Callable<ExitCode> {
    private static final int TOP_FILES = 10;
    private static final int LISTED_PER_REASON = 8;

    @Spec
    CommandSpec spec;

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help and exit.")
    boolean help;

    @Parameters(index = "0", paramLabel = "PATH",
            description = "The repository to review; it is the run's workspace (runs go to PATH/.longtask/runs).")
    Path path;

    @Option(names = "--map", description = "Print the repository map, cut to --tokens.")
    boolean map;

    @Option(names = "--dry-run", description = "Print the map summary, the chunks, the plan and the estimate; spend nothing.")
    boolean dryRun;

    @Option(names = "--focus", paramLabel = "AREAS",
            description = "Comma-separated: bug, security, performance, style, maintainability, concurrency,"
                    + " error-handling, testing, documentation (default: bug,security,performance,style).")
    String focus;

    @Option(names = "--include-tests", description = "Review test code too.")
    boolean includeTests;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "markdown",
            description = "What is printed: markdown or json (default: ${DEFAULT-VALUE}). Both are written to the run.")
    String format;

    @Option(names = "--json", description = "The same as --format json.")
    boolean json;

    @Option(names = "--min-severity", paramLabel = "LEVEL",
            description = "List only findings of LEVEL or above: critical, high, medium, low or info (default: info,"
                    + " all); the others are still counted and scored.")
    String minSeverity;

    @Option(names = "--out", paramLabel = "FILE", description = "Write the report to FILE instead of stdout.")
    Path out;

    @Option(names = "--run-id", paramLabel = "ID", description = "The run's id (default: a new one like 20261126-101500-a1b2).")
    String runId;

    @Mixin
    ModelOptions model;

    @Mixin
    RunOptions run;

    @Option(names = "--tokens", defaultValue = "2048", paramLabel = "N",
            description = "Token budget of the map, printed or given to every task (default: ${DEFAULT-VALUE}).")
    int tokens;

    @Option(names = "--chunk-tokens", paramLabel = "N",
            description = "Code tokens per chunk at most (default: 20000, or what fits the model's context window when"
                    + " that is less; more than fits is refused).")
    Long chunkTokens;

    @Option(names = "--top", paramLabel = "N",
            description = "Review at most the N highest-ranked modules (directories as the chunks group the files).")
    Integer top;

    @Option(names = "--skip", paramLabel = "N",
            description = "Leave out the N highest-ranked modules: review the next part of a repository too large"
                    + " for one run (the report and --dry-run give the command).")
    Integer skip;

    @Option(names = "--price-in", paramLabel = "USD",
            description = "With --dry-run: price per million input tokens (default: the model's price, if known).")
    BigDecimal priceIn;

    @Option(names = "--price-out", paramLabel = "USD",
            description = "With --dry-run: price per million output tokens (default: the model's price, if known).")
    BigDecimal priceOut;

    private final Environment environment;
    private final RunDriver.Assembly assembly;
    /** The terminal's width the dry run is wrapped to; 0 (a pipe, a file) leaves its lines whole. */
    IntSupplier columns = TerminalSize::columnsOfStdout;

    ReviewCommand() {
        this(Environment.system(), RunDriver.Assembly.REAL);
    }

    /** For tests: the environment settings are read from, and how the runtime is assembled (a scripted model). */
    ReviewCommand(Environment environment, RunDriver.Assembly assembly) {
        this.environment = environment;
        this.assembly = assembly;
    }

    @Override
    public ExitCode call() throws IOException {
        validate();
        // A PATH that is a symbolic link to the repository is the repository (the scan skips links it meets).
        path = path.toRealPath();
        return map || dryRun ? preview() : review();
    }

    // ------------------------------------------------------------------ the review run

    private ExitCode review() {
        PrintWriter err = spec.commandLine().getErr();
        // The driver's progress and summary go to stderr, so stdout carries the report alone; with --json-events
        // stdout carries the events, as for run, and the report stays in its file.
        RunDriver driver = new RunDriver(run.jsonEvents ? spec.commandLine().getOut() : err, err, model, run, path,
                environment, assembly);
        // Its agents only write their own output files, in the run's results, which every run's own rule allows.
        driver.approvalUnlessFlag(ApprovalMode.READ_ONLY);
        Path workspace = driver.workspacePath();
        RunRequest base = driver.request("a code review of " + workspace);
        String id = runId == null ? null : RunAccess.newRunId(workspace, runId, path);
        ReviewPlan plan;
        try {
            plan = plan(() -> driver.runtime().planReview(base, options(id)));
        } catch (ConfigException e) {
            // No usable model: the runtime's message says how to add one, as for every command that runs.
            throw CliFailure.usage(e.getMessage());
        }
        RepoMap repoMap = plan.map();
        if (repoMap.files().isEmpty()) {
            throw CliFailure.usage("review: nothing to review in " + path + ": no source file in scope"
                    + skippedText(repoMap) + (includeTests ? "" : "; add --include-tests to review tests"));
        }
        checkLimits(plan);
        if (plan.part() != null) {
            err.println(ReviewPartText.headline(plan.part(), plan.chunks().size()));
            String next = ReviewPartText.next(plan.part(), path, model.baseUrl);
            if (next != null) {
                err.println("next part: " + next);
            }
        }
        err.println(summary(repoMap) + "\n" + String.format("review: %s, %s; focus: %s; model: %s; %s; estimate: %s",
                Counts.plural(plan.chunks().size(), "chunk"), Counts.plural(plan.plan().tasks().size(), "task"),
                plan.focus(), plan.model(), mapText(plan.mapBudget()), plan.runEstimate().text()));
        err.flush();
        RunRequest request = plan.request(base);
        ExitCode code = driver.drive(longtask -> {
            try {
                return longtask.start(request);
            } catch (IllegalArgumentException e) {
                throw CliFailure.usage("review: " + e.getMessage());
            }
        });
        Optional<Finisher.Finished> finished = driver.finished();
        if (finished.isEmpty()) {
            return code;
        }
        String runId = driver.outcome().orElseThrow().runId();
        print(driver.runtime().runs(workspace).file(runId, jsonFormat() ? RunFile.REVIEW_JSON : RunFile.REVIEW_REPORT),
                finished.get().files().get(jsonFormat() ? "json" : "markdown"));
        return code;
    }

    private ReviewOptions options(String id) {
        return new ReviewOptions(id, focus, includeTests, tokens, chunkTokens == null ? 0 : chunkTokens, priceIn, priceOut,
                minSeverity == null ? null : minSeverity.strip().toLowerCase(Locale.ROOT), top == null ? 0 : top,
                skip == null ? 0 : skip);
    }

    /**
     * The review planned (or previewed) by the runtime; a bad focus or workspace is a usage error, a repository
     * that cannot be listed a failure. A {@link ConfigException} is the caller's to word.
     */
    private static <T> T plan(Supplier<T> planning) {
        try {
            return planning.get();
        } catch (IllegalArgumentException e) {
            throw CliFailure.usage("review: " + e.getMessage());
        } catch (UncheckedIOException e) {
            throw new CliFailure(ExitCode.FAILED, "review: " + e.getMessage());
        }
    }

    private void print(Optional<String> written, Path report) {
        String text = written.orElseThrow(() -> new CliFailure(ExitCode.FAILED, "review: cannot read " + report));
        if (out == null && run.jsonEvents) {
            spec.commandLine().getErr().println("review: the report is in " + report + " (stdout carries the events)");
            spec.commandLine().getErr().flush();
            return;
        }
        if (out == null) {
            spec.commandLine().getOut().print(text);
            spec.commandLine().getOut().flush();
            return;
        }
        try {
            OutFile.write(out, text);
        } catch (IOException e) {
            throw new CliFailure(ExitCode.FAILED, "review: cannot write " + out + ": " + e.getMessage()
                    + " (the report is in " + report + ")");
        }
        spec.commandLine().getErr().println("review written to " + out);
        spec.commandLine().getErr().flush();
    }

    // ------------------------------------------------------------------ map and dry run

    /** {@code --map} alone: the map, without chunks, plan or estimate, so a map of an unchanged tree comes whole from its cache. */
    private ExitCode mapOnly() {
        Longtask runtime = Longtask.builder().workspace(path).environment(environment).build();
        ReviewMap reviewMap = plan(() -> runtime.reviewMap(RunRequest.goal("a code review of " + path).withWorkspace(path),
                options(runId)));
        PrintWriter stdout = spec.commandLine().getOut();
        if (jsonFormat()) {
            stdout.println(toJson(Map.of("map", reviewMap.map())));
        } else {
            stdout.println(summary(reviewMap.map()));
            stdout.print(reviewMap.renderedMap());
        }
        stdout.flush();
        return ExitCode.OK;
    }

    /** {@code --dry-run}, with the map first when {@code --map} is given too. */
    private ExitCode preview() {
        if (!dryRun) {
            return mapOnly();
        }
        // A bad value in the flags or the settings is a usage error, as for a review run, and the budget (flags over
        // the settings) cuts the part of the repository the review covers, as it would a run's.
        RunRequest base = RunRequest.goal("a code review of " + path).withWorkspace(path).withModel(model.model)
                .withBaseUrl(model.baseUrl).withConcurrency(concurrency())
                .withBudget(model.settings(environment, path, run.flags()).budget());
        Longtask runtime = Longtask.builder().workspace(path).environment(environment).build();
        ReviewPlan preview;
        try {
            preview = plan(() -> runtime.previewReview(base, options(runId), true));
        } catch (ConfigException e) {
            throw CliFailure.usage("review: " + e.getMessage());
        }
        RepoMap repoMap = preview.map();
        PrintWriter stdout = spec.commandLine().getOut();
        Map<String, Object> document = new LinkedHashMap<>();
        if (map) {
            if (jsonFormat()) {
                document.put("map", repoMap);
            } else {
                stdout.println(summary(repoMap));
                stdout.print(preview.renderedMap());
            }
        }
        if (jsonFormat()) {
            if (!map) {
                document.put("summary", mapSummary(repoMap));
            }
            if (preview.part() != null) {
                document.put("part", preview.part());
            }
            document.put("chunks", preview.chunks());
            document.put("plan", preview.plan() == null ? List.of() : preview.plan().tasks());
            document.put("estimate", preview.estimate());
            stdout.println(toJson(document));
        } else {
            if (map) {
                stdout.println();
            }
            int width = columns.getAsInt();
            for (String line : dryRun(preview)) {
                (width > 0 ? TextWidth.wrap(line, width - 1, "  ") : List.of(line)).forEach(stdout::println);
            }
        }
        stdout.flush();
        // What a real run would refuse, the dry run refuses too, after showing what it found; the map alone never
        // fails on what the plan cannot do.
        checkLimits(preview);
        return ExitCode.OK;
    }

    /**
     * The limits a run's plan must keep (the engine checks the same before it starts): a usage error that says
     * what to change, the chunk size above all, when the review's plan breaks one.
     */
    private static void checkLimits(ReviewPlan plan) {
        if (!plan.problems().isEmpty()) {
            throw CliFailure.usage("review cannot run: " + String.join("; ", plan.problems()));
        }
    }

    /** "map: 2,048 tokens", or how it was cut to fit the model's window. */
    private static String mapText(ReviewPlan.MapBudget map) {
        if (!map.cut()) {
            return "map: " + Counts.plural(map.tokens(), "token");
        }
        String window = "the " + Counts.full(map.window()) + "-token context window";
        return map.tokens() == 0 ? "map: left out (--tokens " + Counts.full(map.asked()) + ") to fit " + window
                : "map: " + Counts.plural(map.tokens(), "token") + " (--tokens " + Counts.full(map.asked())
                + " cut to fit " + window + ")";
    }

    private void validate() {
        if (!Files.exists(path)) {
            throw CliFailure.usage("review: " + path + " does not exist");
        }
        if (!Files.isDirectory(path)) {
            throw CliFailure.usage("review: " + path + " is not a directory; give the repository or a directory in it");
        }
        if (tokens < 64) {
            throw CliFailure.usage("review: --tokens must be at least 64, was " + tokens);
        }
        if (chunkTokens != null && chunkTokens < 500) {
            throw CliFailure.usage("review: --chunk-tokens must be at least 500, was " + chunkTokens);
        }
        Integer concurrency = concurrency();
        if (concurrency != null && (concurrency < 1 || concurrency > 64)) {
            throw CliFailure.usage("review: --concurrency must be between 1 and 64, was " + concurrency);
        }
        String f = format.strip().toLowerCase(Locale.ROOT);
        if (!f.equals("markdown") && !f.equals("md") && !f.equals("json")) {
            throw CliFailure.usage("review: --format must be markdown or json, was " + format);
        }
        if (minSeverity != null
                && !ReviewOptions.SEVERITIES.contains(minSeverity.strip().toLowerCase(Locale.ROOT))) {
            throw CliFailure.usage("review: --min-severity must be one of "
                    + String.join(", ", ReviewOptions.SEVERITIES) + ", was '" + minSeverity + "'");
        }
        if ((priceIn == null) != (priceOut == null)) {
            throw CliFailure.usage("review: give both --price-in and --price-out (USD per million tokens), or neither");
        }
        if (priceIn != null && (priceIn.signum() < 0 || priceOut.signum() < 0)) {
            throw CliFailure.usage("review: prices cannot be negative");
        }
        if (map && dryRun) {
            throw CliFailure.usage("review: --map and --dry-run are two previews; give one (--dry-run shows the map's"
                    + " highest-ranked files too, --map the whole map)");
        }
        boolean preview = map || dryRun;
        if (priceIn != null && !preview) {
            throw CliFailure.usage("review: --price-in and --price-out apply to --dry-run; a review run is priced"
                    + " from the price table (the 'prices' of .longtask/config.yaml)");
        }
        if (preview && (out != null || run.maxTime != null || run.jsonEvents || minSeverity != null)) {
            throw CliFailure.usage("review: --out, --min-severity, --max-time and --json-events apply to a review run,"
                    + " not to --map or --dry-run");
        }
        if (map && (run.maxTokens != null || run.maxCost != null || top != null || skip != null)) {
            throw CliFailure.usage("review: --top, --skip, --max-tokens and --max-cost choose the part of the"
                    + " repository a review covers; they apply to a review run and --dry-run, not to --map");
        }
        if (top != null && top < 1) {
            throw CliFailure.usage("review: --top must be at least 1, was " + top);
        }
        if (skip != null && skip < 0) {
            throw CliFailure.usage("review: --skip cannot be negative, was " + skip);
        }
        if (runId != null) {
            RunAccess.runIdProblem(runId).ifPresent(problem -> {
                throw CliFailure.usage("review: --run-id: " + problem);
            });
        }
        if (out != null) {
            Path parent = out.toAbsolutePath().getParent();
            if (parent == null || !Files.isDirectory(parent)) {
                throw CliFailure.usage("review: --out " + out + ": the directory " + parent + " does not exist");
            }
            if (Files.isDirectory(out)) {
                throw CliFailure.usage("review: --out " + out + " is a directory; give a file");
            }
        }
    }

    private Integer concurrency() {
        if (run.concurrency == null) {
            return null;
        }
        try {
            return Integer.valueOf(run.concurrency.strip());
        } catch (NumberFormatException e) {
            throw CliFailure.usage("review: --concurrency must be a whole number, was '" + run.concurrency + "'");
        }
    }

    private boolean jsonFormat() {
        return json || format.strip().equalsIgnoreCase("json");
    }

    private static String summary(RepoMap m) {
        return String.format("review of %s (%s): %s, %s, %s (%s)", m.root(), m.scope(),
                Counts.plural(m.files().size(), "file"), Counts.plural(m.totalLines(), "line"),
                Counts.plural(m.totalTokens(), "token"), m.encoding()) + (m.skipped().isEmpty() ? ""
                : "\nskipped: " + skippedText(m).substring(2));
    }

    /** "; 3 tests, 1 binary" - what was left out, or "". */
    private static String skippedText(RepoMap m) {
        StringBuilder b = new StringBuilder();
        m.skipped().forEach((reason, count) -> b.append(b.length() == 0 ? "; " : ", ").append(count).append(' ')
                .append(reason));
        return b.toString();
    }

    /**
     * "  test: Lib/test/, Lib/unittest/test/": per reason what was left out, directories whole (ending in /), at most
     * {@value #LISTED_PER_REASON} a line; the full lists (up to 50 each) are in the JSON.
     */
    private static List<String> skippedListing(RepoMap m) {
        List<String> lines = new ArrayList<>();
        m.skippedPaths().forEach((reason, paths) -> {
            if (paths.isEmpty()) {
                return;
            }
            int count = m.skipped().getOrDefault(reason, paths.size());
            List<String> shown = paths.subList(0, Math.min(LISTED_PER_REASON, paths.size()));
            String more = paths.size() > shown.size() ? ", +" + (paths.size() - shown.size()) + " more" : "";
            lines.add("  " + reason + " (" + Counts.plural(count, "file") + "): " + String.join(", ", shown) + more);
        });
        return lines;
    }

    private static Map<String, Object> mapSummary(RepoMap m) {
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("root", m.root());
        s.put("scope", m.scope());
        s.put("encoding", m.encoding());
        s.put("files", m.files().size());
        s.put("lines", m.totalLines());
        s.put("tokens", m.totalTokens());
        s.put("skipped", m.skipped());
        s.put("skipped_paths", m.skippedPaths());
        s.put("top_files", m.files().stream().limit(TOP_FILES).map(MappedFile::path).toList());
        return s;
    }

    /** The dry run's lines, each whole: the caller wraps them to the terminal. */
    private List<String> dryRun(ReviewPlan p) {
        RepoMap m = p.map();
        ReviewEstimate e = p.estimate();
        List<String> lines = new ArrayList<>();
        if (!map) {
            lines.addAll(List.of(summary(m).split("\n")));
        }
        lines.addAll(skippedListing(m));
        lines.add(String.format("focus: %s | model: %s | concurrency: %d | chunk budget: %,d tokens | %s", p.focus(),
                p.model() == null ? "(none)" : p.model(), p.concurrency(), p.chunkTokens(), mapText(p.mapBudget())));
        if (m.files().isEmpty()) {
            lines.add("");
            lines.add("nothing to review: no source file in scope");
            return lines;
        }
        lines.add("");
        lines.add("most referenced files:");
        int rank = 1;
        for (MappedFile f : m.files().subList(0, Math.min(TOP_FILES, m.files().size()))) {
            lines.add(String.format("  %2d. %s (%s, %,d lines, rank %.3f)", rank++, f.path(), f.language().id(),
                    f.lines(), f.rank()));
        }
        List<Chunk> chunks = p.chunks();
        if (p.part() != null) {
            lines.add("");
            lines.addAll(ReviewPartText.lines(p.part(), chunks.size(), path, model.baseUrl));
        }
        lines.add("");
        lines.add(String.format(p.part() == null ? "chunks (%d):" : "chunks of this part (%d):", chunks.size()));
        int width = chunks.stream().mapToInt(c -> c.module().length()).max().orElse(6);
        int filesWidth = chunks.stream().mapToInt(c -> Counts.full(files(c)).length()).max().orElse(1);
        int tokensWidth = chunks.stream().mapToInt(c -> Counts.full(c.tokens()).length()).max().orElse(1);
        for (Chunk c : chunks) {
            List<String> dirs = c.directories();
            String within = dirs.size() <= 1 ? "" : "  [" + String.join(", ", dirs.subList(0, Math.min(4, dirs.size())))
                    + (dirs.size() > 4 ? ", +" + (dirs.size() - 4) : "") + "]";
            // Numbers right-aligned, nouns padded: "1 file " lines up with "26 files".
            lines.add(String.format("  %s  %-" + width + "s  %" + filesWidth + "s %-5s  %" + tokensWidth + "s %-6s%s",
                    c.id(), c.module(), Counts.full(files(c)), files(c) == 1 ? "file" : "files",
                    Counts.full(c.tokens()), c.tokens() == 1 ? "token" : "tokens", within).stripTrailing());
            for (ChunkPart part : c.parts()) {
                if (!part.wholeFile()) {
                    lines.add(String.format("      part %s (%,d tokens)", part.location(), part.tokens()));
                }
            }
        }
        lines.add("");
        lines.add(String.format("plan: %s, made from the chunks (no planner): for each chunk an analysis (agent %s)"
                        + " writing %s/results/work/chunk-NNN-analysis.md, then a review (agent %s) writing"
                        + " chunk-NNN-issues.json; then the director and the synthesizer",
                Counts.plural(e.tasks(), "task"), ReviewPlanner.ANALYZER, p.runPath(), ReviewPlanner.REVIEWER));
        lines.add(String.format("estimate: %s (%s x analysis + review) and 2 role calls, %s",
                Counts.plural(e.tasks(), "task"), Counts.plural(e.chunks(), "chunk"),
                Counts.plural(e.calls(), "model call")));
        lines.add(String.format("  tokens: %s in, %s out", Counts.full(e.inputTokens()), Counts.full(e.outputTokens())));
        lines.add(String.format("  cost:   %s%s", e.costText(), e.costUsd() == null
                ? "; pass --price-in and --price-out (USD per million tokens) for a cost" : ""));
        lines.add(String.format("  time:   %s with concurrency %d", e.timeText(), e.concurrency()));
        lines.add(String.format("  assumes: %s", e.assumptions()));
        return lines;
    }

    private static long files(Chunk c) {
        return c.parts().stream().map(ChunkPart::path).distinct().count();
    }

    private static String toJson(Object value) {
        try {
            return JsonMapping.newMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new CliFailure(ExitCode.FAILED, "review: cannot write JSON: " + e.getOriginalMessage());
        }
    }
}
