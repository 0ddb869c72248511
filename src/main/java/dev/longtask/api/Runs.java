package dev.longtask.api;

import dev.longtask.engine.EngineConfig;
import dev.longtask.engine.Progress;
import dev.longtask.model.Event;
import dev.longtask.model.Task;
import dev.longtask.review.ReviewFinisher;
import dev.longtask.store.NoSuchRunException;
import dev.longtask.store.RunLayout;
import dev.longtask.store.RunReader;
import dev.longtask.store.RunSnapshot;
import dev.longtask.store.RunStores;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
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

    /** The run and its tasks as its log holds them. */
    RunSnapshot read(String runId) {
        return stores.read(workspace, runId);
    }

    /** The figures {@code status} shows. */
    public Snapshot snapshot(String runId) {
        RunSnapshot run = read(runId);
        return snapshotOf(run, run.concurrency(EngineConfig.DEFAULT_CONCURRENCY), false, clock);
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
        return readIfPresent(ReviewFinisher.reportIn(read(runId).directory()));
    }

    /**
     * The transcript of a task's conversation (JSON lines), or of a role's ("planner_session_1",
     * "director_round_2"); empty when there is none.
     */
    public Optional<String> transcript(String runId, String name) {
        if (!name.matches("[a-z0-9_-]+")) {
            throw new IllegalArgumentException("a transcript name is [a-z0-9_-]+ (task_3, planner_session_1), not '"
                    + name + "'");
        }
        return readIfPresent(RunLayout.of(read(runId).directory()).transcript(name));
    }

    static Snapshot snapshotOf(RunSnapshot run, int concurrency, boolean runningHere, Clock clock) {
        return new Snapshot(run.figures(), new Progress().snapshot(run.run(), run.tasks(), concurrency, clock.instant()),
                run.run().recordedSettings(), runningHere);
    }

    private static Optional<String> readIfPresent(Path file) {
        try {
            return Files.isRegularFile(file) ? Optional.of(Files.readString(file, StandardCharsets.UTF_8))
                    : Optional.empty();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }
}
