package dev.longtask.cli.command;

import dev.longtask.cli.CliFailure;
import dev.longtask.cli.ExitCode;
import dev.longtask.cli.RunAccess;
import dev.longtask.model.config.Environment;
import dev.longtask.model.Run;
import dev.longtask.model.RunStatus;
import dev.longtask.model.run.RunStores;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

@Command(name = "resume", mixinStandardHelpOptions = true,
        description = {"Continue a paused, interrupted, failed or killed run where it stood.",
                "Completed tasks never run again; tasks that were running start over; failed ones are retried.",
                "Budget flags given here replace the run's (e.g. --max-cost 5 after a cost pause).",
                "Exit codes as for run: 0 completed, 1 failed, 2 usage (a cancelled run cannot be resumed),"
                        + " 3 paused, 130 interrupted, 143 terminated."})
final class ResumeCommand implements Callable<ExitCode> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "RUN_ID", description = "The run to continue ('longtask runs' lists them).")
    String runId;

    @Mixin
    ModelOptions model;

    @Mixin
    RunOptions options;

    @Mixin
    RunAccess.Workdir workdir;

    @Mixin
    ScaleOutOptions scaleOut = new ScaleOutOptions();

    @Mixin
    TrustOption trust = new TrustOption();

    private final Environment environment;
    private final RunDriver.Assembly assembly;

    ResumeCommand() {
        this(Environment.system(), RunDriver.Assembly.REAL);
    }

    /** For tests: the environment settings are read from, and how the runtime is assembled (a scripted model). */
    ResumeCommand(Environment environment, RunDriver.Assembly assembly) {
        this.environment = environment;
        this.assembly = assembly;
    }

    @Override
    public ExitCode call() {
        RunDriver driver = new RunDriver(spec.commandLine().getOut(), spec.commandLine().getErr(), model, options,
                workdir.path, environment, assembly);
        driver.trustEveryWorkspaceConfig(trust);
        scaleOut.store.trustEveryWorkspace = trust.all;
        try (RunStores stores = scaleOut.applyTo(driver, environment)) {
            // The run alone (run.json when current), not its tasks: the resume reads those itself, and reading them
            // twice cost a cold JVM a third of a second before the first task was claimed.
            runId = RunAccess.resolve(stores, driver.workspacePath(), runId);
            Run run = RunAccess.readRun(stores, driver.workspacePath(), runId);
            if (run.status() == RunStatus.CANCELLED) {
                throw CliFailure.usage("run " + runId + " was cancelled (" + run.statusReason() + "); it cannot"
                        + " be resumed: start a new run");
            }
            return driver.drive(longtask -> longtask.resume(driver.resume(runId)));
        }
    }
}
