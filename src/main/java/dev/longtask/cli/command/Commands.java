package dev.longtask.cli.command;

import java.util.List;
import picocli.CommandLine;

/** The subcommands of {@code longtask}, which the root command ({@link dev.longtask.cli.Main}) is built from. */
public final class Commands {
    /** The subcommands, in the order help lists them. */
    public static final List<Class<?>> ALL = List.of(
            CommandLine.HelpCommand.class,
            RunCommand.class,
            ResumeCommand.class,
            PlanCommand.class,
            StatusCommand.class,
            RunsCommand.class,
            TasksCommand.class,
            TaskCommand.class,
            ReportCommand.class,
            CancelCommand.class,
            ReviewCommand.class,
            ApproveCommand.class,
            AgentsCommand.class,
            AgentCommand.class,
            DoctorCommand.class,
            CompletionCommand.class,
            BenchCommand.class,
            ServeCommand.class,
            SubmitCommand.class,
            AttachCommand.class,
            McpCommand.class,
            WorkerCommand.class,
            TrustCommand.class,
            DiffCommand.class,
            RollbackCommand.class);

    private Commands() {
    }

    /** Whether {@code command} works on the whole command tree (help lists it, completion describes it). */
    public static boolean needsTheWholeTree(Class<?> command) {
        return command == CommandLine.HelpCommand.class || command == CompletionCommand.class;
    }
}
