package dev.longtask.store;

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
}
