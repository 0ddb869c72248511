package dev.longtask.api;

import dev.longtask.model.bench.CheckpointFigures;
import dev.longtask.model.bench.StoreAppendFigures;
import dev.longtask.model.bench.StoreTaskFigures;
import dev.longtask.model.run.FsyncPolicy;
import dev.longtask.store.file.StoreBench;
import dev.longtask.tools.undo.CheckpointBench;
import java.io.IOException;
import java.nio.file.Path;

/**
 * The runtime's own benchmarks, as {@code longtask bench} runs them: each builds what it measures in a scratch
 * directory and gives its figures, which count what no other API shows (fsyncs, projection files, the checkpoints'
 * shadow repository).
 */
public final class Benchmarks {
    private Benchmarks() {
    }

    /**
     * Appends of {@code events} {@code llm.call} events by {@code threads} threads to a new file run under
     * {@code scratch} with {@code tasks} tasks, made durable per {@code fsync}.
     */
    public static StoreAppendFigures storeAppends(Path scratch, FsyncPolicy fsync, int threads, int events, int tasks)
            throws Exception {
        return StoreBench.appends(scratch, fsync, threads, events, tasks);
    }

    /**
     * {@code tasks} engine-like tasks of a new file run under {@code scratch} carried out by {@code threads}
     * threads: each a claim, two model calls written behind, transcript lines, then its result in one batch.
     */
    public static StoreTaskFigures storeTasks(Path scratch, FsyncPolicy fsync, int threads, int tasks)
            throws Exception {
        return StoreBench.tasks(scratch, fsync, threads, tasks);
    }

    /**
     * Checkpoints of {@code tasks} tasks ({@code shells} of them also running a shell command) on a workspace of
     * {@code files} files and {@code bytes} bytes generated in {@code dir}.
     */
    public static CheckpointFigures checkpoints(Path dir, int files, long bytes, int tasks, int shells)
            throws IOException {
        return CheckpointBench.run(dir, files, bytes, tasks, shells);
    }
}
