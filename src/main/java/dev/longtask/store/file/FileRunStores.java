package dev.longtask.store.file;

import dev.longtask.model.Budget;
import dev.longtask.model.Event;
import dev.longtask.model.Run;
import dev.longtask.model.RunSettings;
import dev.longtask.model.run.RunFigures;
import dev.longtask.store.RunLayout;
import dev.longtask.model.run.RunSnapshot;
import dev.longtask.model.run.RunStore;
import dev.longtask.model.run.RunStores;
import dev.longtask.model.run.SealCheck;
import dev.longtask.model.run.StoreException;
import dev.longtask.model.run.StoreOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** The runs of each workspace in its {@code .longtask/runs} directory, through {@link FileRunStore}. */
public final class FileRunStores implements RunStores {
    public static final FileRunStores INSTANCE = new FileRunStores();

    private FileRunStores() {
    }

    @Override
    public RunStore create(Path workspace, String runId, String goal, String model, Budget budget,
                           RunSettings settings, StoreOptions options) {
        return FileRunStore.create(workspace, runId, goal, model, budget, settings, options);
    }

    @Override
    public Opened open(Path workspace, String runId, StoreOptions options) {
        FileRunStore store = FileRunStore.open(workspace, runId, options);
        try {
            return new Opened(store, store.recordRepairs());
        } catch (RuntimeException e) {
            store.close();
            throw e;
        }
    }

    @Override
    public List<String> list(Path workspace) {
        return FileRunStore.list(workspace);
    }

    @Override
    public boolean exists(Path workspace, String runId) {
        return Files.exists(FileRunStore.runsDirectory(workspace).resolve(runId));
    }

    @Override
    public RunSnapshot read(Path workspace, String runId) {
        return FileRunStore.read(workspace, runId);
    }

    @Override
    public Run readRun(Path workspace, String runId) {
        return FileRunStore.readRun(workspace, runId);
    }

    @Override
    public RunFigures figures(Path workspace, String runId) {
        return FileRunStore.figures(workspace, runId);
    }

    @Override
    public List<Event> events(Path workspace, String runId, long afterSeq) {
        return FileRunStore.events(workspace, runId, afterSeq);
    }

    @Override
    public SealCheck seal(Path workspace, String runId, RunSettings recorded) {
        RunLayout run = RunLayout.of(RunDirectory.existing(workspace, runId));
        try {
            return LogSeal.verify(run.events(), run.seal(), LogSeal.json(recorded));
        } catch (java.io.IOException e) {
            throw new StoreException("cannot read run " + runId + " in " + run + ": " + e, e);
        }
    }

    /**
     * Prepares what the first read of a run's files needs (Jackson's readers of a checkpoint, the log and
     * {@code run.json}, made by reflection over their record types), so that a short command can have it done on a
     * second core while it parses its arguments; the read itself waits for nothing. Reads no file, changes nothing.
     */
    public void prepareReading() {
        RunDirectory.prepareReading();
    }

    @Override
    public String where(Path workspace) {
        return FileRunStore.runsDirectory(workspace).toString();
    }

    @Override
    public boolean shared() {
        return false;
    }
}
