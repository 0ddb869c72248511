package dev.longtask.cli.command;

import dev.longtask.api.Stores;
import dev.longtask.cli.CliFailure;
import dev.longtask.cli.ExitCode;
import dev.longtask.cli.RunAccess;
import dev.longtask.cli.client.AttachedRun;
import dev.longtask.cli.client.ServerClient;
import dev.longtask.cli.view.ProgressView;
import dev.longtask.cli.view.ProgressViews;
import dev.longtask.model.config.Environment;
import dev.longtask.model.Isolation;
import dev.longtask.model.run.RunStores;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "run", mixinStandardHelpOptions = true,
        description = {"Carry GOAL to a report: plan it as a graph of tasks, run them with agents, and write the report.",
                "Exit codes: 0 completed, 1 failed, 2 usage or configuration, 3 paused (a budget or a provider"
                        + " failure), 130 interrupted (Ctrl-C), 143 terminated (SIGTERM). A paused, interrupted or"
                        + " terminated run goes on with 'longtask resume RUN_ID'."})
final class RunCommand implements Callable<ExitCode> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "GOAL", description = "What the run must achieve, in plain words.")
    String goal;

    @Option(names = "--run-id", paramLabel = "ID", description = "The run's id (default: a new one like 20261126-101500-a1b2).")
    String runId;

    @Option(names = "--isolation", paramLabel = "MODE", description = "shared: every task works in the workspace "
            + "(default); worktree: each task works in a tree of its own, merged into the workspace when it completes"
            + " (a task whose changes do not merge fails, naming the files). Kept on resume.")
    String isolation;

    @Option(names = "--server", paramLabel = "URL",
            description = "Run it on a running 'longtask serve' as its foreground run and follow it here (Ctrl-C pauses it there).")
    String server;

    @Option(names = "--token-file", paramLabel = "FILE", description = "With --server: the server's token file.")
    java.nio.file.Path tokenFile;

    @Mixin
    FollowOptions follow = new FollowOptions();

    @Mixin
    ModelOptions model;

    @Mixin
    RunOptions options;

    @Mixin
    RunAccess.Workdir workdir;

    @Mixin
    ScaleOutOptions scaleOut = new ScaleOutOptions();

    private final Environment environment;
    private final RunDriver.Assembly assembly;

    RunCommand() {
        this(Environment.system(), RunDriver.Assembly.REAL);
    }

    /** For tests: the environment settings are read from, and how the runtime is assembled (a scripted model). */
    RunCommand(Environment environment, RunDriver.Assembly assembly) {
        this.environment = environment;
        this.assembly = assembly;
    }

    @Override
    public ExitCode call() {
        if (goal == null || goal.isBlank()) {
            throw CliFailure.usage("the goal is empty: say what the run must achieve");
        }
        if (server == null && follow.reconnectFor != null) {
            throw CliFailure.usage("--reconnect-for is for following a run on a server: give --server URL too");
        }
        Isolation mode = isolation();
        if (server != null) {
            if (scaleOut.store.store != null || scaleOut.slots != null) {
                throw CliFailure.usage("--server runs the goal on the server, which keeps its runs where it does: "
                        + "--store and --slots do not apply");
            }
            return attached(mode);
        }
        RunDriver driver = new RunDriver(spec.commandLine().getOut(), spec.commandLine().getErr(), model, options,
                workdir.path, environment, assembly);
        try (RunStores stores = scaleOut.applyTo(driver, environment)) {
            String id = RunAccess.newRunId(stores, driver.workspacePath(), runId, workdir.path);
            return driver.drive(longtask -> longtask.start(driver.request(goal).withRunId(id)
                    .withIsolation(mode)));
        }
    }

    /** The --isolation asked for, or null (a shared workspace). */
    private Isolation isolation() {
        if (isolation == null) {
            return null;
        }
        try {
            return Isolation.fromWire(isolation);
        } catch (IllegalArgumentException e) {
            throw CliFailure.usage("--isolation must be shared or worktree, not '" + isolation + "'");
        }
    }

    private ExitCode attached(Isolation mode) {
        if (runId != null || options.jsonEvents || model.record != null || model.replay != null
                || model.baseUrl != null) {
            throw CliFailure.usage("--server runs the goal on the server, with the server's settings: --run-id, "
                    + "--json-events, --base-url, --record and --replay do not apply");
        }
        java.nio.file.Path workspace = workdir.workspace();
        com.fasterxml.jackson.databind.node.ObjectNode body = new com.fasterxml.jackson.databind.ObjectMapper()
                .createObjectNode().put("goal", goal).put("workdir", workspace.toString());
        if (model.model != null) {
            body.put("model", model.model);
        }
        if (options.permissions.approval != null) {
            body.put("approval", options.permissions.approval);
        }
        if (mode != null) {
            body.put("isolation", mode.wire());
        }
        if (options.concurrency != null) {
            try {
                body.put("concurrency", Integer.parseInt(options.concurrency.strip()));
            } catch (NumberFormatException e) {
                throw CliFailure.usage("--concurrency must be a whole number, got '" + options.concurrency + "'");
            }
        }
        try {
            SubmitCommand.budgets(body, options.maxTokens == null ? null : Long.parseLong(options.maxTokens.strip()),
                    options.maxCost == null ? null : new java.math.BigDecimal(options.maxCost.strip().replace("$", "")),
                    options.maxTime);
        } catch (NumberFormatException e) {
            throw CliFailure.usage("--max-tokens and --max-cost must be numbers: " + e.getMessage());
        }
        // on a terminal the person here answers the run's questions; without one they wait for the dashboard or API
        java.time.Duration reconnectFor = follow.reconnectFor();
        ServerClient client = new ServerClient(server, tokenFile, workspace);
        try (ProgressView view = ProgressViews.choose(options.jsonEvents, options.globals(),
                spec.commandLine().getOut(), workspace, true, ProgressViews.planIn(Stores.files(), workspace))) {
            return new AttachedRun(spec.commandLine().getOut(), client, System.console() != null ? System.in : null,
                    view, workdir.path, reconnectFor, tokenFile).run(body);
        }
    }
}
