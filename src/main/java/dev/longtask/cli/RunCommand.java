package dev.longtask.cli;

import dev.longtask.config.Environment;
import dev.longtask.store.RunStores;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine;

@Command(name = "run", mixinStandardHelpOptions = true,
        description = {"Carry GOAL to a report: plan it as a graph of tasks, run them with agents, and write the report.",
                "Exit codes: 0 completed, 1 failed, 2 usage or configuration, 3 paused (a budget or a provider",
                "failure), 130 interrupted (Ctrl-C), 143 terminated (SIGTERM). A paused, interrupted or terminated run",
                "goes on with 'longtask resume RUN_ID'."})
final class RunCommand implements Callable<ExitCode> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "GOAL", description = "What the run must achieve, in plain words.")
    String goal;

    @Option(names = "--run-id", paramLabel = "ID", description = "The run's id (default: a new one like 20261126-101500-a1b2).")
    String runId;

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
        RunDriver driver = new RunDriver(spec.commandLine().getOut(), spec.commandLine().getErr(), model, options,
                workdir.path, environment, assembly);
        try (RunStores stores = scaleOut.applyTo(driver, environment)) {
            String id = RunAccess.newRunId(stores, driver.workspacePath(), runId, workdir.path);
            return driver.drive(longtask -> longtask.start(driver.request(goal).withRunId(id)));
        }
    }
}
