package dev.longtask.cli;

import java.io.PrintWriter;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code longtask} command; its exit codes are the {@link ExitCode}s. */
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
        })
public final class Main implements Runnable {

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
        cli.setExecutionStrategy(Main::executeLast);
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
            return failure.exitCode().code();
        }
        err.println("longtask: internal error: " + e);
        e.printStackTrace(err);
        return ExitCode.FAILED.code();
    }

    /** Runs the last subcommand given; a command that returns an {@link ExitCode} exits with its number. */
    static int executeLast(CommandLine.ParseResult parsed) {
        int code = new CommandLine.RunLast().execute(parsed);
        List<CommandLine> commands = parsed.asCommandLineList();
        Object result = commands.get(commands.size() - 1).getExecutionResult();
        return result instanceof ExitCode exit ? exit.code() : code;
    }

    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String v = Main.class.getPackage().getImplementationVersion();
            return new String[] {"longtask " + (v == null ? "dev" : v)};
        }
    }
}
