package dev.longtask.store;

import dev.longtask.model.run.RunFile;
import dev.longtask.model.run.StoreException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;

/**
 * The names of a run directory's files, in one place: {@code <workspace>/.longtask/runs/<run-id>/} with its log,
 * projections, results, transcripts, checkpoints and report (docs/store.md). The store reads and writes them; code
 * outside the store reads a run through the store's port ({@link RunStores}, {@link RunStore}) and takes a path from
 * here only to show it to a person or to hand it to a tool.
 */
public final class RunLayout {
    /** Where a workspace keeps its runs, relative to the workspace. */
    public static final String RUNS = ".longtask/runs";
    public static final String EVENTS = "events.jsonl";
    /** The store's seal of {@code events.jsonl}: a running SHA-256 of its lines (docs/store.md). */
    public static final String SEAL = "events.seal";
    public static final String RUN_FILE = "run.json";
    public static final String TASKS = "tasks";
    public static final String PLAN_FILE = "task_plan.md";
    public static final String PROGRESS_FILE = "progress.md";
    public static final String FINDINGS_FILE = "findings.md";
    public static final String RESULTS = "results";
    public static final String RESULT_FILE = "result.json";
    public static final String TRANSCRIPTS = "transcripts";
    public static final String CHECKPOINTS = "checkpoints";
    public static final String REPORT_FILE = "report.md";
    public static final String FINAL_RESULT_FILE = "final_result.json";
    public static final String WRITER_LOCK = "writer.lock";
    public static final String CANCEL_REQUEST = "cancel.request";
    /** Where a code review keeps its own files (its manifest, its checked report), relative to the run directory. */
    public static final String REVIEW = RESULTS + "/review";
    public static final String REVIEW_REPORT_FILE = "review.md";
    public static final String REVIEW_JSON_FILE = "review.json";
    public static final String REVIEW_MANIFEST_FILE = "manifest.json";

    private final Path directory;

    private RunLayout(Path directory) {
        this.directory = Objects.requireNonNull(directory, "directory");
    }

    /** The layout of the run directory {@code directory}. */
    public static RunLayout of(Path directory) {
        return new RunLayout(directory);
    }

    /** The layout of run {@code runId} of {@code workspace}. */
    public static RunLayout of(Path workspace, String runId) {
        return new RunLayout(runs(workspace).resolve(runId));
    }

    /** {@code <workspace>/.longtask/runs}: where the runs of a workspace are. */
    public static Path runs(Path workspace) {
        return workspace.resolve(RUNS);
    }

    /** @throws StoreException when {@code workspace} is not a directory that could hold runs */
    public static void requireWorkspace(Path workspace) {
        if (workspace == null || !Files.isDirectory(workspace)) {
            throw new StoreException("workspace " + workspace + " does not exist or is not a directory");
        }
    }

    /** The run directory. */
    public Path directory() {
        return directory;
    }

    /** The workspace the run directory is in: the directory that holds {@code .longtask/runs/<run-id>}. */
    public Path workspace() {
        return directory.getParent().getParent().getParent();
    }

    /** The run's id: the run directory's name. */
    public String runId() {
        return directory.getFileName().toString();
    }

    /** {@code events.jsonl}, the log. */
    public Path events() {
        return directory.resolve(EVENTS);
    }

    /** {@code events.seal}, the store's seal of the log. */
    public Path seal() {
        return directory.resolve(SEAL);
    }

    /** {@code run.json}. */
    public Path runFile() {
        return directory.resolve(RUN_FILE);
    }

    /** {@code tasks/}. */
    public Path tasks() {
        return directory.resolve(TASKS);
    }

    /** {@code tasks/task_<id>.json}. */
    public Path task(int id) {
        return tasks().resolve("task_" + id + ".json");
    }

    /** {@code task_plan.md}. */
    public Path plan() {
        return directory.resolve(PLAN_FILE);
    }

    /** {@code progress.md}. */
    public Path progress() {
        return directory.resolve(PROGRESS_FILE);
    }

    /** {@code findings.md}. */
    public Path findings() {
        return directory.resolve(FINDINGS_FILE);
    }

    /** {@code results/}. */
    public Path results() {
        return directory.resolve(RESULTS);
    }

    /** {@code results/task_<id>/}: where task {@code id}'s result and artifacts go. */
    public Path resultDirectory(int id) {
        return results().resolve("task_" + id);
    }

    /** {@code results/task_<id>/result.json}. */
    public Path result(int id) {
        return resultDirectory(id).resolve(RESULT_FILE);
    }

    /** The name of task {@code id}'s result file relative to the run directory, as projections record it. */
    public static String resultName(int id) {
        return RESULTS + "/task_" + id + "/" + RESULT_FILE;
    }

    /** {@code transcripts/}. */
    public Path transcripts() {
        return directory.resolve(TRANSCRIPTS);
    }

    /** {@code transcripts/<name>.jsonl}: a task's ("task_3") or a role's ("planner_session_1") conversation. */
    public Path transcript(String name) {
        return transcripts().resolve(name + ".jsonl");
    }

    /** The transcript name of task {@code id}: {@code task_<id>}. */
    public static String taskTranscript(int id) {
        return "task_" + id;
    }

    /** {@code checkpoints/}. */
    public Path checkpoints() {
        return directory.resolve(CHECKPOINTS);
    }

    /** {@code report.md}, the synthesis. */
    public Path report() {
        return directory.resolve(REPORT_FILE);
    }

    /** {@code final_result.json}, the synthesis as JSON. */
    public Path finalResult() {
        return directory.resolve(FINAL_RESULT_FILE);
    }

    /** {@code results/review/}: a code review's own files. */
    public Path review() {
        return directory.resolve(REVIEW);
    }

    /** Where the run keeps {@code file}: report.md, final_result.json, results/review/review.{md,json} and manifest.json. */
    public Path file(RunFile file) {
        return switch (file) {
            case REPORT -> report();
            case FINAL_RESULT -> finalResult();
            case REVIEW_REPORT -> review().resolve(REVIEW_REPORT_FILE);
            case REVIEW_JSON -> review().resolve(REVIEW_JSON_FILE);
            case REVIEW_MANIFEST -> review().resolve(REVIEW_MANIFEST_FILE);
        };
    }

    /** {@code writer.lock}. */
    public Path writerLock() {
        return directory.resolve(WRITER_LOCK);
    }

    /** {@code cancel.request}. */
    public Path cancelRequest() {
        return directory.resolve(CANCEL_REQUEST);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof RunLayout that && directory.equals(that.directory);
    }

    @Override
    public int hashCode() {
        return directory.hashCode();
    }

    @Override
    public String toString() {
        return directory.toString();
    }
}
