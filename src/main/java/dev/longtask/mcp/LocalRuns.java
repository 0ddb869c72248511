package dev.longtask.mcp;

import dev.longtask.api.Longtask;
import dev.longtask.api.ResumeRequest;
import dev.longtask.api.ReviewOptions;
import dev.longtask.api.ReviewPlan;
import dev.longtask.api.RunHandle;
import dev.longtask.api.RunRequest;
import dev.longtask.api.Runs;
import dev.longtask.api.Snapshot;
import dev.longtask.model.Budget;
import dev.longtask.model.RunStatus;
import dev.longtask.model.Task;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Runs carried out in this process through the public runtime API: a started run goes on on a thread of its own
 * while the tool call returns its id. The runs outlive the MCP session that started them; closing the runtime stops
 * them after they save, so each can be resumed later, here or with {@code longtask resume}.
 */
final class LocalRuns implements RunControl {
    private final Longtask runtime;
    private final Path home;
    private final List<Path> roots;
    private final Map<String, RunHandle> handles = new ConcurrentHashMap<>();

    /**
     * @param home  the server's workspace: where runs go whose request names no workdir; runs may work under it
     * @param roots further directories runs may work under (a workdir elsewhere is refused)
     */
    LocalRuns(Longtask runtime, Path home, List<Path> roots) {
        this.runtime = runtime;
        this.home = home.toAbsolutePath().normalize();
        this.roots = java.util.stream.Stream.concat(java.util.stream.Stream.of(this.home), roots.stream())
                .map(LocalRuns::real).distinct().toList();
    }

    @Override
    public String start(Start request) {
        RunRequest run = RunRequest.goal(request.goal()).withWorkspace(confined(request.workdir()))
                .withModel(request.model()).withBudget(request.budget()).withConcurrency(request.concurrency());
        return keep(runtime.start(run));
    }

    @Override
    public String review(Review request) {
        Path root = confined(request.path());
        RunRequest base = RunRequest.goal("a code review of " + root).withWorkspace(root);
        ReviewPlan plan = runtime.planReview(base, ReviewOptions.defaults().withFocus(request.focus()));
        if (!plan.problems().isEmpty()) {
            // Said as the review's own check words it (what to change), before a run is made.
            throw new IllegalArgumentException("review cannot run: " + String.join("; ", plan.problems()));
        }
        return keep(runtime.start(plan.request(base)));
    }

    @Override
    public List<String> runs(Path workdir) {
        return runtime.runs(confined(workdir)).list();
    }

    @Override
    public Snapshot status(String runId, Path workdir) {
        RunHandle here = live(runId);
        return here != null ? here.snapshot() : runtime.runs(workspaceOf(runId, workdir)).snapshot(runId);
    }

    @Override
    public Path workspaceOf(String runId, Path workdir) {
        if (workdir != null) {
            return confined(workdir);
        }
        RunHandle known = handles.get(runId);
        return known != null ? known.workspace() : real(home);
    }

    @Override
    public List<Task> tasks(String runId, Path workdir) {
        return runtime.runs(workspaceOf(runId, workdir)).tasks(runId);
    }

    @Override
    public Optional<String> report(String runId, Path workdir) {
        Runs runs = runtime.runs(workspaceOf(runId, workdir));
        return runs.review(runId).or(() -> runs.report(runId));
    }

    @Override
    public String pause(String runId, Path workdir) {
        RunHandle here = live(runId);
        if (here == null) {
            return "run " + runId + " is not running in this server (it is "
                    + status(runId, workdir).figures().status().wire() + "); nothing to pause";
        }
        here.pause();
        return "run " + runId + " is pausing: it stops after saving what it has done; resume it with longtask_resume";
    }

    @Override
    public String resume(String runId, Path workdir, Budget budget) {
        if (live(runId) != null) {
            return "run " + runId + " is running in this server already";
        }
        RunStatus status = status(runId, workdir).figures().status();
        if (!status.isResumable()) {
            throw new IllegalStateException(RunText.notResumable(runId, status));
        }
        ResumeRequest request = ResumeRequest.of(runId).withWorkspace(workspaceOf(runId, workdir)).withBudget(budget)
                .by("an MCP client");
        RunHandle handle = runtime.resume(request);
        keep(handle);
        return "run " + runId + " resumed in the background"
                + (handle.settingsChanged().isEmpty() ? "" : " with " + handle.settingsChanged());
    }

    @Override
    public String cancel(String runId, Path workdir) {
        RunHandle here = live(runId);
        if (here == null) {
            RunStatus status = status(runId, workdir).figures().status();
            if (!status.isResumable()) {
                return "run " + runId + " is " + status.wire() + " already; nothing to cancel";
            }
            // A stopped run is opened (which takes its lock, so a process running it refuses) and given up at once.
            here = runtime.resume(ResumeRequest.of(runId).withWorkspace(workspaceOf(runId, workdir))
                    .by("an MCP client"));
            keep(here);
        }
        here.cancel();
        here.await(Duration.ofSeconds(30));
        return "run " + runId + " cancelled; its results and transcripts stay in " + here.directory();
    }

    /** The handles of runs still going in this process. */
    List<RunHandle> running() {
        return handles.values().stream().filter(h -> !h.isDone()).toList();
    }

    private RunHandle live(String runId) {
        RunHandle handle = handles.get(runId);
        return handle == null || handle.isDone() ? null : handle;
    }

    private String keep(RunHandle handle) {
        handles.put(handle.runId(), handle);
        return handle.runId();
    }

    /**
     * The real directory a tool names (relative to the server's workspace; null: that workspace), which must lie
     * under a root, as {@code longtask serve --root} confines its runs.
     */
    private Path confined(Path dir) {
        Path given = dir == null ? home : home.resolve(dir).normalize();
        if (!Files.isDirectory(given)) {
            throw new IllegalArgumentException("workdir " + given + (Files.exists(given) ? " is not a directory"
                    : " does not exist") + "; give an existing directory under " + roots);
        }
        Path real = real(given);
        if (roots.stream().noneMatch(real::startsWith)) {
            throw new IllegalArgumentException("workdir " + real + " is outside the directories this MCP server may"
                    + " work in (" + roots + "); start longtask mcp with --root " + real + " (or --workdir) to allow"
                    + " it");
        }
        return real;
    }

    private static Path real(Path dir) {
        try {
            return Files.isDirectory(dir) ? dir.toRealPath() : dir;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot use the workdir " + dir + ": " + e.getMessage(), e);
        }
    }
}
