package dev.longtask.cli;

import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code longtask} command. Exit codes: 0 completed, 1 failed, 2 usage or configuration, 3 paused, 130 interrupted. */
@Command(name = "longtask",
        mixinStandardHelpOptions = true,
        versionProvider = Main.Version.class,
        description = "Carries one goal through hours of autonomous LLM work without losing its way or its work.",
        subcommands = {
                CommandLine.HelpCommand.class,
                RunCommand.class,
                ResumeCommand.class,
                PlanCommand.class,
                StatusCommand.class,
                RunsCommand.class,
                TasksCommand.class,
                TaskCommand.class,
                ReportCommand.class,
                ReviewCommand.class,
                AgentsCommand.class,
                AgentCommand.class,
                DoctorCommand.class,
                BenchCommand.class,
                ServeCommand.class,
                SubmitCommand.class,
        })
public final class Main implements Runnable {

    public static final int OK = 0;
    public static final int FAILED = 1;
    public static final int USAGE = 2;
    public static final int PAUSED = 3;
    public static final int INTERRUPTED = 130;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        System.exit(execute(args));
    }

    /** Runs the command line and returns its exit code; tests call this instead of {@link #main}. */
    public static int execute(String... args) {
        return commandLine().execute(args);
    }

    static CommandLine commandLine() {
        CommandLine cli = new CommandLine(new Main());
        cli.setExecutionExceptionHandler(Main::handleFailure);
        return cli;
    }

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /** A command's failure becomes one line on stderr and an exit code; only unexpected bugs show a stack trace. */
    private static int handleFailure(Exception e, CommandLine cli, CommandLine.ParseResult parsed) {
        PrintWriter err = cli.getErr();
        if (e instanceof CliFailure failure) {
            err.println("longtask: " + failure.getMessage());
            return failure.exitCode();
        }
        err.println("longtask: internal error: " + e);
        e.printStackTrace(err);
        return FAILED;
    }

    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String v = Main.class.getPackage().getImplementationVersion();
            return new String[] {"longtask " + (v == null ? "dev" : v)};
        }
    }
}
