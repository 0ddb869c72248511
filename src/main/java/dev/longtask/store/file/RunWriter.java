package dev.longtask.store.file;

import java.nio.file.Path;
import java.util.Optional;

/** Who writes a run right now, asked without taking the writer lock or changing any file. */
public final class RunWriter {
    private RunWriter() {
    }

    /**
     * The pid of the live process that has the run open for writing, or empty when none has: the run is at rest,
     * or its writer was killed and a status it recorded as running is out of date.
     */
    public static Optional<Long> livePid(Path workspace, String runId) {
        return RunLock.liveWriter(FileRunStore.runsDirectory(workspace).resolve(runId));
    }

    /**
     * Why the run's last writer stopped without recording it ("the disk was full (...)"), when it could leave a note
     * and no process writes the run now; empty otherwise.
     */
    public static Optional<String> stopNote(Path workspace, String runId) {
        Path dir = FileRunStore.runsDirectory(workspace).resolve(runId);
        return RunLock.liveWriter(dir).isPresent() ? Optional.empty() : RunLock.stopNote(dir);
    }
}
