package dev.longtask.cli.command;

import dev.longtask.model.agent.AgentOutcome;
import dev.longtask.model.agent.AgentStep;
import dev.longtask.model.agent.AgentStepResult;
import dev.longtask.model.agent.Approver;
import dev.longtask.agent.Subagents;
import dev.longtask.api.AgentsOutcome;
import dev.longtask.api.AgentsRequest;
import dev.longtask.api.Longtask;
import dev.longtask.cli.CliFailure;
import dev.longtask.cli.ExitCode;
import dev.longtask.cli.Workspaces;
import dev.longtask.cli.view.RunEnding;
import dev.longtask.cli.view.TerminalApprover;
import dev.longtask.model.config.ConfigException;
import dev.longtask.model.config.Environment;
import dev.longtask.model.config.Flags;
import dev.longtask.model.config.Settings;
import dev.longtask.model.Counts;
import dev.longtask.model.RunSettings;
import dev.longtask.model.Usage;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code longtask agent}: runs one agent, several side by side, or a chain, each as a task of a new ad-hoc run
 * in the workspace, and prints their final output. Exit 0 all succeeded, 1 one failed, 2 usage or no model,
 * 130 interrupted.
 */
@Command(name = "agent", mixinStandardHelpOptions = true, sortOptions = false,
        header = "Run agents directly: one, several side by side, or a chain.",
        description = {"Runs agents directly, each as a task of a new run in the workspace (transcripts and results"
                + " are kept there), and prints their final output:",
                "  longtask agent NAME \"TASK\"",
                "  longtask agent --parallel NAME=TASK NAME=TASK ... [--concurrency N]",
                "  longtask agent --chain NAME=TASK NAME=\"... {previous} ...\" ...",
                "In a chain, {previous} is replaced by the whole final output of the step before; the chain stops"
                        + " at the first failure.",
                "Exit: 0 all succeeded, 1 an agent failed, 2 usage or no model, 130 interrupted."})
final class AgentCommand implements Callable<ExitCode> {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @CommandLine.Mixin
    ModelOptions model;

    @Mixin
    PermissionOptions permissionOptions = new PermissionOptions();

    @Parameters(paramLabel = "ARGS", arity = "1..*",
            description = "NAME \"TASK\"; with --parallel or --chain: NAME=TASK ...")
    List<String> args = new ArrayList<>();

    @Option(names = "--parallel", description = "Run the NAME=TASK steps side by side.")
    boolean parallel;

    @Option(names = "--chain", description = "Run the NAME=TASK steps in order, passing output as {previous}.")
    boolean chain;

    @Option(names = "--concurrency", paramLabel = "N",
            description = "With --parallel: the most agents running at once (default: 4).")
    Integer concurrency;

    @Option(names = "--max-steps", paramLabel = "N", description = "Overrides the agents' max_steps.")
    Integer maxSteps;

    @Option(names = {"-C", "--workdir"}, paramLabel = "DIR", description = "The workspace (default: the current directory).")
    Path workdir = Path.of(".");

    private final Environment environment;

    AgentCommand() {
        this(Environment.system());
    }

    /** For tests: the environment settings and keys are read from. */
    AgentCommand(Environment environment) {
        this.environment = environment;
    }

    @Override
    public ExitCode call() {
        List<AgentStep> steps = steps();
        Path root = Workspaces.directory(workdir);
        Settings settings = model.settings(environment, root, permissionOptions.addTo(Flags.none()));
        Longtask longtask = Longtask.builder().workspace(root).environment(environment).tape(model.tape())
                .approval(settings.approval().value()).sandbox(settings.sandbox().value())
                .approver(System.console() != null ? new TerminalApprover(System.in, spec.commandLine().getErr(),
                        (event, snapshot) -> { }) : Approver.NOBODY).build();
        AgentsRequest request = new AgentsRequest(root, steps, parallel, chain, concurrency(), maxSteps, model.model,
                model.baseUrl);
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        try (CtrlC ctrlC = CtrlC.install()) {
            AgentsOutcome outcome;
            try {
                TrustCommand.askOnTerminal(longtask, root, err, System.in);
                outcome = longtask.runAgents(request);
            } catch (IllegalArgumentException | ConfigException e) {
                throw CliFailure.usage(e.getMessage());
            }
            boolean interrupted = Thread.interrupted();
            print(out, outcome.results(), outcome.taskIds(), steps.size() > 1);
            footer(err, outcome, steps.size());
            out.flush();
            err.flush();
            ctrlC.done();
            return interrupted ? (ctrlC.terminated() ? ExitCode.TERMINATED : ExitCode.INTERRUPTED)
                    : outcome.allSucceeded() ? ExitCode.OK : ExitCode.FAILED;
        }
    }

    private List<AgentStep> steps() {
        if (parallel && chain) {
            throw CliFailure.usage("--parallel and --chain cannot be used together");
        }
        if (concurrency != null && !parallel) {
            throw CliFailure.usage("--concurrency applies to --parallel only");
        }
        if (concurrency != null && concurrency < 1) {
            throw CliFailure.usage("--concurrency must be at least 1, got " + concurrency);
        }
        if (maxSteps != null && maxSteps < 1) {
            throw CliFailure.usage("--max-steps must be at least 1, got " + maxSteps);
        }
        if (!parallel && !chain) {
            if (args.size() != 2) {
                throw CliFailure.usage("give an agent and its task: longtask agent NAME \"TASK\" (or use --parallel "
                        + "or --chain with NAME=TASK steps)");
            }
            if (args.get(1).isBlank()) {
                throw CliFailure.usage("the task for agent " + args.get(0) + " is empty");
            }
            return List.of(new AgentStep(args.get(0), args.get(1)));
        }
        List<AgentStep> steps = new ArrayList<>();
        for (String arg : args) {
            try {
                steps.add(AgentStep.parse(arg));
            } catch (IllegalArgumentException e) {
                throw CliFailure.usage(e.getMessage());
            }
        }
        if (chain && steps.get(0).task().contains(Subagents.PREVIOUS)) {
            throw CliFailure.usage("the first step of a chain has no previous output to put in {previous}");
        }
        return steps;
    }

    private int concurrency() {
        return concurrency == null ? RunSettings.DEFAULT_CONCURRENCY : concurrency;
    }






    private static void print(PrintWriter out, List<AgentStepResult> results, List<Integer> ids, boolean headed) {
        for (int i = 0; i < results.size(); i++) {
            AgentStepResult result = results.get(i);
            AgentOutcome outcome = result.outcome();
            if (headed) {
                out.println("=== [" + (i + 1) + "/" + ids.size() + "] " + result.step().agent() + " (task #"
                        + ids.get(i) + "): " + (outcome.success() ? "completed" : "failed") + " ===");
            }
            if (!outcome.output().isEmpty()) {
                out.println(outcome.output());
            }
            if (!outcome.success()) {
                out.println("FAILED: " + outcome.reason());
            }
            if (headed) {
                out.println();
            }
        }
    }

    private static void footer(PrintWriter err, AgentsOutcome outcome, int total) {
        List<AgentStepResult> results = outcome.results();
        Usage usage = results.stream().map(r -> r.outcome().usage()).reduce(Usage.ZERO, Usage::plus);
        long ok = results.stream().filter(r -> r.outcome().success()).count();
        err.println("longtask: run " + outcome.runId() + ": " + ok + " of " + Counts.plural(total, "agent")
                + " succeeded; " + RunEnding.usage(usage) + "; transcripts in "
                + RunEnding.shown(outcome.transcripts()));
    }
}
