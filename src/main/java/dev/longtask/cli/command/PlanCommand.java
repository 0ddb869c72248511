package dev.longtask.cli.command;

import dev.longtask.cli.CliFailure;
import dev.longtask.cli.ExitCode;
import dev.longtask.cli.RunAccess;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "plan", mixinStandardHelpOptions = true,
        description = {"Plan GOAL and show the plan with its estimate (tokens, cost, time), then stop.",
                "The planned run is kept, paused: 'longtask resume RUN_ID' carries it out.",
                "Exit codes: 3 the plan is ready (the run is paused), 1 planning failed, 2 usage or configuration."})
final class PlanCommand implements Callable<ExitCode> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "GOAL", description = "What the run must achieve.")
    String goal;

    @Option(names = "--dry-run", description = "Stop after the plan and its estimate (what plan always does).")
    boolean dryRun;

    @Option(names = "--run-id", paramLabel = "ID", description = "The run's id (default: a new one).")
    String runId;

    @Mixin
    ModelOptions model;

    @Mixin
    RunOptions options;

    @Mixin
    RunAccess.Workdir workdir;

    @Override
    public ExitCode call() {
        if (goal == null || goal.isBlank()) {
            throw CliFailure.usage("the goal is empty: say what the run must achieve");
        }
        RunDriver driver = new RunDriver(spec.commandLine().getOut(), spec.commandLine().getErr(), model, options,
                workdir.path);
        String id = RunAccess.newRunId(driver.workspacePath(), runId, workdir.path);
        // A ready plan leaves its run paused, and the exit code says so (3), as for any paused run.
        return driver.drive(longtask -> longtask.start(driver.request(goal).withRunId(id).onlyPlan()));
    }
}
