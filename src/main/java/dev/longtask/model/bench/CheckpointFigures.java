package dev.longtask.model.bench;

/** The checkpoints benchmark's figures ({@code longtask bench checkpoints}): milliseconds, and bytes on disk. */
public record CheckpointFigures(int files, long bytes, long firstReadMs, long secondOpenMs, int tasks,
                                double medianTaskMs, double p90TaskMs, double medianStartMs, double medianEndMs,
                                double medianShellMs, long shadowBytes, long shadowBytesAfterGc) {
}
