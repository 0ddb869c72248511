package dev.longtask.model.bench;

import dev.longtask.model.run.FsyncPolicy;

/**
 * The store's appends benchmark ({@code longtask bench store}): appends of {@code events} events by {@code threads}
 * threads, their time, latencies and the fsyncs.
 */
public record StoreAppendFigures(FsyncPolicy policy, int threads, int events, double seconds, long medianNanos,
                                 long p99Nanos, long fsyncs) {
    public double perSecond() {
        return events / seconds;
    }
}
