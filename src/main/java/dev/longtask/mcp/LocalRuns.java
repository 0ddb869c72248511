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
import java.util.function.Supplier;
import java.util.stream.Stream;

/**
 * The runs of the stdio server: created here through the public runtime API, each carried out in a process of its
 * own ({@link RunProcesses}), so it goes on when the client and this server are gone. What a tool reads comes from
 * the run's directory, as {@code longtask status} reads it.
 */
final class LocalRuns implements RunControl {
    private static final Duration STOPPING = Duration.ofSeconds(60);

    /** Built on first use, so the handshake never waits for it. */
    private final Supplier<Longtask> runtime;
    private final RunProcesses processes;
    private final List<Path> given;
    /** The workspace of each run started here, so that a tool finds it without a workdir. */
    private final Map<String, Path> startedIn = new ConcurrentHashMap<>();
    private volatile Path home;
    private volatile List<Path> roots;

    /**
     * @param home  the server's workspace: where runs go whose request names no workdir; runs may work under it
     * @param roots further directories runs may work under (a workdir elsewhere is refused)
     */
    LocalRuns(Supplier<Longtask> runtime, RunProcesses processes, Path home, List<Path> roots) {
        this.runtime = runtime;
        this.processes = processes;
        this.given = List.copyOf(roots);
        this.home = real(home.toAbsolutePath().normalize());
        this.roots = allowed(this.home, given, List.of());
    }

    /**
     * The directories the client offered as its roots (those that exist): the first becomes where runs go by
     * default, and each may be worked in, as if given with --root.
     */
    void clientRoots(List<Path> offered) {
        List<Path> dirs = offered.stream().filter(Files::isDirectory).map(LocalRuns::real).toList();
        if (!dirs.isEmpty()) {
            roots = allowed(home, given, dirs);
            home = dirs.get(0);
        }
    }

    /** Where runs go whose request names no workdir. */
    Path home() {
        return home;
    }

    private static List<Path> allowed(Path home, List<Path> roots, List<Path> offered) {
        return Stream.of(Stream.of(home), roots.stream(), offered.stream()).flatMap(s -> s).map(LocalRuns::real)
                .distinct().toList();
    }

    @Override
    public String start(Start request) {
        Path workspace = confined(request.workdir());
        RunRequest run = RunRequest.goal(request.goal()).withWorkspace(workspace).withModel(request.model())
                .withBudget(request.budget()).withConcurrency(request.concurrency());
        return carryOn(workspace, runtime.get().create(run), null);
    }

    @Override
    public String review(Review request) {
        Path root = confined(request.path());
        RunRequest base = RunRequest.goal("a code review of " + root).withWorkspace(root);
        ReviewPlan plan = runtime.get().planReview(base, ReviewOptions.defaults().withFocus(request.focus()));
        if (!plan.problems().isEmpty()) {
            // Said as the review's own check words it (what to change), before a run is made.
            throw new IllegalArgumentException("review cannot run: " + String.join("; ", plan.problems()));
        }
        return carryOn(root, runtime.get().create(plan.request(base)), null);
    }

    private String carryOn(Path workspace, String runId, Budget budget) {
        startedIn.put(runId, workspace);
        processes.carryOn(workspace, runId, budget);
        return runId;
    }

    @Override
    public List<String> runs(Path workdir) {
        return runtime.get().runs(confined(workdir)).list();
    }

    @Override
    public Snapshot status(String runId, Path workdir) {
        Snapshot s = runtime.get().runs(workspaceOf(runId, workdir)).snapshot(runId);
        // Carried by a process this server started, which may not have opened the run yet (a resumed run still
        // reads as interrupted then): a client waiting for its end goes on waiting.
        return processes.alive(runId) ? new Snapshot(s.figures(), s.progress(), s.settings(), true, s.estimate()) : s;
    }

    @Override
    public boolean processGone(String runId, Path workdir, Snapshot snapshot) {
        RunStatus status = snapshot.figures().status();
        boolean working = status == RunStatus.PLANNING || status == RunStatus.RUNNING
                // created here, its process has not opened it yet: gone only if that process died first
                || status == RunStatus.CREATED && startedIn.containsKey(runId);
        return working && processes.writer(workspaceOf(runId, workdir), runId).isEmpty();
    }

    @Override
    public Path workspaceOf(String runId, Path workdir) {
        if (workdir != null) {
            return confined(workdir);
        }
        return startedIn.getOrDefault(runId, home);
    }

    @Override
    public List<Task> tasks(String runId, Path workdir) {
        return runtime.get().runs(workspaceOf(runId, workdir)).tasks(runId);
    }

    @Override
    public Optional<String> report(String runId, Path workdir) {
        Runs runs = runtime.get().runs(workspaceOf(runId, workdir));
        return runs.review(runId).or(() -> runs.report(runId));
    }

    @Override
    public String pause(String runId, Path workdir) {
        if (processes.stop(runId, STOPPING)) {
            return "run " + runId + " stopped after saving what it had done (interrupted); continue it with"
                    + " longtask_resume";
        }
        Path workspace = workspaceOf(runId, workdir);
        Optional<Long> writer = processes.writer(workspace, runId);
        if (writer.isPresent()) {
            throw new IllegalStateException("run " + runId + " is carried out by process " + writer.get() + ", which"
                    + " this server did not start: stop it there (Ctrl-C in its terminal, or longtask cancel)");
        }
        return "run " + runId + " is not running (it is " + status(runId, workdir).figures().status().wire()
                + "); nothing to pause";
    }

    @Override
    public String resume(String runId, Path workdir, Budget budget) {
        Path workspace = workspaceOf(runId, workdir);
        Optional<Long> writer = processes.writer(workspace, runId);
        if (writer.isPresent()) {
            return "run " + runId + " is running already (process " + writer.get() + ")";
        }
        RunStatus status = status(runId, workdir).figures().status();
        if (!status.isResumable()) {
            throw new IllegalStateException(RunText.notResumable(runId, status));
        }
        carryOn(workspace, runId, budget);
        return "run " + runId + " resumed in a process of its own" + (budget == null ? "" : " with the budgets given")
                + "; follow it with longtask_status";
    }

    @Override
    public String cancel(String runId, Path workdir) {
        Path workspace = workspaceOf(runId, workdir);
        processes.stop(runId, STOPPING);
        Optional<Long> writer = processes.writer(workspace, runId);
        if (writer.isPresent()) {
            throw new IllegalStateException("run " + runId + " is carried out by process " + writer.get() + ", which"
                    + " this server did not start: cancel it with longtask cancel " + runId + " --workdir "
                    + workspace);
        }
        RunStatus status = status(runId, workdir).figures().status();
        if (status == RunStatus.COMPLETED || status == RunStatus.CANCELLED) {
            return "run " + runId + " is " + status.wire() + " already; nothing to cancel";
        }
        // A stopped run is opened (which takes its lock, so a process running it refuses) and given up at once.
        RunHandle here = runtime.get().resume(ResumeRequest.of(runId).withWorkspace(workspace).by("an MCP client"));
        here.cancel();
        here.await(Duration.ofSeconds(30));
        return "run " + runId + " cancelled; its results and transcripts stay in " + here.directory();
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
