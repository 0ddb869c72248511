package dev.longtask.cli;

import dev.longtask.store.RunFigures;
import dev.longtask.store.RunSnapshot;
import dev.longtask.store.StoreJson;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code longtask status [RUN_ID] [--json]}: where a run stands, read from its log without disturbing a writer. */
@Command(name = "status", mixinStandardHelpOptions = true,
        description = "Show a run's status, goal, model, task counts, tokens, cost and budget (default: the newest run).")
final class StatusCommand implements Callable<Integer> {
    @Mixin
    RunAccess.Workdir workdir;

    @Parameters(arity = "0..1", paramLabel = "RUN_ID", description = "The run (default: the newest).")
    String runId;

    @Option(names = "--json", description = "Print the figures as one JSON object.")
    boolean json;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        Path workspace = workdir.workspace();
        RunSnapshot run = RunAccess.read(workspace, RunAccess.runOrNewest(workspace, runId));
        RunFigures f = run.figures();
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            out.println(StoreJson.newMapper().writerWithDefaultPrettyPrinter().writeValueAsString(f));
            return Main.OK;
        }
        out.println("run      " + f.runId());
        out.println("status   " + f.status().wire() + (f.statusReason().isBlank() ? "" : " (" + f.statusReason() + ")"));
        out.println("goal     " + Formats.cut(f.goal(), 200));
        out.println("model    " + (f.model() == null ? "(not chosen yet)" : f.model()));
        out.println("tasks    " + f.completed() + " done, " + f.failed() + " failed, " + f.running() + " running, "
                + f.pending() + " pending (" + f.ready() + " ready)" + (f.cancelled() > 0 ? ", " + f.cancelled()
                + " cancelled" : "") + " of " + f.tasks());
        out.println("tokens   " + Formats.count(f.usage().inputTokens()) + " in, "
                + Formats.count(f.usage().outputTokens()) + " out");
        out.println("cost     " + f.usage().costText());
        out.println("budget   " + Formats.budget(f.budget()));
        out.println("updated  " + f.updated() + " (event " + f.lastSeq() + ")");
        return Main.OK;
    }
}
