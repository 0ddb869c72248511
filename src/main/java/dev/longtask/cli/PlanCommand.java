package dev.longtask.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "plan", mixinStandardHelpOptions = true,
        description = {"Plan GOAL and show the plan with its estimate (tokens, cost, time), then stop.",
                "The planned run is kept: 'longtask resume RUN_ID' carries it out."})
final class PlanCommand implements Callable<Integer> {
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
    public Integer call() {
        if (goal == null || goal.isBlank()) {
            throw CliFailure.usage("the goal is empty: say what the run must achieve");
        }
        RunDriver driver = new RunDriver(spec.commandLine().getOut(), spec.commandLine().getErr(), model, options,
                workdir.path);
        int code = driver.drive(longtask -> longtask.start(driver.request(goal).withRunId(runId).onlyPlan()));
        // A plan that is ready ends "paused" in the run's terms; for this command that is success.
        return code == Main.PAUSED ? Main.OK : code;
    }
}
