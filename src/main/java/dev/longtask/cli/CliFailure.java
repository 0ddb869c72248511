package dev.longtask.cli;

/** A failure a command reports to the user as one line, with the exit code it implies. */
final class CliFailure extends RuntimeException {
    private final ExitCode exitCode;

    CliFailure(ExitCode exitCode, String message) {
        super(message);
        this.exitCode = exitCode;
    }

    static CliFailure usage(String message) {
        return new CliFailure(ExitCode.USAGE, message);
    }

    ExitCode exitCode() {
        return exitCode;
    }
}
