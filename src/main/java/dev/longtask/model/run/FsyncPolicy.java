package dev.longtask.model.run;

import java.util.Locale;

/** When an appended event is forced to disk before the append returns. */
public enum FsyncPolicy {
    /** Each event is fsynced before its append returns; appends are serialised behind the fsync. */
    ALWAYS,
    /**
     * Group commit: concurrent appenders share one fsync, and each append still returns only after an fsync
     * that covers its event. Same guarantee as {@link #ALWAYS}, higher throughput under concurrency. The default.
     */
    GROUPED,
    /**
     * Explicitly lossy: events reach the operating system (they survive a crash or kill -9 of longtask) but are
     * not forced to disk, so a power loss or kernel crash can lose the most recent ones. For tests and
     * throw-away runs. The log is still fsynced on checkpoints and on close.
     */
    NONE;

    public String wire() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static FsyncPolicy fromWire(String text) {
        for (FsyncPolicy p : values()) {
            if (p.wire().equalsIgnoreCase(text.trim())) {
                return p;
            }
        }
        throw new IllegalArgumentException("unknown fsync policy '" + text + "' (expected always, grouped or none)");
    }
}
