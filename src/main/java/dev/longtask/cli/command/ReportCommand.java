package dev.longtask.cli.command;

import dev.longtask.cli.CliFailure;
import dev.longtask.cli.ExitCode;
import dev.longtask.cli.RunAccess;
import dev.longtask.api.ReadOnlyRuns;
import dev.longtask.model.run.RunSnapshot;
import dev.longtask.model.run.RunStores;
import dev.longtask.model.RunStatus;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "report", mixinStandardHelpOptions = true,
        description = "Print the report of a run (report.md; default: the newest run).")
final class ReportCommand implements Callable<ExitCode> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(arity = "0..1", paramLabel = "RUN_ID", description = "The run (default: the newest).")
    String runId;

    @Mixin
    RunAccess.Workdir workdir;

    @Mixin
    StoreOption store = new StoreOption();

    @Option(names = "--json", description = "Print final_result.json instead.")
    boolean json;

    @Override
    public ExitCode call() {
        Path workspace = workdir.workspace();
        String id;
        RunSnapshot run;
        java.util.Optional<String> text;
        try (RunStores stores = store.open(workspace)) {
            id = RunAccess.runOrNewest(stores, workspace, runId);
            run = RunAccess.read(stores, workspace, id);
            ReadOnlyRuns reader = ReadOnlyRuns.of(stores);
            text = json ? reader.finalResultText(workspace, id) : reader.report(workspace, id);
        }
        if (text.isEmpty()) {
            RunStatus status = run.run().status();
            throw CliFailure.usage(switch (status) {
                // resume refuses a cancelled run, and a completed one has nothing left to do
                case CANCELLED -> "run " + id + " was cancelled before it wrote a report, and a cancelled run cannot"
                        + " be resumed: start a new run";
                case COMPLETED -> "run " + id + " completed without a report";
                default -> "run " + id + " has no report yet (it is " + status.wire() + "); '"
                        + RunAccess.resumeCommand(id, workdir.path) + "' carries it on to one";
            });
        }
        spec.commandLine().getOut().print(text.get());
        spec.commandLine().getOut().flush();
        return ExitCode.OK;
    }
}
