package dev.longtask.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import picocli.CommandLine;

/** Runs the real {@code longtask} command line in-process with captured output. */
public final class CliRunner {
    public record Result(int exit, String out, String err) {
        @Override
        public String toString() {
            return "exit " + exit + "\n--- out\n" + out + "--- err\n" + err;
        }
    }

    private CliRunner() {
    }

    public static Result run(String... args) {
        return run(Main.commandLine(), args);
    }

    /** Runs one command built by a test (with its own environment or models), failures handled as Main does. */
    public static Result runCommand(Object command, String... args) {
        return run(Main.configured(new CommandLine(command)), args);
    }

    public static Result run(CommandLine cli, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        int exit = cli.execute(args);
        return new Result(exit, out.toString(), err.toString());
    }
}
