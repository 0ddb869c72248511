package dev.longtask.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

@Command(name = "resume", mixinStandardHelpOptions = true,
        description = {"Continue a paused, interrupted, failed or killed run where it stood.",
                "Completed tasks never run again; tasks that were running start over; failed ones are retried.",
                "Budget flags given here replace the run's (e.g. --max-cost 5 after a cost pause)."})
final class ResumeCommand implements Callable<Integer> {
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

    @Override
    public Integer call() {
        RunDriver driver = new RunDriver(spec.commandLine().getOut(), spec.commandLine().getErr(), model, options,
                workdir.path);
        return driver.drive(longtask -> longtask.resume(driver.resume(runId)));
    }
}
