package dev.longtask.cli;

import dev.longtask.store.RunSnapshot;
import dev.longtask.store.RunStores;
import java.io.IOException;
import java.nio.file.Files;
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
        try (RunStores stores = store.open(workspace)) {
            id = RunAccess.runOrNewest(stores, workspace, runId);
            run = RunAccess.read(stores, workspace, id);
        }
        Path file = run.directory().resolve(json ? "final_result.json" : "report.md");
        if (!Files.isRegularFile(file)) {
            throw CliFailure.usage("run " + id + " has no report yet (it is " + run.run().status().wire()
                    + "); '" + RunAccess.resumeCommand(id, workdir.path) + "' carries it on to one");
        }
        try {
            spec.commandLine().getOut().print(Files.readString(file));
            spec.commandLine().getOut().flush();
        } catch (IOException e) {
            throw new CliFailure(ExitCode.FAILED, "cannot read " + file + ": " + e.getMessage());
        }
        return ExitCode.OK;
    }
}
