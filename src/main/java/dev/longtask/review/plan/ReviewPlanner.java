package dev.longtask.review.plan;

import dev.longtask.model.plan.Estimate;
import dev.longtask.model.plan.Plan;
import dev.longtask.model.plan.PlannedTask;
import dev.longtask.model.Counts;
import dev.longtask.model.review.Chunk;
import dev.longtask.model.review.ChunkPart;
import dev.longtask.model.review.ReviewEstimate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Makes a review's plan in code from its chunks, so nothing is spent on planning and a dry run shows exactly
 * what will run: per chunk an analysis task (agent {@code analyzer}) and a review task (agent {@code reviewer})
 * that depends on it. Each instruction names the chunk's files and line ranges, the focus areas and the repo
 * map; each task declares its output file under the run's {@code results/work/}. The review task's instruction
 * fixes the JSON its issues file must hold (the report's issues file reader reads it back).
 */
public final class ReviewPlanner {
    public static final String ANALYZER = "analyzer";
    public static final String REVIEWER = "reviewer";
    /** An analysis and a review: what a chunk costs of the tasks a run may hold. */
    public static final int TASKS_PER_CHUNK = 2;
    /** The format example's location and score: obviously not real, and rejected when copied. */
    public static final String EXAMPLE_LOCATION = "example/NOT-A-REAL-FILE.java:1";
    private static final String EXAMPLE_SCORE = "\"<an integer from 0 to 100>\"";

    private final String repoMap;

    /** @param repoMap the rendered repository map every task's instruction carries (may be empty) */
    public ReviewPlanner(String repoMap) {
        this.repoMap = repoMap == null ? "" : repoMap.strip();
    }

    public Plan plan(ReviewManifest manifest) {
        List<PlannedTask> tasks = new ArrayList<>();
        ReviewFocus focus = manifest.reviewFocus();
        int total = manifest.chunks().size();
        for (ReviewManifest.Item item : manifest.chunks()) {
            Chunk c = item.chunk();
            tasks.add(new PlannedTask(analysisKey(c), analysisSubject(c), analysisInstruction(item, focus, total),
                    ANALYZER, List.of(), Map.of(), Map.of("analysis", item.analysis()), List.of(
                    item.analysis() + " covers every file and range of " + c.id() + ": purpose, structure with"
                            + " path:line, dependencies, data flow and risk areas",
                    "every fact cites path:line of code that was read",
                    "no file of the repository was changed")));
            tasks.add(new PlannedTask(reviewKey(c), reviewSubject(c), reviewInstruction(item, focus, total),
                    REVIEWER, List.of(analysisKey(c)), Map.of("analysis", item.analysis()),
                    Map.of("issues", item.issues()), List.of(
                    item.issues() + " is one JSON object in exactly the format of the instruction (it must parse)",
                    "every issue's location is path:line (or path:start-end) of code read in this task, the path as"
                            + " listed in the instruction",
                    "score (0-100) and summary are filled in; issues is [] when nothing was found",
                    "no file of the repository was changed")));
        }
        return new Plan(tasks);
    }

    /**
     * The review's estimate as the engine records and shows it with the plan: the plan's tasks, with the role
     * calls (director, synthesizer) counted in the tokens, cost and time.
     */
    public static Estimate estimate(ReviewEstimate e) {
        return new Estimate(e.tasks(), e.inputTokens(), e.outputTokens(), e.costUsd(), e.seconds(),
                e.calls() + " model calls; " + e.assumptions());
    }

    static String analysisKey(Chunk c) {
        return c.id() + "-analysis";
    }

    static String reviewKey(Chunk c) {
        return c.id() + "-review";
    }

    static String analysisSubject(Chunk c) {
        return "Analyse " + c.id() + ": " + c.module();
    }

    static String reviewSubject(Chunk c) {
        return "Review " + c.id() + ": " + c.module();
    }

    private String analysisInstruction(ReviewManifest.Item item, ReviewFocus focus, int total) {
        Chunk c = item.chunk();
        StringBuilder b = new StringBuilder();
        b.append("Analyse ").append(c.id()).append(" (of ").append(total).append(") of a code review: ")
                .append(scope(c)).append(". The next task reviews this code for ").append(focus.text())
                .append(" and reads your analysis first; give it what it needs to find real problems quickly.\n\n");
        files(b, c);
        b.append("\nWrite the analysis to ").append(item.analysis()).append(" in Markdown with these sections:\n")
                .append("## Purpose - what this code is for, in 2-4 sentences.\n")
                .append("## Structure - each file: its responsibility and main definitions, with path:line.\n")
                .append("## Dependencies - what it uses from the rest of the repository (see the map) and from outside"
                        + " (libraries, files, network, processes, environment).\n")
                .append("## Data and control flow - entry points, input from outside (users, network, files) and"
                        + " where it goes.\n")
                .append("## Risk areas - code the reviewer should look at closely for ").append(focus.text())
                .append(", each with path:line and why.\n")
                .append("This is an analysis, not the review: do not list every small issue, and do not change any"
                        + " file of the repository.\n");
        map(b);
        return b.toString();
    }

    private String reviewInstruction(ReviewManifest.Item item, ReviewFocus focus, int total) {
        Chunk c = item.chunk();
        StringBuilder b = new StringBuilder();
        b.append("Review ").append(c.id()).append(" (of ").append(total).append(") of a code review: ")
                .append(scope(c)).append(". Focus on: ").append(focus.text()).append(".\n")
                .append("First read the analysis of this chunk (").append(item.analysis())
                .append("), then the code itself.\n\n");
        files(b, c);
        b.append("\nReport issues in these files and ranges. You may read other files to confirm a suspicion"
                        + " (grep for callers and definitions); cite only lines you have read.\n\n")
                .append("Write your review to ").append(item.issues())
                .append(" as ONE JSON object, exactly in this format (plain JSON: no Markdown fence, no comments,"
                        + " no trailing commas):\n")
                .append("{\n")
                .append("  \"chunk\": \"").append(c.id()).append("\",\n")
                .append("  \"score\": ").append(EXAMPLE_SCORE).append(",\n")
                .append("  \"summary\": \"<what this module does and the overall state of its code, in 2-4 sentences>\",\n")
                .append("  \"issues\": [\n")
                .append("    {\n")
                .append("      \"severity\": \"<critical|high|medium|low|info>\",\n")
                .append("      \"type\": \"<").append(String.join("|", focus.areas())).append(">\",\n")
                .append("      \"location\": \"").append(EXAMPLE_LOCATION).append("\",\n")
                .append("      \"description\": \"<what is wrong and what goes wrong because of it>\",\n")
                .append("      \"suggestion\": \"<the concrete fix>\"\n")
                .append("    }\n")
                .append("  ]\n")
                .append("}\n")
                .append("Everything in <angle brackets> and the example location are placeholders: an issue copied"
                        + " from them is rejected.\n")
                .append("Fields:\n")
                .append("- chunk: \"").append(c.id()).append("\".\n")
                .append("- score: an integer from 0 to 100 for the quality of this chunk's code (100: nothing to fix;"
                        + " 50: several serious problems).\n")
                .append("- summary: the module summary the report's table shows.\n")
                .append("- issues: one object per distinct issue, most severe first; [] when you found none.\n")
                .append("  - severity: critical, high, medium, low or info.\n")
                .append("  - type: one of ").append(String.join(", ", focus.areas()))
                .append(", or another single word when none fits.\n")
                .append("  - location: \"path:line\" or \"path:start-end\", the path exactly as listed above"
                        + " (relative to the workspace), lines numbered from 1 as the read tool shows them.\n")
                .append("  - description: what is wrong and what goes wrong because of it.\n")
                .append("  - suggestion: the concrete fix.\n")
                .append("Every location is checked against the repository after the run: an issue that points at a"
                        + " file or line that does not exist is marked unverified and left out of the counts and the"
                        + " score. Do not change any file of the repository.\n");
        map(b);
        return b.toString();
    }

    private static String scope(Chunk c) {
        long files = c.parts().stream().map(ChunkPart::path).distinct().count();
        return "the module `" + c.module() + "`, " + Counts.plural(files, "file") + ", "
                + Counts.plural(c.lines(), "line");
    }

    private static void files(StringBuilder b, Chunk c) {
        b.append("Files of this chunk (paths relative to the workspace):\n");
        for (ChunkPart p : c.parts()) {
            b.append("- ").append(p.path());
            if (p.wholeFile()) {
                b.append(" (whole file, ").append(p.lines()).append(p.lines() == 1 ? " line)" : " lines)");
            } else {
                b.append(" lines ").append(p.startLine()).append("-").append(p.endLine())
                        .append(" only (part of a larger file; other chunks cover the rest)");
            }
            b.append('\n');
        }
    }

    private void map(StringBuilder b) {
        if (!repoMap.isEmpty()) {
            b.append("\nRepository map (for context: what the rest of the code provides):\n").append(repoMap).append('\n');
        }
    }
}
