package dev.longtask.cli;

/** A failure a command reports to the user as one line, with the exit code it implies. */
final class CliFailure extends RuntimeException {
    private final int exitCode;

    CliFailure(int exitCode, String message) {
        super(message);
        this.exitCode = exitCode;
    }

    static CliFailure usage(String message) {
        return new CliFailure(Main.USAGE, message);
    }

    int exitCode() {
        return exitCode;
    }
}
