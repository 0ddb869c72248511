package dev.longtask.cli.command;

import dev.longtask.api.Stores;
import dev.longtask.cli.CliFailure;
import dev.longtask.cli.ExitCode;
import dev.longtask.cli.RunAccess;
import dev.longtask.model.config.Environment;
import dev.longtask.model.Run;
import dev.longtask.model.RunStatus;
import dev.longtask.model.run.RunStores;
import java.nio.file.Path;
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
    /** The file stores reading ahead the run the command line seems to name, or null. */
    private final RunStores early;

    ResumeCommand() {
        this(Environment.system(), RunDriver.Assembly.REAL);
    }

    /** With the run the command line seems to name being read already ({@link #readingAheadOf}), before its parse. */
    ResumeCommand(RunStores early) {
        this(Environment.system(), RunDriver.Assembly.REAL, early);
    }

    /** For tests: the environment settings are read from, and how the runtime is assembled (a scripted model). */
    ResumeCommand(Environment environment, RunDriver.Assembly assembly) {
        this(environment, assembly, null);
    }

    private ResumeCommand(Environment environment, RunDriver.Assembly assembly, RunStores early) {
        this.environment = environment;
        this.assembly = assembly;
        this.early = early;
    }

    /**
     * The file stores reading ahead the run that {@code args} seem to name ({@code resume RUN_ID}, the workspace of
     * {@code -C}/{@code --workdir} or the current directory), begun before picocli builds and parses the command line
     * (a third of what a resume did before its run's open could start); null when they name none plainly. A guess
     * from the words alone: the resume reads ahead the run it resolves when this is another (or none), and takes a
     * read only of the run it opens, as it stands then.
     */
    static RunStores readingAheadOf(String... args) {
        String workdir = ".";
        String runId = null;
        boolean resume = false;
        for (int i = 0; i < args.length; i++) {
            String word = args[i];
            if ((word.equals("-C") || word.equals("--workdir")) && i + 1 < args.length) {
                workdir = args[++i];
            } else if (word.startsWith("--workdir=")) {
                workdir = word.substring("--workdir=".length());
            } else if (word.equals("--help") || word.equals("-h")) {
                return null;
            } else if (!resume && word.equals("resume")) {
                resume = true;
                if (i + 1 < args.length && !args[i + 1].startsWith("-")) {
                    runId = args[++i];
                }
            }
        }
        if (runId == null) {
            return null;
        }
        try {
            return Stores.files().readingAhead(Path.of(workdir), runId);
        } catch (RuntimeException unusable) {
            return null;
        }
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
            // its state read on a second core while the settings, the model and the engine are put together
            RunStores reading = early != null && stores == Stores.files() ? early : stores;
            driver.useStores(reading.readingAhead(driver.workspacePath(), runId), scaleOut.workersOnly());
            Run run = RunAccess.readRun(stores, driver.workspacePath(), runId);
            if (run.status() == RunStatus.CANCELLED) {
                throw CliFailure.usage("run " + runId + " was cancelled (" + run.statusReason() + "); it cannot"
                        + " be resumed: start a new run");
            }
            return driver.drive(longtask -> longtask.resume(driver.resume(runId)));
        }
    }
}
