package dev.longtask.store.file;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.longtask.model.Budget;
import dev.longtask.model.Event;
import dev.longtask.model.EventType;
import dev.longtask.model.JsonMapping;
import dev.longtask.model.RunSettings;
import dev.longtask.model.Secrets;
import dev.longtask.store.AtomicFiles;
import dev.longtask.store.Projector;
import dev.longtask.store.ResultFiles;
import dev.longtask.store.RunIds;
import dev.longtask.store.RunLayout;
import dev.longtask.store.WorkspaceIgnore;
import dev.longtask.store.RunState;
import dev.longtask.model.run.StoreException;
import dev.longtask.model.run.StoreOptions;
import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How a {@link FileRunStore} comes to be: a new run directory made and locked with its first event durable, or an
 * existing one locked and brought back in order (a torn last line cut, the newest good checkpoint loaded and the
 * events after it replayed, every projection and result that disagrees with the log repaired). The store it hands
 * out holds the writer lock; what the open found is its {@link FileRunStore#openReport()}.
 */
final class RunOpener {
    private RunOpener() {
    }

    static FileRunStore create(Path workspace, String runId, String goal, String model, Budget budget,
                                       RunSettings settings, StoreOptions options, EventLog.Syncer syncer) {
        RunLayout.requireWorkspace(workspace);
        if (goal == null || goal.isBlank()) {
            throw new IllegalArgumentException("a run needs a goal");
        }
        Path runs = RunLayout.runs(workspace);
        String id = runId == null ? null : RunIds.check(runId);
        Path dir;
        try {
            Files.createDirectories(runs);
            WorkspaceIgnore.ensure(workspace);
            for (int attempt = 0; ; attempt++) {
                String candidate = id != null ? id : RunIds.newId(options.clock());
                dir = runs.resolve(candidate);
                try {
                    Files.createDirectory(dir);
                    id = candidate;
                    break;
                } catch (FileAlreadyExistsException e) {
                    if (id != null || attempt >= 20) {
                        throw new StoreException("run " + candidate + " already exists in " + runs
                                + "; choose another id or open it");
                    }
                }
            }
            AtomicFiles.fsyncDirectory(runs);
            AtomicFiles.fsyncDirectory(runs.getParent());
            for (String sub : List.of(RunLayout.TASKS, RunLayout.RESULTS, RunLayout.TRANSCRIPTS, RunLayout.CHECKPOINTS)) {
                Files.createDirectories(dir.resolve(sub));
            }
        } catch (IOException e) {
            throw new StoreException("cannot create a run in " + runs + ": " + e, e);
        }
        RunLock lock = acquire(dir, id);
        try {
            Path events = dir.resolve(RunLayout.EVENTS);
            Files.createFile(events);
            AtomicFiles.fsyncDirectory(dir);
            ObjectMapper json = JsonMapping.MAPPER;
            EventLog log = EventLog.open(events, options.fsync(), syncer,
                    new LogScan.Shape(0, 0, 0, new LongList(), LogDigest.empty()));
            FileRunStore store = new FileRunStore(dir, id, options, json, lock, log, new Projector(dir, json),
                    new ResultFiles(dir, json, Secrets.ofValues(options.secrets())), RunState.EMPTY, 0,
                    OpenReport.fresh(), LogDigest.empty());
            store.recordCreation(goal, workspace, model, budget, settings);
            return store;
        } catch (IOException e) {
            release(lock);
            throw new StoreException("cannot create run " + id + " in " + runs + ": " + e, e);
        } catch (RuntimeException e) {
            release(lock);
            throw e;
        }
    }

    static FileRunStore open(Path workspace, String runId, StoreOptions options, EventLog.Syncer syncer) {
        Path dir = RunDirectory.existing(workspace, runId);
        RunLock lock = acquire(dir, runId);
        try {
            ObjectMapper json = JsonMapping.MAPPER;
            RunDirectory.Loaded loaded = RunDirectory.load(dir, runId, json);
            EventLog log = EventLog.open(dir.resolve(RunLayout.EVENTS), options.fsync(), syncer, loaded.shape());
            Checkpoints.Choice choice = loaded.choice();
            new Checkpoints(dir.resolve(RunLayout.CHECKPOINTS), json, runId).setAside(choice.bad());
            for (String sub : List.of(RunLayout.RESULTS, RunLayout.TRANSCRIPTS, RunLayout.CHECKPOINTS)) {
                Files.createDirectories(dir.resolve(sub));
            }
            Projector projector = new Projector(dir, json);
            List<String> repaired = new ArrayList<>(projector.repair(loaded.state(), loaded.shape().validLength()));
            long checkpointed = choice.state() == null ? 0 : choice.state().lastSeq();
            ResultFiles results = new ResultFiles(dir, json, Secrets.ofValues(options.secrets()));
            repaired.addAll(results.repair(endingsAfter(log, json, checkpointed, loaded.state().lastSeq())));
            OpenReport report = new OpenReport(loaded.shape().tornBytes(),
                    choice.file() == null ? null : choice.file().getFileName().toString(),
                    choice.skipped(), loaded.replayed(), repaired);
            FileRunStore store = new FileRunStore(dir, runId, options, json, lock, log, projector, results,
                    loaded.state(), checkpointed, report, loaded.shape().digest());
            if (!report.clean()) {
                log().info("run {} opened after repair: {}", runId, report);
            }
            if (loaded.replayed() >= options.checkpointEvery()) {
                store.checkpoint();
            }
            return store;
        } catch (IOException e) {
            if (DiskFull.problem(e) != null) {
                // shown only while the log says the run is at work (a session the full disk ended earlier)
                try {
                    lock.closeStopped("the disk was full (" + DiskFull.problem(e) + ")");
                } catch (IOException alsoNot) {
                    log().warn("could not release {}", RunLayout.WRITER_LOCK, alsoNot);
                }
            } else {
                release(lock);
            }
            throw new StoreException("cannot open run " + runId + " in " + dir + ": " + e, e);
        } catch (RuntimeException e) {
            release(lock);
            throw e;
        }
    }


    /** The events that ended a task after {@code seq}: their results may not have reached the disk. */
    private static List<Event> endingsAfter(EventLog log, ObjectMapper json, long seq, long lastSeq)
            throws IOException {
        List<Event> endings = new ArrayList<>();
        long lineSeq = seq;
        for (byte[] line : log.linesAfter(seq, lastSeq)) {
            Event header = LogScan.header(log.file(), json, ++lineSeq, line);
            if (EventType.TASK_COMPLETED.equals(header.type()) || EventType.TASK_FAILED.equals(header.type())) {
                endings.add(LogScan.parse(log.file(), json, lineSeq, line));
            }
        }
        return endings;
    }

    private static RunLock acquire(Path dir, String runId) {
        try {
            return RunLock.acquire(dir, runId);
        } catch (IOException e) {
            throw new StoreException("cannot lock run " + runId + " (" + dir.resolve(RunLayout.WRITER_LOCK) + "): " + e, e);
        }
    }

    static void release(RunLock lock) {
        try {
            lock.close();
        } catch (IOException e) {
            log().warn("could not release {}", RunLayout.WRITER_LOCK, e);
        }
    }

    /** Looked up when something is logged, as {@link FileRunStore} does. */
    private static Logger log() {
        return LoggerFactory.getLogger(RunOpener.class);
    }
}
