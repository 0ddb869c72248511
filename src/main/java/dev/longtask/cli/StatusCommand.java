package dev.longtask.cli;

import dev.longtask.store.RunFigures;
import dev.longtask.store.RunSnapshot;
import dev.longtask.model.JsonMapping;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Instant;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.longtask.engine.EngineConfig;
import dev.longtask.engine.Progress;
import dev.longtask.engine.ProgressSnapshot;
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
        ProgressSnapshot progress = new Progress().snapshot(run.run(), run.tasks(), concurrency(run), Instant.now());
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            ObjectMapper mapper = JsonMapping.newMapper();
            ObjectNode both = mapper.valueToTree(f);
            both.set("progress", mapper.valueToTree(progress));
            out.println(mapper.writerWithDefaultPrettyPrinter().writeValueAsString(both));
            return Main.OK;
        }
        out.println("run      " + f.runId());
        out.println("status   " + f.status().wire() + (f.statusReason().isBlank() ? "" : " (" + f.statusReason() + ")"));
        out.println("goal     " + Formats.cut(f.goal(), 200));
        out.println("model    " + (f.model() == null ? "(not chosen yet)" : f.model()));
        out.println("tasks    " + f.completed() + " done, " + f.failed() + " failed, " + f.running() + " running, "
                + f.pending() + " pending (" + f.ready() + " ready)" + (f.cancelled() > 0 ? ", " + f.cancelled()
                + " cancelled" : "") + " of " + f.tasks());
        out.println("progress " + Figures.bar(progress.percent(), 30) + String.format(java.util.Locale.ROOT, " %.1f%%",
                progress.percent()) + "  ETA " + progress.etaText() + "  elapsed "
                + ProgressSnapshot.durationText(progress.elapsedSeconds()));
        for (ProgressSnapshot.RunningTask t : progress.tasks()) {
            out.println("  > #" + t.id() + " " + Formats.cut(t.subject(), 60) + " (" + t.agent() + ", "
                    + ProgressSnapshot.durationText(t.elapsedSeconds()) + ")");
        }
        out.println("tokens   " + Formats.count(f.usage().inputTokens()) + " in, "
                + Formats.count(f.usage().outputTokens()) + " out");
        out.println("cost     " + f.usage().costText());
        out.println("budget   " + Formats.budget(f.budget()));
        out.println("updated  " + f.updated() + " (event " + f.lastSeq() + ")");
        return Main.OK;
    }

    /** The concurrency of the run's latest session, for the ETA; the default when it was never recorded. */
    private static int concurrency(RunSnapshot run) {
        int found = EngineConfig.DEFAULT_CONCURRENCY;
        try (java.util.stream.Stream<String> lines = java.nio.file.Files.lines(run.directory().resolve("events.jsonl"))) {
            for (String line : (Iterable<String>) lines::iterator) {
                int at = line.indexOf("\"type\":\"session.started\"");
                int c = line.indexOf("\"concurrency\":");
                if (at >= 0 && c >= 0) {
                    String digits = line.substring(c + 14).replaceAll("^(\\d+).*", "$1");
                    if (digits.matches("\\d+")) {
                        found = Integer.parseInt(digits);
                    }
                }
            }
        } catch (java.io.IOException | java.io.UncheckedIOException e) {
            return found;
        }
        return found;
    }
}
