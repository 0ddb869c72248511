package dev.longtask.cli;

import dev.longtask.store.FileRunStore;
import dev.longtask.store.RunSnapshot;
import dev.longtask.store.StoreException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "report", mixinStandardHelpOptions = true, description = "Print the report of a run (report.md).")
final class ReportCommand implements Callable<ExitCode> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "RUN_ID", description = "The run ('longtask runs' lists them).")
    String runId;

    @Option(names = {"-C", "--workdir"}, paramLabel = "DIR", description = "The workspace (default: the current directory).")
    Path workdir = Path.of(".");

    @Option(names = "--json", description = "Print final_result.json instead.")
    boolean json;

    @Override
    public ExitCode call() {
        Path workspace = Workspaces.directory(workdir);
        RunSnapshot run;
        try {
            run = FileRunStore.read(workspace, runId);
        } catch (StoreException e) {
            throw CliFailure.usage(e.getMessage());
        }
        Path file = run.directory().resolve(json ? "final_result.json" : "report.md");
        if (!Files.isRegularFile(file)) {
            throw CliFailure.usage("run " + runId + " has no report yet (it is " + run.run().status().wire()
                    + "); 'longtask resume " + runId + "' carries it on to one");
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
