package dev.longtask.cli;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.longtask.agent.AgentCatalog;
import dev.longtask.agent.AgentOutcome;
import dev.longtask.agent.AgentSpec;
import dev.longtask.agent.Approver;
import dev.longtask.agent.Permissions;
import dev.longtask.config.Flags;
import dev.longtask.agent.LoopSettings;
import dev.longtask.agent.StoredTaskRunner;
import dev.longtask.agent.Subagents;
import dev.longtask.llm.LlmClient;
import dev.longtask.model.EventType;
import dev.longtask.model.RunStatus;
import dev.longtask.model.Task;
import dev.longtask.model.TaskDraft;
import dev.longtask.model.TaskStatus;
import dev.longtask.model.Usage;
import dev.longtask.store.RunStore;
import dev.longtask.store.StoreJson;
import dev.longtask.tools.PermissionPolicy;
import dev.longtask.tools.Workspace;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
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
        description = {"Runs agents directly, each as a task of a new run in the workspace",
                "(transcripts and results are kept there), and prints their final output.",
                "  longtask agent NAME \"TASK\"",
                "  longtask agent --parallel NAME=TASK NAME=TASK ... [--concurrency N]",
                "  longtask agent --chain NAME=TASK NAME=\"... {previous} ...\" ...",
                "In a chain, {previous} is replaced by the whole final output of the step",
                "before; the chain stops at the first failure. Exit: 0 all succeeded,",
                "1 an agent failed, 2 usage or no model, 130 interrupted."})
final class AgentCommand implements Callable<Integer> {

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

    @Option(names = "--workdir", paramLabel = "DIR", description = "The workspace (default: the current directory).")
    Path workdir = Path.of(".");

    static final int DEFAULT_CONCURRENCY = 4;

    private final AgentBackends.Factory backends;

    AgentCommand() {
        this(AgentBackends.REAL);
    }

    AgentCommand(AgentBackends.Factory backends) {
        this.backends = backends;
    }

    @Override
    public Integer call() {
        List<Subagents.Step> steps = steps();
        Path root = Workspaces.directory(workdir);
        Workspace workspace = workspace(root);
        AgentBackends env = backends.open(root, model, permissionOptions.addTo(Flags.none()));
        AgentCatalog catalog = AgentCatalog.discover(root, Workspaces.home(), env.knownTools());
        Map<String, AgentSpec> agents = agents(catalog, steps);
        // Every model is resolved before the run exists: no model configured is exit 2 with nothing created.
        Map<String, LlmClient> clients = new LinkedHashMap<>();
        agents.values().forEach(a -> clients.put(a.name(), env.model(a)));
        String goal = goal(steps);
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Permissions permissions = env.permissions(System.console() != null
                ? new TerminalApprover(System.in, err, (event, snapshot) -> { }) : Approver.NOBODY);
        try {
            PermissionPolicy.of(permissions.mode(), permissions.rules(), workspace, permissions.home());
        } catch (IllegalArgumentException e) {
            throw CliFailure.usage(e.getMessage());
        }
        if (permissions.sandbox() != null && !permissions.sandbox().isolated()) {
            err.println("longtask: " + (permissions.sandbox().runsCommands() ? "warning: " : "note: ")
                    + permissions.sandbox().description());
        }
        try (RunStore store = env.createRun(goal, clients.get(steps.get(0).agent()).modelSpec());
             CtrlC ctrlC = CtrlC.install()) {
            store.setRunStatus(RunStatus.RUNNING, "longtask agent");
            List<Integer> ids = new ArrayList<>();
            for (Subagents.Step step : steps) {
                ids.add(store.createTask(new TaskDraft(subject(step), step.task(), step.agent(), List.of(), Map.of(),
                        Map.of(), List.of())).id());
            }
            store.append(EventType.PERMISSIONS_SET, null, StoreJson.newMapper().valueToTree(permissions.settings()));
            StoredTaskRunner runner = new StoredTaskRunner(store, workspace, env.tools(), env.tokens(),
                    Clock.systemUTC(), LoopSettings.DEFAULTS, permissions.gate(workspace, store, permissions.approver()));
            Subagents subagents = new Subagents((step, task, index, total) -> {
                int id = ids.get(index - 1);
                if (!task.equals(step.task())) {
                    store.updateTask(id, JsonNodeFactory.instance.objectNode().put("instruction", task));
                }
                return runner.run(id, agents.get(step.agent()), env.forTask(clients.get(step.agent()), store, id),
                        index, total);
            });
            List<Subagents.StepResult> results = parallel ? subagents.parallel(steps, concurrency())
                    : subagents.chain(steps);
            boolean interrupted = Thread.interrupted();
            cancelUnrun(store, ids, interrupted);
            print(out, results, ids, steps.size() > 1);
            boolean allOk = !interrupted && results.size() == steps.size()
                    && results.stream().allMatch(r -> r.outcome().success());
            store.setRunStatus(interrupted ? RunStatus.INTERRUPTED : allOk ? RunStatus.COMPLETED : RunStatus.FAILED,
                    interrupted ? "interrupted" : allOk ? "every agent succeeded" : "an agent failed");
            footer(err, store, results, steps.size());
            out.flush();
            err.flush();
            ctrlC.done();
            return interrupted ? Main.INTERRUPTED : allOk ? Main.OK : Main.FAILED;
        }
    }

    private List<Subagents.Step> steps() {
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
            return List.of(new Subagents.Step(args.get(0), args.get(1)));
        }
        List<Subagents.Step> steps = new ArrayList<>();
        for (String arg : args) {
            try {
                steps.add(Subagents.Step.parse(arg));
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
        return concurrency == null ? DEFAULT_CONCURRENCY : concurrency;
    }

    private static Workspace workspace(Path root) {
        try {
            return new Workspace(root);
        } catch (IOException e) {
            throw CliFailure.usage("cannot use workspace " + root + ": " + e.getMessage());
        }
    }

    private Map<String, AgentSpec> agents(AgentCatalog catalog, List<Subagents.Step> steps) {
        Map<String, AgentSpec> agents = new LinkedHashMap<>();
        for (Subagents.Step step : steps) {
            AgentSpec agent;
            try {
                agent = catalog.require(step.agent());
            } catch (IllegalArgumentException e) {
                String problems = catalog.problems().stream().filter(p -> p.file().contains(step.agent()))
                        .map(Object::toString).collect(Collectors.joining("; "));
                throw CliFailure.usage(e.getMessage() + (problems.isEmpty() ? "" : "; " + problems));
            }
            agents.put(agent.name(), maxSteps == null ? agent : agent.withMaxSteps(maxSteps));
        }
        return agents;
    }

    private String goal(List<Subagents.Step> steps) {
        if (steps.size() == 1) {
            return "agent " + steps.get(0).agent() + ": " + steps.get(0).task();
        }
        return (parallel ? "agents in parallel: " : "agent chain: ")
                + steps.stream().map(Subagents.Step::agent).collect(Collectors.joining(parallel ? ", " : " -> "));
    }

    private static String subject(Subagents.Step step) {
        String first = step.task().strip().lines().findFirst().orElse("");
        return step.agent() + ": " + (first.length() <= 80 ? first : first.substring(0, 77) + "...");
    }

    /** Tasks that never ran: after a chain stopped they are cancelled; after an interrupt they stay pending. */
    private static void cancelUnrun(RunStore store, List<Integer> ids, boolean interrupted) {
        if (interrupted) {
            return;
        }
        for (int id : ids) {
            Task task = store.task(id);
            if (task.status() == TaskStatus.PENDING) {
                store.cancel(id, "an earlier step of the chain failed");
            }
        }
    }

    private static void print(PrintWriter out, List<Subagents.StepResult> results, List<Integer> ids, boolean headed) {
        for (int i = 0; i < results.size(); i++) {
            Subagents.StepResult result = results.get(i);
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

    private static void footer(PrintWriter err, RunStore store, List<Subagents.StepResult> results, int total) {
        Usage usage = results.stream().map(r -> r.outcome().usage()).reduce(Usage.ZERO, Usage::plus);
        long ok = results.stream().filter(r -> r.outcome().success()).count();
        err.println("longtask: run " + store.runId() + ": " + ok + " of " + total + " agent" + (total == 1 ? "" : "s")
                + " succeeded; " + usage.inputTokens() + " tokens in, " + usage.outputTokens() + " out, cost "
                + usage.costText() + "; transcripts in " + store.directory().resolve("transcripts"));
    }
}
