package dev.longtask.cli.command;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.longtask.api.Runs;
import dev.longtask.api.Stores;
import dev.longtask.cli.CliFailure;
import dev.longtask.cli.ExitCode;
import dev.longtask.cli.RunAccess;
import dev.longtask.cli.view.Cursor;
import dev.longtask.cli.view.Figures;
import dev.longtask.cli.view.Formats;
import dev.longtask.cli.view.JsonOutput;
import dev.longtask.cli.view.Palette;
import dev.longtask.cli.view.PermissionLines;
import dev.longtask.cli.view.PlanClock;
import dev.longtask.cli.view.RunEnding;
import dev.longtask.cli.view.TerminalSize;
import dev.longtask.cli.view.TextWidth;
import dev.longtask.model.config.Environment;
import dev.longtask.model.plan.ProgressSnapshot;
import dev.longtask.model.Counts;
import dev.longtask.model.Durations;
import dev.longtask.model.PlanEstimate;
import dev.longtask.model.RunStatus;
import dev.longtask.model.run.RunFigures;
import dev.longtask.model.run.RunSnapshot;
import dev.longtask.model.run.RunStores;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code longtask status [RUN_ID] [--json] [--watch]}: where a run stands, read from its log without disturbing a
 * writer. A run recorded as running whose writer process is gone (killed, crashed) is shown as not running, with
 * the command that resumes it; the clock of a run at rest stops at its last event.
 */
@Command(name = "status", mixinStandardHelpOptions = true,
        description = "Show a run's status, goal, model, task counts, tokens, cost and budget (default: the newest run).")
final class StatusCommand implements Callable<ExitCode> {
    @Mixin
    RunAccess.Workdir workdir;

    @Mixin
    StoreOption store = new StoreOption();

    /** Where the runs are; set for the length of {@link #call}. */
    private RunStores stores = Stores.files();

    @Parameters(arity = "0..1", paramLabel = "RUN_ID", description = "The run (default: the newest).")
    String runId;

    @Option(names = "--json", description = "Print the figures as one JSON object (with --watch: one per change).")
    boolean json;

    @Option(names = {"-w", "--watch"}, description = "Keep showing the status as it changes, until the run stops.")
    boolean watch;

    @Option(names = "--interval", paramLabel = "SECONDS", defaultValue = "2",
            description = "With --watch: seconds between looks (default: ${DEFAULT-VALUE}).")
    double interval;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /** The width of the terminal printed to, 0 when it is none; tests give one. */
    java.util.function.IntSupplier columnsOfStdout = TerminalSize::columnsOfStdout;

    /** What one look at the run found. */
    record Look(RunSnapshot run, Optional<Long> writer, ProgressSnapshot progress, String eta, boolean shared,
                Optional<String> stop) {
        boolean active() {
            RunStatus s = run.run().status();
            return s == RunStatus.RUNNING || s == RunStatus.PLANNING;
        }

        /** Recorded as running, but no process writes it: it was killed or crashed. */
        boolean gone() {
            return active() && writer.isEmpty() && !shared;
        }
    }

    @Override
    public ExitCode call() throws Exception {
        Path workspace = workdir.workspace();
        try (RunStores opened = store.open(workspace)) {
            stores = opened;
            return show(workspace);
        } finally {
            stores = Stores.files();
        }
    }

    private ExitCode show(Path workspace) throws InterruptedException {
        String id = RunAccess.runOrNewest(stores, workspace, runId);
        PrintWriter out = spec.commandLine().getOut();
        if (watch && interval < 0.1) {
            throw CliFailure.usage("status: --interval must be at least 0.1 seconds, was " + interval);
        }
        boolean terminal = System.console() != null && !"dumb".equals(Environment.system().get("TERM"));
        Palette palette = Palette.forCommand(spec);
        if (!watch) {
            print(out, look(workspace, id), palette, json ? 0 : columnsOfStdout.getAsInt());
            return ExitCode.OK;
        }
        return watch(out, workspace, id, palette, terminal);
    }

    private ExitCode watch(PrintWriter out, Path workspace, String id, Palette palette, boolean terminal)
            throws InterruptedException {
        long shownSeq = -1;
        int drawnRows = 0;
        try (TerminalSize size = terminal ? TerminalSize.watch() : null) {
            while (true) {
                Look look = look(workspace, id);
                boolean changed = look.run().run().lastSeq() != shownSeq;
                if (terminal) {
                    // The clock moves between events: redraw every time, in place.
                    out.print(Cursor.clearRowsAbove(drawnRows));
                    drawnRows = print(out, look, palette, size.columns());
                } else if (changed) {
                    if (shownSeq >= 0 && !json) {
                        out.println();
                    }
                    print(out, look, palette, 0);
                }
                shownSeq = look.run().run().lastSeq();
                if (!look.active() || look.gone()) {
                    return ExitCode.OK;
                }
                Thread.sleep((long) (interval * 1000));
            }
        }
    }

    private Look look(Path workspace, String id) {
        RunSnapshot run = RunAccess.read(stores, workspace, id);
        // A shared store's runs are worked by processes on other machines: no pid here tells whether they live.
        Runs runs = Runs.of(stores, workspace);
        Optional<Long> writer = stores.shared() ? Optional.empty() : runs.writerPid(id);
        // why its writer stopped without recording it (a full disk), when it could leave a note
        Optional<String> stop = stores.shared() ? Optional.empty() : runs.stopNote(id);
        Look partial = new Look(run, writer, null, null, stores.shared(), stop);
        Instant now = partial.active() && !partial.gone() ? Instant.now() : run.run().updated();
        ProgressSnapshot progress = Runs.progress(run, now);
        return new Look(run, writer, progress, PlanClock.eta(progress,
                Optional.ofNullable(run.history().firstPlan()), now), stores.shared(), stop);
    }

    /**
     * Prints the look; returns the rows printed. When {@code columns} is not 0 lines are cut to it, except those whose
     * end matters (how to turn the shell on, how to answer a question), which are wrapped.
     */
    private int print(PrintWriter out, Look look, Palette palette, int columns) {
        List<String> lines = json ? List.of((watch ? JsonOutput.line(json(look)) : JsonOutput.pretty(json(look))))
                : text(look, palette, columns);
        int rows = 0;
        for (String line : lines) {
            for (String row : line.split("\n", -1)) {
                // Wrapped under the value column, not cut: the end of a reason says what to do.
                for (String part : columns <= 0 ? List.of(row) : TextWidth.wrap(row, columns - 1, "         ")) {
                    out.println(part);
                    rows++;
                }
            }
        }
        out.flush();
        return rows;
    }

    private ObjectNode json(Look look) {
        ObjectNode both = JsonOutput.mapper().valueToTree(look.run().figures());
        both.set("progress", JsonOutput.mapper().valueToTree(look.progress()));
        both.put("eta_text", look.eta());
        both.put("live", look.writer().isPresent());
        if (look.writer().isPresent()) {
            both.put("writer_pid", look.writer().get());
        } else {
            both.putNull("writer_pid");
        }
        both.put("process_gone", look.gone());
        if (look.gone() && look.stop().isPresent()) {
            both.put("stopped_because", look.stop().get());
        }
        both.set("permissions", JsonOutput.mapper().valueToTree(look.run().permissions()));
        both.set("approvals", JsonOutput.mapper().valueToTree(look.run().openApprovals()));
        PlanEstimate plan = look.run().history().firstPlan();
        both.set("estimate", plan == null || !plan.hasTokens() ? null : JsonOutput.mapper().valueToTree(plan));
        both.put("work_s", look.run().history().activeTime(look.active() && !look.gone() ? Instant.now() : null)
                .toSeconds());
        return both;
    }

    private List<String> text(Look look, Palette palette, int columns) {
        RunFigures f = look.run().figures();
        ProgressSnapshot progress = look.progress();
        List<String> lines = new ArrayList<>();
        lines.add("run      " + f.runId());
        lines.add("status   " + status(look, palette));
        if (look.gone()) {
            lines.add("         resume with: " + RunAccess.resumeCommand(f.runId(), workdir.path));
        }
        lines.add("goal     " + Formats.cut(f.goal(), 200));
        lines.add("model    " + (f.model() == null ? "(not chosen yet)" : f.model()));
        lines.add("tasks    " + palette.green(f.completed() + " done") + ", "
                + (f.failed() > 0 ? palette.red(f.failed() + " failed") : "0 failed") + ", "
                + (look.gone() ? f.running() + " interrupted" : f.running() + " running") + ", "
                + f.pending() + " pending (" + f.ready() + " ready)"
                + (f.cancelled() > 0 ? ", " + f.cancelled() + " cancelled" : "") + " of " + f.tasks());
        lines.add("progress " + Figures.bar(progress.percent(), 30) + String.format(Locale.ROOT, " %.1f%% done",
                progress.percent()) + (look.active() && !look.gone() ? "  ETA " + look.eta() : "")
                + "  " + times(look));
        if (!look.gone()) {
            for (ProgressSnapshot.RunningTask t : progress.tasks()) {
                lines.add("  > #" + t.id() + " " + Formats.cut(t.subject(), 60) + " (" + t.agent() + ", "
                        + Durations.text(t.elapsedSeconds()) + ")");
            }
        }
        lines.add("tokens   " + RunEnding.tokenSplit(f.usage()));
        lines.add("cost     " + f.usage().costExplained());
        PlanEstimate plan = look.run().history().firstPlan();
        if (plan != null && plan.hasTokens()) {
            String ratios = look.active() ? "" : plan.ratios(f.usage(), look.run().history().activeTime().toSeconds());
            lines.add("estimate " + plan.text() + (plan.basis() == null ? "" : " (" + plan.basis() + ")")
                    + (ratios.isEmpty() ? "" : " · " + ratios));
        }
        lines.add("budget   " + Formats.budget(f.budget()));
        for (String line : PermissionLines.of(look.run())) {
            lines.addAll(columns <= 0 ? List.of(line) : TextWidth.wrap(line, columns - 1, "         "));
        }
        lines.add("updated  " + f.updated() + " (event " + f.lastSeq() + ")");
        return lines;
    }

    /**
     * "at work 8s · since created 20m 22s": the sessions' time (each from its start to its last event, the one at work
     * to now), and the wall time since the run was created.
     */
    private static String times(Look look) {
        Duration worked = look.run().history().activeTime(look.active() && !look.gone() ? Instant.now() : null);
        return "at work " + Durations.text(worked.toSeconds()) + " · since created "
                + Durations.text(look.progress().elapsedSeconds());
    }

    private String status(Look look, Palette palette) {
        RunFigures f = look.run().figures();
        String reason = f.statusReason().isBlank() ? "" : " (" + f.statusReason() + ")";
        if (look.gone() && look.stop().isPresent()) {
            // nothing recorded was lost, and a resume goes on from the log: paused, in all but the record
            return palette.status(RunStatus.PAUSED.wire()) + " (" + look.stop().get() + " when it stopped; free some "
                    + "space, then resume)";
        }
        if (look.gone()) {
            return palette.red("not running") + " (process gone: it was " + f.status().wire() + " when it stopped)";
        }
        String by = look.writer().filter(pid -> look.active()).map(pid -> " (process " + pid + ")").orElse("");
        return palette.status(f.status().wire()) + reason + by;
    }
}
