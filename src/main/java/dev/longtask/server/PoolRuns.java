package dev.longtask.server;

import dev.longtask.api.RunRequest;
import dev.longtask.api.Runs;
import dev.longtask.api.Snapshot;
import dev.longtask.mcp.RunControl;
import dev.longtask.model.ApprovalMode;
import dev.longtask.model.Budget;
import dev.longtask.model.RunSettings;
import dev.longtask.model.Task;
import dev.longtask.model.run.NoSuchRunException;
import dev.longtask.model.run.RunSnapshot;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The MCP tools' runs carried out by the server's pool, as {@code POST /api/runs} submits them: approved
 * automatically, queued by priority, started when a slot is free, and kept when the client goes away. Reading goes
 * through the run directories as the API reads them; a refusal of the pool becomes a message a model can act on.
 */
final class PoolRuns implements RunControl {
    private static final String BY = "an MCP client";

    private final Pool pool;
    private final RunFiles files;
    private final Submissions submissions;
    private final Path home;
    private final Clock clock;

    /** @param home the first root: where runs go whose request names no workdir */
    PoolRuns(Pool pool, RunFiles files, Submissions submissions, Path home, Clock clock) {
        this.pool = pool;
        this.files = files;
        this.submissions = submissions;
        this.home = home;
        this.clock = clock;
    }

    @Override
    public String start(Start request) {
        return refusedAsMessage(() -> {
            if (request.concurrency() != null && (request.concurrency() < 1 || request.concurrency() > 64)) {
                throw new IllegalArgumentException("concurrency must be from 1 to 64, got " + request.concurrency());
            }
            RunRequest run = RunRequest.builder(request.goal().strip()).workspace(checked(request.workdir()))
                    .model(request.model()).budget(request.budget() == null ? Budget.UNLIMITED : request.budget())
                    .concurrency(request.concurrency()).approval(ApprovalMode.AUTO).build();
            return pool.submit(new Submission(run, 0, false)).runId();
        });
    }

    /**
     * Queues a review of the repository as a pool run: the runtime plans it from the repository's map when the pool
     * creates the run (a bad focus or an empty repository is refused then), and it ends with the checked report.
     */
    @Override
    public String review(Review request) {
        return refusedAsMessage(() -> {
            Path repository = checked(request.path());
            RunRequest run = RunRequest.builder("a code review of " + repository).workspace(repository)
                    .budget(Budget.UNLIMITED).approval(ApprovalMode.AUTO).build();
            return pool.submit(new Submission(run, 0, false, new Submission.Review(request.focus()))).runId();
        });
    }

    @Override
    public List<String> runs(Path workdir) {
        return refusedAsMessage(() -> List.copyOf(files.runs(List.of(checked(workdir)), false).keySet()));
    }

    /**
     * Where the run stands; {@code runningHere} means the pool carries it (queued or running), so a client that
     * waits for the end keeps waiting while the run waits for a slot.
     */
    @Override
    public Snapshot status(String runId, Path workdir) {
        Path workspace = workspaceOf(runId, workdir);
        RunSnapshot run = files.snapshot(workspace, runId);
        boolean carried = pool.entry(runId).map(e -> e.state() == PoolEntry.State.QUEUED
                || e.state() == PoolEntry.State.RUNNING).orElse(false);
        Optional<LiveRun.Figures> live = pool.live(runId).flatMap(LiveRun::figures);
        if (live.isPresent()) {
            return new Snapshot(live.get().run(), live.get().progress(), run.run().recordedSettings(), carried,
                    run.history().firstPlan());
        }
        Integer concurrency = run.run().recordedSettings().concurrency();
        return Runs.snapshotOf(run, concurrency == null ? RunSettings.DEFAULTS.concurrency() : concurrency, carried,
                clock);
    }

    @Override
    public Path workspaceOf(String runId, Path workdir) {
        if (workdir != null) {
            return refusedAsMessage(() -> checked(workdir));
        }
        return pool.workspaceOf(runId).orElseThrow(() -> new NoSuchRunException(runId,
                "the workspaces this server knows (give the run's workdir)"));
    }

    @Override
    public List<Task> tasks(String runId, Path workdir) {
        return files.snapshot(workspaceOf(runId, workdir), runId).tasks();
    }

    @Override
    public Optional<String> report(String runId, Path workdir) {
        Path workspace = workspaceOf(runId, workdir);
        files.snapshot(workspace, runId);
        Optional<String> review = files.review(workspace, runId);
        return review.isPresent() ? review : files.report(workspace, runId).map(RunFiles.Report::markdown);
    }

    @Override
    public String pause(String runId, Path workdir) {
        workspaceOf(runId, workdir);
        PoolEntry entry = refusedAsMessage(() -> pool.pause(runId, BY));
        return entry.state() == PoolEntry.State.HELD ? "run " + runId + " is held before it started; continue it"
                + " with longtask_resume" : "run " + runId + " is pausing: it stops after saving what it has done;"
                + " resume it with longtask_resume";
    }

    @Override
    public String resume(String runId, Path workdir, Budget budget) {
        Path workspace = workspaceOf(runId, workdir);
        refusedAsMessage(() -> pool.resume(runId, workspace, BY, budget));
        String limits = budget == null ? "" : described(budget);
        return "run " + runId + " is queued again in the server's pool; it goes on where it stopped when a slot is"
                + " free" + (limits.isEmpty() ? "" : ", with " + limits);
    }

    /** The budgets a resume sets, as a model reads them ("max_cost_usd 5"); empty when it sets none. */
    private static String described(Budget budget) {
        List<String> limits = new java.util.ArrayList<>();
        if (budget.maxTokens() != null) {
            limits.add("max_tokens " + budget.maxTokens());
        }
        if (budget.maxCostUsd() != null) {
            limits.add("max_cost_usd " + budget.maxCostUsd().toPlainString());
        }
        if (budget.maxTimeSeconds() != null) {
            limits.add("max_time_s " + budget.maxTimeSeconds());
        }
        return String.join(", ", limits);
    }

    @Override
    public String cancel(String runId, Path workdir) {
        workspaceOf(runId, workdir);
        refusedAsMessage(() -> pool.cancel(runId, BY));
        return "run " + runId + " is cancelled (a running one after it saves); its results and transcripts stay in "
                + RunFiles.directory(workspaceOf(runId, workdir), runId);
    }

    /** The workspace a tool names (relative to the first root), checked as a submission's; null means the root. */
    private Path checked(Path workdir) {
        return submissions.workspace(workdir == null ? home.toString() : home.resolve(workdir).toString());
    }

    /** The pool refuses with an HTTP status; a model gets the sentence. */
    private static <T> T refusedAsMessage(Supplier<T> action) {
        try {
            return action.get();
        } catch (ApiError e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
    }
}
