package dev.longtask.cli.command;

import dev.longtask.api.Longtask;
import dev.longtask.cli.ExitCode;
import dev.longtask.cli.Main;
import dev.longtask.cli.RunAccess;
import dev.longtask.cli.Workspaces;
import dev.longtask.model.config.Environment;
import dev.longtask.model.config.Flags;
import dev.longtask.model.config.Settings;
import dev.longtask.mcp.LongtaskMcpServer;
import io.modelcontextprotocol.json.McpJsonMapper;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code longtask mcp}: longtask as an MCP server on stdin/stdout, for Claude Code, Cursor, Codex, Cline and any
 * other MCP client. Stdout carries the protocol and nothing else (logs go to stderr). Runs started by a client are
 * each carried out by a process of their own, so they outlive the client and this command, which ends when the
 * client closes its end (after answering what it asked) or on a signal.
 */
@Command(name = "mcp", mixinStandardHelpOptions = true,
        header = "Serve longtask to MCP clients (Claude Code, Cursor, ...) over stdio.",
        description = {"Speaks the Model Context Protocol on stdin/stdout: tools to start a run (its id comes back"
                + " at once), follow it, read its tasks and report, pause, resume and cancel it, and start a code"
                + " review; reports are resources (longtask://runs/{id}/report). Add it to Claude Code with:",
                "  claude mcp add longtask -- longtask mcp --workdir DIR",
                "Each run goes on in a process of its own (longtask resume), which outlives the client and this"
                        + " command; stopping it (longtask_pause, a signal) saves it as interrupted, for"
                        + " longtask_resume. Nobody answers approvals there: in --approval ask a run pauses with its"
                        + " question, for longtask approve and longtask_resume. See docs/mcp.md."})
final class McpCommand implements Callable<ExitCode> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Mixin
    RunAccess.Workdir workdir;

    @Mixin
    ModelOptions model;

    @Mixin
    PermissionOptions permissions = new PermissionOptions();

    @Mixin
    TrustOption trust = new TrustOption();

    @Option(names = "--root", paramLabel = "DIR",
            description = "A directory runs may work in besides the workdir (repeatable); a tool naming a workdir"
                    + " elsewhere is refused.")
    List<Path> roots = new ArrayList<>();

    private final Environment environment;
    /** The JSON mapping of the protocol, under way since this command was made; null: made when it is called. */
    private final McpJsonMapper json;

    McpCommand() {
        this(Environment.system());
    }

    McpCommand(Environment environment) {
        this(environment, null);
    }

    /** The command with its JSON mapping under way already ({@link LongtaskMcpServer#jsonForStdio}). */
    McpCommand(McpJsonMapper json) {
        this(Environment.system(), json);
    }

    private McpCommand(Environment environment, McpJsonMapper json) {
        this.environment = environment;
        this.json = json;
    }

    @Override
    public ExitCode call() {
        Path workspace = workdir.workspace();
        List<Path> rootDirs = roots.stream().map(Workspaces::directory).toList();
        PrintWriter err = spec.commandLine().getErr();
        // The settings and the runtime are built only once initialize is answered: the client waits for that.
        Supplier<Longtask> runtime = () -> {
            Settings settings = model.settings(environment, workspace, permissions.addTo(Flags.none()));
            return trust.applyTo(Longtask.builder(), err).workspace(workspace).environment(environment)
                    .model(model.model).baseUrl(model.baseUrl).tape(model.tape())
                    .approval(settings.approval().value()).sandbox(settings.sandbox().value()).build();
        };
        // The protocol owns stdout: whatever else would print there (a library's banner) goes to stderr instead.
        FileOutputStream protocol = new FileOutputStream(FileDescriptor.out);
        PrintStream previous = System.out;
        System.setOut(System.err);
        try (CtrlC ctrlC = CtrlC.install()) {
            // The JVM's own command line is read (through JMX, slow to start) only when a run is started.
            boolean ended = LongtaskMcpServer.serveStdio(json != null ? json : LongtaskMcpServer.jsonForStdio(),
                    runtime, McpCommand::thisJvm, trust.all, workspace, rootDirs, System.in, protocol);
            return ended ? ExitCode.OK : ctrlC.terminated() ? ExitCode.TERMINATED : ExitCode.INTERRUPTED;
        } finally {
            System.setOut(previous);
        }
    }

    /**
     * The command line that runs longtask as this process runs it: the same Java, options and class path (a
     * dynamic class-data archive, C1 alone as the launcher gives {@code run}, the user's home of a test), for the
     * processes that carry the runs; but with the JVM's own reflection, which a run of minutes or hours pays back
     * (the launcher gives {@code mcp} native reflection accessors, for its start).
     */
    static List<String> thisJvm() {
        return runsJvm(ManagementFactory.getRuntimeMXBean().getInputArguments());
    }

    /** {@link #thisJvm} from this JVM's {@code options}. */
    static List<String> runsJvm(List<String> options) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        for (String option : options) {
            // not a debugger's port (taken) nor the making of a start-up cache (one writer)
            if (!option.startsWith("-agentlib:jdwp") && !option.startsWith("-XX:ArchiveClassesAtExit")
                    && !option.startsWith("-XX:AOTCacheOutput") && !option.startsWith("-XX:AOTConfiguration")
                    && !option.startsWith("-Djdk.reflect.useNativeAccessorOnly")) {
                command.add(option);
            }
        }
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), Main.class.getName()));
        return command;
    }
}
