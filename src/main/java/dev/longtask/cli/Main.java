package dev.longtask.cli;

import dev.longtask.api.Runs;
import dev.longtask.api.Stores;
import dev.longtask.cli.command.Commands;
import dev.longtask.cli.view.TerminalSize;
import dev.longtask.cli.view.TextWidth;
import dev.longtask.model.config.NearMiss;
import java.io.PrintWriter;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;

/**
 * The {@code longtask} command; its exit codes are the {@link ExitCode}s. Its own options ({@code --color},
 * {@code -v}, {@code --debug}) are inherited by every subcommand, so they may stand before or after it.
 */
@Command(name = "longtask",
        mixinStandardHelpOptions = true,
        versionProvider = Version.class,
        description = "Carries one goal through hours of autonomous LLM work without losing its way or its work.")
public final class Main implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--color", paramLabel = "WHEN", defaultValue = "auto", scope = ScopeType.INHERIT,
            converter = ColorMode.Converter.class, completionCandidates = ColorMode.Names.class,
            description = "Colour the output: auto (on a terminal, unless NO_COLOR is set), always or never.")
    ColorMode color = ColorMode.AUTO;

    @Option(names = {"-v", "--verbose"}, scope = ScopeType.INHERIT,
            description = "Log every model request: method, URL, status, time, sizes (keys never shown).")
    boolean verbose;

    @Option(names = {"-C", "--workdir"}, paramLabel = "DIR",
            description = "The workspace, given before the command (longtask -C DIR status) as after it.")
    java.nio.file.Path workdir;

    @Option(names = "--debug", scope = ScopeType.INHERIT,
            description = "Log requests with their headers (keys redacted) and bodies, and show stack traces of "
                    + "internal errors.")
    boolean debug;

    public static void main(String[] args) {
        if (versionOnly(args)) {
            // Before anything else is loaded or linked (the handler's lambda, the commands): the JVM's start alone.
            execute(args);
            return;
        }
        Thread.setDefaultUncaughtExceptionHandler(Main::uncaught);
        System.exit(execute(args));
    }

    /** Runs the command line and returns its exit code; tests call this instead of {@link #main}. */
    public static int execute(String... args) {
        if (versionOnly(args)) {
            // Answered before the command tree is built: reflecting over every command costs more than the JVM's start.
            System.out.println(new Version().getVersion()[0]);
            return ExitCode.OK.code();
        }
        return commandLine(args).execute(args);
    }

    private static boolean versionOnly(String... args) {
        return args.length == 1 && (args[0].equals("--version") || args[0].equals("-V"));
    }

    /** The whole command tree. */
    static CommandLine commandLine() {
        return withCommands(Commands.ALL);
    }

    /**
     * The tree {@code args} needs: when they name a subcommand, only that one, since picocli reflects over every
     * option of every command it is given, which took a large part of a short command's start (status, runs).
     * Anything else (no command, help, completion, a typo to suggest a command for) gets the whole tree.
     */
    static CommandLine commandLine(String... args) {
        String first = commandName(args);
        List<Class<?>> named = Commands.ALL.stream().filter(c -> !Commands.needsTheWholeTree(c)
                && names(c).contains(first)).toList();
        if (named.size() == 1 && Commands.readsRuns(named.get(0)) && !asksForHelp(args)) {
            prepareReadingAside();
        }
        return named.size() == 1 ? withCommands(named, Commands.factoryFor(named.get(0))) : withCommands(Commands.ALL);
    }

    private static boolean asksForHelp(String... args) {
        return List.of(args).contains("--help") || List.of(args).contains("-h");
    }

    /**
     * Has the JSON readers of a run's files made on a thread of its own, while this one builds and parses the
     * command line: a fresh JVM took as long to make them (reflection over the checkpoint's record types, run by
     * the interpreter) as to read a checkpoint of 1,000 tasks with them. The read waits for whatever is not made
     * yet; a failure here is left for the read to meet and report.
     */
    private static void prepareReadingAside() {
        Thread thread = new Thread(() -> {
            try {
                Stores.prepareReading();
            } catch (RuntimeException | LinkageError leftForTheRead) {
                // the command's own read makes the same readers and says what is wrong
            }
        }, "longtask-prepare-reading");
        thread.setDaemon(true);
        thread.start();
    }

    /** The first argument that is not an option of the {@code longtask} command itself nor its value ({@code -C DIR}). */
    private static String commandName(String... args) {
        for (int i = 0; i < args.length; i++) {
            if (List.of("-C", "--workdir", "--color").contains(args[i])) {
                i++;
            } else if (!args[i].startsWith("-")) {
                return args[i];
            }
        }
        return "";
    }

    private static List<String> names(Class<?> command) {
        Command annotation = command.getAnnotation(Command.class);
        List<String> names = new java.util.ArrayList<>(List.of(annotation.aliases()));
        names.add(annotation.name());
        return names;
    }

    /** The whole command tree, its commands made by {@code factory} (tests give them a scripted model). */
    static CommandLine commandLine(CommandLine.IFactory factory) {
        return withCommands(Commands.ALL, factory);
    }

    private static CommandLine withCommands(List<Class<?>> commands) {
        return withCommands(commands, CommandLine.defaultFactory());
    }

    private static CommandLine withCommands(List<Class<?>> commands, CommandLine.IFactory factory) {
        CommandLine cli = new CommandLine(new Main(), factory);
        for (Class<?> command : commands) {
            cli.addSubcommand(command);
        }
        return configured(cli);
    }

    /** Failures, bad parameters and exit codes handled as the {@code longtask} command handles them. */
    static CommandLine configured(CommandLine cli) {
        cli.setExecutionExceptionHandler(Main::handleFailure);
        cli.setParameterExceptionHandler(Main::handleBadParameters);
        cli.setExecutionStrategy(Main::executeLast);
        return cli;
    }

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /** The options of the {@code longtask} command a subcommand runs under; the defaults when run on its own. */
    public static GlobalOptions globals(CommandLine.Model.CommandSpec command) {
        return command.root().userObject() instanceof Main main
                ? new GlobalOptions(main.color, main.verbose, main.debug) : GlobalOptions.DEFAULTS;
    }

    /**
     * A failure's message as a terminal of {@code columns} shows it: broken at spaces, continuation lines indented,
     * so an 80-column terminal does not cut a path or a command mid-word; whole where there is no terminal (0), for
     * the logs and scripts that read it.
     */
    static String forTerminal(String message, int columns) {
        return columns <= 0 ? message : String.join(System.lineSeparator(), TextWidth.wrap(message, columns, "  "));
    }

    /** A command's failure becomes one line on stderr and an exit code; a stack trace only under --debug. */
    private static int handleFailure(Exception e, CommandLine cli, CommandLine.ParseResult parsed) {
        PrintWriter err = cli.getErr();
        if (e instanceof CliFailure failure) {
            err.println(forTerminal("longtask: " + failure.getMessage(), TerminalSize.columnsOfStdout()));
            err.flush();
            return failure.exitCode().code();
        }
        if (Runs.diskFull(e) != null) {
            // Not a bug: the log is fsynced line by line and projections are renamed into place whole, so what was
            // written stands and a resume (which trims a torn last line) goes on from there.
            err.println("longtask: the disk is full, so the run stopped (" + Runs.diskFull(e) + "); free some "
                    + "space and run `longtask resume` to go on: nothing recorded was lost");
            err.flush();
            return ExitCode.PAUSED.code();
        }
        err.println("longtask: internal error: " + e);
        if (globals(cli.getCommandSpec()).debug()) {
            e.printStackTrace(err);
        } else {
            err.println("longtask: this is a bug; run the command again with --debug for the stack trace and report it");
        }
        err.flush();
        return ExitCode.FAILED.code();
    }

    /** Bad input on the command line: one line saying what is wrong, where to read more, and exit 2. */
    private static int handleBadParameters(CommandLine.ParameterException e, String[] args) {
        CommandLine cli = e.getCommandLine();
        PrintWriter err = cli.getErr();
        // A converter's own exception is picocli's detail, not the user's: "(java.lang.X: text)" is cut.
        String problem = e.getMessage().replaceAll(" \\((java|javax|jdk)\\.[\\w.$]+(Exception|Error): [^)]*\\)", "")
                // and Java's type names are no words of a command line ("'abc' is not a long")
                .replaceAll("is not an? (long|int|short|byte)\\b", "is not a whole number")
                .replaceAll("is not a (double|float)\\b", "is not a number");
        if (e instanceof CommandLine.UnmatchedArgumentException unmatched && !unmatched.getUnmatched().isEmpty()) {
            String first = unmatched.getUnmatched().get(0);
            problem = (first.startsWith("-") ? "unknown option '" : cli.getSubcommands().isEmpty()
                    ? "unexpected argument '" : "unknown command '") + first + "'";
            // picocli suggests whatever shares a letter or two ("frobnicate": cancel or approve): only near misses.
            List<String> suggestions = unmatched.getSuggestions().stream()
                    .filter(s -> closeTo(first.replaceFirst("^-+", ""), s.replaceFirst("^-+", ""))).toList();
            if (!suggestions.isEmpty()) {
                problem += " (did you mean " + String.join(" or ", suggestions.subList(0, Math.min(3,
                        suggestions.size()))) + "?)";
            }
        }
        err.println("longtask: " + problem + "; see '" + cli.getCommandSpec().qualifiedName() + " --help'");
        err.flush();
        return ExitCode.USAGE.code();
    }

    /** Whether {@code candidate} is a likely meaning of the typo {@code typed}: a third of its letters differ at most. */
    static boolean closeTo(String typed, String candidate) {
        return NearMiss.closeTo(typed, candidate);
    }

    /**
     * Runs the last subcommand given, with request logging as {@code -v}/{@code --debug} ask; a command that
     * returns an {@link ExitCode} exits with its number.
     */
    public static int executeLast(CommandLine.ParseResult parsed) {
        GlobalOptions globals = globals(parsed.commandSpec());
        workdirBeforeTheCommand(parsed);
        try (Verbosity verbosity = Verbosity.configure(globals.verbose(), globals.debug())) {
            int code = new CommandLine.RunLast().execute(parsed);
            List<CommandLine> commands = parsed.asCommandLineList();
            Object result = commands.get(commands.size() - 1).getExecutionResult();
            return result instanceof ExitCode exit ? exit.code() : code;
        }
    }

    /**
     * {@code longtask -C DIR status} as git and cargo take it: a workspace given before the command is the
     * command's own {@code -C}, unless the command was given one too (the nearer wins). A command that takes no
     * workspace refuses it rather than ignore it.
     */
    private static void workdirBeforeTheCommand(CommandLine.ParseResult parsed) {
        if (!parsed.hasMatchedOption("--workdir") || !parsed.hasSubcommand()) {
            return;
        }
        CommandLine.ParseResult command = parsed;
        while (command.hasSubcommand()) {
            command = command.subcommand();
        }
        CommandLine.Model.OptionSpec own = command.commandSpec().findOption("--workdir");
        if (own == null) {
            throw new CommandLine.ParameterException(command.commandSpec().commandLine(), "'"
                    + command.commandSpec().qualifiedName() + "' takes no workspace (-C/--workdir)");
        }
        if (!command.hasMatchedOption("--workdir")) {
            own.setValue(parsed.matchedOptionValue("--workdir", null));
        }
    }

    /** A thread that dies of a bug says so in one line; the stack trace goes to the log under --debug. */
    private static void uncaught(Thread thread, Throwable e) {
        System.err.println("longtask: internal error in thread " + thread.getName() + ": " + e);
        org.slf4j.LoggerFactory.getLogger(Main.class).debug("uncaught in {}", thread.getName(), e);
    }
}
