package dev.longtask.cli;

import dev.longtask.model.RunStatus;

/**
 * How a {@code longtask} command ended, as the number a shell or a supervisor sees. A paused, interrupted or
 * terminated run is resumable; 130 and 143 are what a shell reports for SIGINT and SIGTERM (128 + the signal).
 */
public enum ExitCode {
    OK(0, "completed"),
    FAILED(1, "failed"),
    USAGE(2, "usage or configuration error; nothing was started"),
    PAUSED(3, "paused: a budget, a provider failure, or a plan ready to run; resumable"),
    INTERRUPTED(130, "interrupted by Ctrl-C (SIGINT); resumable"),
    TERMINATED(143, "terminated by SIGTERM; resumable");

    private final int code;
    private final String meaning;

    ExitCode(int code, String meaning) {
        this.code = code;
        this.meaning = meaning;
    }

    public int code() {
        return code;
    }

    String meaning() {
        return meaning;
    }

    /** The exit code of a session that left its run in {@code status}; {@code signal} tells SIGTERM from Ctrl-C. */
    public static ExitCode of(RunStatus status, boolean terminated) {
        return switch (status) {
            case COMPLETED -> OK;
            case PAUSED -> PAUSED;
            case INTERRUPTED -> terminated ? TERMINATED : INTERRUPTED;
            // Cancelled (by longtask cancel, even though a SIGTERM stopped it) ends neither completed nor resumable.
            case CANCELLED, FAILED -> FAILED;
            default -> FAILED;
        };
    }
}
