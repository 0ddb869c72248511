package dev.longtask.api;

import dev.longtask.engine.Progress;
import dev.longtask.model.plan.ProgressSnapshot;
import dev.longtask.model.Event;
import dev.longtask.model.RunSettings;
import dev.longtask.model.Task;
import dev.longtask.store.file.DiskFull;
import dev.longtask.store.file.FileRunStore;
import dev.longtask.model.run.NoSuchRunException;
import dev.longtask.store.RunIds;
import dev.longtask.store.RunLayout;
import dev.longtask.store.RunReader;
import dev.longtask.model.run.RunFile;
import dev.longtask.model.run.RunSnapshot;
import dev.longtask.model.run.RunStores;
import dev.longtask.store.file.RunWriter;
import dev.longtask.tools.OutsideWorkspaceException;
import dev.longtask.tools.Workspace;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * The runs of one workspace, read-only: for runs running in this JVM, in another process, or not at all. Reading
 * never takes a run's writer lock and never changes a file, so viewers may read any run at any time.
 */
public final class Runs {
    private final Path workspace;
    private final Clock clock;
    private final RunStores stores;

    Runs(Path workspace, Clock clock, RunStores stores) {
        this.workspace = workspace;
        this.clock = clock;
        this.stores = stores;
    }

    /**
     * The runs {@code stores} keeps for {@code workspace}, read without a runtime: for a command that only reads or
     * edits runs, which needs no model and no settings.
     */
    public static Runs of(RunStores stores, Path workspace) {
        return new Runs(workspace, Clock.systemUTC(), stores);
    }

    /**
     * A new run id like {@code 20261125-213000-a1b2}: the local time of {@code clock}, then 4 random hex digits; for
     * a caller that names a run before it creates it (the server's queue). Not checked against existing runs.
     */
    public static String newId(Clock clock) {
        return FileRunStore.newRunId(clock);
    }

    /** What is wrong with {@code runId} as the id of a new run (its length, its characters); empty when nothing. */
    public static Optional<String> idProblem(String runId) {
        return RunIds.problem(runId);
    }

    /** The workspace whose runs these are. */
    public Path workspace() {
        return workspace;
    }

    /** The run ids, newest first. */
    public List<String> list() {
        return stores.list(workspace);
    }

    /**
     * The newest run's id.
     *
     * @throws NoSuchRunException when the workspace has no run
     */
    public String newest() {
        List<String> ids = list();
        if (ids.isEmpty()) {
            throw new NoSuchRunException("(newest)", stores.where(workspace));
        }
        return ids.get(0);
    }

    /**
     * The directory of the run's files in this workspace ({@code .longtask/runs/<id>}), computed without reading it:
     * to show the user where a run's results are.
     */
    public Path directory(String runId) {
        return RunLayout.of(workspace, runId).directory();
    }

    /** Where the run's report is (report.md in its directory), written or not: to show the user. */
    public Path reportFile(String runId) {
        return new RunReader(stores).where(workspace, runId, RunFile.REPORT);
    }

    /**
     * The live process that has the run (kept in the workspace's files) open for writing, asked without taking its
     * lock; empty when the run is at rest, or its writer was killed and the status it recorded is out of date.
     */
    public Optional<Long> writerPid(String runId) {
        return RunWriter.livePid(workspace, runId);
    }

    /**
     * The refused write's message when {@code failure} (anywhere in its causes) is a full disk or quota, else null:
     * a run stopped by it is paused, not broken, and resumes once space is freed.
     */
    public static String diskFull(Throwable failure) {
        return DiskFull.problem(failure);
    }

    /** Why the run's last writer stopped without recording it (a full disk), when it could leave a note. */
    public Optional<String> stopNote(String runId) {
        return RunWriter.stopNote(workspace, runId);
    }

    /**
     * Checks a path a task added by hand names: like a planner's, it must stay inside the workspace.
     *
     * @throws IllegalArgumentException saying why it does not
     * @throws UncheckedIOException     when the workspace cannot be opened
     */
    public void requireInside(String path) {
        try {
            new Workspace(workspace).resolveInside(path);
        } catch (OutsideWorkspaceException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The run and its tasks as its log holds them. */
    RunSnapshot read(String runId) {
        return stores.read(workspace, runId);
    }

    /** The figures {@code status} shows. */
    public Snapshot snapshot(String runId) {
        RunSnapshot run = read(runId);
        return snapshotOf(run, run.concurrency(RunSettings.DEFAULTS.concurrency()), false, clock);
    }

    /**
     * The progress figures of {@code run} as at {@code at}: its counts, and the ETA at the concurrency it was last
     * worked with (else the default).
     */
    public static ProgressSnapshot progress(RunSnapshot run, Instant at) {
        return new Progress().snapshot(run.run(), run.tasks(), run.concurrency(RunSettings.DEFAULTS.concurrency()), at,
                run.history());
    }

    /** The run's tasks as its log holds them. */
    public List<Task> tasks(String runId) {
        return read(runId).tasks();
    }

    /** The events after {@code afterSeq}, in order (all of them for 0). */
    public List<Event> events(String runId, long afterSeq) {
        return stores.events(workspace, runId, afterSeq);
    }

    /** The text of report.md, when the run has written one. */
    public Optional<String> report(String runId) {
        read(runId);
        return new RunReader(stores).report(workspace, runId);
    }

    /**
     * The checked report of a code review run ({@code results/review/review.md}, which the synthesizer's title and
     * summary head), once the run has written it; empty for a run that is no review.
     */
    public Optional<String> review(String runId) {
        return file(runId, RunFile.REVIEW_REPORT);
    }

    /** The text of one of the run's documents (its report, a review's checked report), once the run has written it. */
    public Optional<String> file(String runId, RunFile file) {
        read(runId);
        return new RunReader(stores).file(workspace, runId, file);
    }

    /**
     * The transcript of a task's conversation (JSON lines), or of a role's ("planner_session_1",
     * "director_round_2"); empty when there is none. A run of a shared store has its transcripts in the database.
     */
    public Optional<String> transcript(String runId, String name) {
        if (!name.matches("[a-z0-9_-]+")) {
            throw new IllegalArgumentException("a transcript name is [a-z0-9_-]+ (task_3, planner_session_1), not '"
                    + name + "'");
        }
        read(runId);
        return new RunReader(stores).transcriptText(workspace, runId, name);
    }

    /**
     * The figures of {@code run} read already, with its ETA at {@code concurrency} as at {@code clock}'s now;
     * {@code runningHere} as the caller knows it (a server's pool that carries the run).
     */
    public static Snapshot snapshotOf(RunSnapshot run, int concurrency, boolean runningHere, Clock clock) {
        return new Snapshot(run.figures(),
                new Progress().snapshot(run.run(), run.tasks(), concurrency, clock.instant(), run.history()),
                run.run().recordedSettings(), runningHere, run.history().firstPlan());
    }
}
