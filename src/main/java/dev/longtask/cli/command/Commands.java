package dev.longtask.cli.command;

import dev.longtask.mcp.LongtaskMcpServer;
import io.modelcontextprotocol.json.McpJsonMapper;
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

    /**
     * What makes the commands of a command line that runs {@code command} alone: as picocli's own, except that
     * {@code mcp} starts making what its first answer needs as it is made, before its options are even parsed.
     */
    public static CommandLine.IFactory factoryFor(Class<?> command) {
        CommandLine.IFactory plain = CommandLine.defaultFactory();
        if (command != McpCommand.class) {
            return plain;
        }
        McpJsonMapper json = LongtaskMcpServer.jsonForStdio(); // once: picocli makes the command more than once
        return new CommandLine.IFactory() {
            @Override
            public <K> K create(Class<K> type) throws Exception {
                return type == McpCommand.class ? type.cast(new McpCommand(json)) : plain.create(type);
            }
        };
    }

    /**
     * Whether {@code command} reads a run's state as soon as it starts (a checkpoint, the log after it): the short
     * commands that show one run, and those that open one. The JSON readers of that state are worth making on a
     * second core while picocli builds and parses the command line on the first. Not {@code runs}: it reads each
     * run's {@code run.json} (small types, quickly made) and a checkpoint only of a run whose run.json is behind,
     * so making the state's readers cost it more processor time than it saved.
     */
    public static boolean readsRuns(Class<?> command) {
        return READS_RUNS.contains(command);
    }

    private static final java.util.Set<Class<?>> READS_RUNS = java.util.Set.of(StatusCommand.class,
            TasksCommand.class, ResumeCommand.class, ReportCommand.class, TaskCommand.class,
            ApproveCommand.class, CancelCommand.class);

    /** Whether {@code command} works on the whole command tree (help lists it, completion describes it). */
    public static boolean needsTheWholeTree(Class<?> command) {
        return command == CommandLine.HelpCommand.class || command == CompletionCommand.class;
    }
}
