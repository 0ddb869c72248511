package dev.longtask.model.run;

import dev.longtask.model.Budget;
import dev.longtask.model.Event;
import dev.longtask.model.Run;
import dev.longtask.model.RunSettings;
import java.nio.file.Path;
import java.util.List;

/**
 * Where a process keeps its runs: the files of each workspace (the default) or a PostgreSQL database that many
 * processes on many machines share. Everything that creates, opens, lists or reads runs goes through one of these, so
 * the choice is made once, from the settings, and not at every call; {@code dev.longtask.api.Stores} makes it, above
 * the store, so that this port depends on neither backend.
 */
public interface RunStores extends AutoCloseable {

    /** A store that was opened for writing, with what opening it repaired (after a crash), one line each. */
    record Opened(RunStore store, List<String> repairs) {
        public Opened {
            repairs = List.copyOf(repairs);
        }
    }

    /**
     * Creates a run in {@code workspace} (its first event is durable when this returns).
     *
     * @param runId null for a new id
     */
    RunStore create(Path workspace, String runId, String goal, String model, Budget budget, RunSettings settings,
                    StoreOptions options);

    /**
     * Opens a run for writing.
     *
     * @throws NoSuchRunException  if there is no such run
     * @throws RunLockedException  if another process runs it (a store one process writes at a time)
     * @throws CorruptRunException if its log is damaged before the last line
     */
    Opened open(Path workspace, String runId, StoreOptions options);

    /** The run ids of {@code workspace} (of the whole database for a shared store), newest first. */
    List<String> list(Path workspace);

    /** True when {@code runId} exists (a new run may not take its id). */
    default boolean exists(Path workspace, String runId) {
        return list(workspace).contains(runId);
    }

    /** A run as its log stands now, read without opening it for writing and without changing anything. */
    RunSnapshot read(Path workspace, String runId);

    /** The run alone, as its last event left it. */
    default Run readRun(Path workspace, String runId) {
        return read(workspace, runId).run();
    }

    /** The figures {@code runs} lists. */
    default RunFigures figures(Path workspace, String runId) {
        return read(workspace, runId).figures();
    }

    /**
     * Whether a run's log, whose events record the settings {@code recorded}, is the one the store wrote ({@link
     * SealCheck}). Cheap when the settings are those the store last sealed; the whole log is read only when they are
     * not. Intact for a store whose records no agent can reach (a database).
     */
    default SealCheck seal(Path workspace, String runId, RunSettings recorded) {
        return SealCheck.INTACT;
    }

    /** The durable events of a run after {@code afterSeq}, in order. */
    List<Event> events(Path workspace, String runId, long afterSeq);

    /** Where the runs of {@code workspace} are, as messages name it. */
    String where(Path workspace);

    /**
     * True when many processes share the runs (claims held by leases, so other processes may run a run's tasks);
     * false for the file store, which one process at a time writes.
     */
    boolean shared();

    /**
     * The places for runs at work that the servers of this store share ({@code serve --max-runs}): unlimited for a
     * store one process writes (its pool counts its own runs), counted in the database for a shared one.
     */
    default RunSlots runSlots(int count) {
        return RunSlots.UNLIMITED;
    }

    /** Lets go of what the stores hold (a database's connections); the file store holds nothing. */
    @Override
    default void close() {
    }
}
