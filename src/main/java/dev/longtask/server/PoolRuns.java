package dev.longtask.server;

import dev.longtask.api.Snapshot;
import dev.longtask.engine.EngineConfig;
import dev.longtask.engine.Progress;
import dev.longtask.mcp.RunControl;
import dev.longtask.model.Budget;
import dev.longtask.model.Task;
import dev.longtask.store.NoSuchRunException;
import dev.longtask.store.RunSnapshot;
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
            RunRequest run = new RunRequest(request.goal().strip(), checked(request.workdir()), request.model(),
                    request.budget() == null ? Budget.UNLIMITED : request.budget(), request.concurrency(), 0, "auto",
                    false);
            return pool.submit(run).runId();
        });
    }

    @Override
    public String review(Review request) {
        throw new IllegalStateException("longtask serve does not run code reviews for MCP clients yet: run"
                + " 'longtask review " + request.path() + "' on the server's machine, or use the stdio server"
                + " (longtask mcp), which runs them in its own process");
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
            return new Snapshot(live.get().run(), live.get().progress(), run.run().recordedSettings(), carried);
        }
        Integer concurrency = run.run().recordedSettings().concurrency();
        return new Snapshot(run.figures(), new Progress().snapshot(run.run(), run.tasks(),
                concurrency == null ? EngineConfig.DEFAULT_CONCURRENCY : concurrency, clock.instant()),
                run.run().recordedSettings(), carried);
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
        return files.report(workspace, runId).map(RunFiles.Report::markdown);
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
        if (budget != null) {
            throw new IllegalArgumentException("longtask serve resumes a run with the budgets it was started with;"
                    + " to raise them, run 'longtask resume " + runId + "' with --max-cost, --max-tokens or"
                    + " --max-time on the server's machine while the run is paused");
        }
        Path workspace = workspaceOf(runId, workdir);
        refusedAsMessage(() -> pool.resume(runId, workspace, BY));
        return "run " + runId + " is queued again in the server's pool; it goes on where it stopped when a slot is"
                + " free";
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
