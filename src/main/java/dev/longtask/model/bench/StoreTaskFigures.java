package dev.longtask.model.bench;

import dev.longtask.model.run.FsyncPolicy;

/**
 * The store's tasks benchmark ({@code longtask bench store}): engine-like tasks carried out by {@code threads}
 * threads, their time, latencies, fsyncs and projections.
 */
public record StoreTaskFigures(FsyncPolicy policy, int threads, int tasks, int events, double seconds,
                               long medianNanos, long p99Nanos, long fsyncs, long projectionFiles) {
    public double tasksPerSecond() {
        return tasks / seconds;
    }
}
