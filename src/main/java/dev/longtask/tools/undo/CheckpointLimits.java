package dev.longtask.tools.undo;

/**
 * The most files and bytes of a workspace checkpoints keep ({@code checkpoint.max_files}, {@code
 * checkpoint.max_bytes}); a workspace with more runs with checkpoints off, and says so once.
 */
public record CheckpointLimits(long maxFiles, long maxBytes) {
    public static final CheckpointLimits DEFAULT = new CheckpointLimits(200_000, 2L << 30);
    /** No limit: a rollback's stash keeps the workspace whatever its size. */
    static final CheckpointLimits NONE = new CheckpointLimits(Long.MAX_VALUE, Long.MAX_VALUE);

    public CheckpointLimits {
        if (maxFiles < 1 || maxBytes < 1) {
            throw new IllegalArgumentException("checkpoint limits must be positive, got " + maxFiles + " files, "
                    + maxBytes + " bytes");
        }
    }

    /** These limits with {@code maxFiles} and {@code maxBytes} where given (null: as they are). */
    public CheckpointLimits with(Long files, Long bytes) {
        return new CheckpointLimits(files == null ? maxFiles : files, bytes == null ? maxBytes : bytes);
    }
}
