package dev.longtask.cli;

/** A failure a command reports to the user as one line, with the exit code it implies. */
public final class CliFailure extends RuntimeException {
    private final ExitCode exitCode;

    public CliFailure(ExitCode exitCode, String message) {
        super(message);
        this.exitCode = exitCode;
    }

    public static CliFailure usage(String message) {
        return new CliFailure(ExitCode.USAGE, message);
    }

    public ExitCode exitCode() {
        return exitCode;
    }
}
