package dev.longtask.cli.view;

import dev.longtask.api.Outcome;
import dev.longtask.cli.ExitCode;
import dev.longtask.cli.RunAccess;
import dev.longtask.model.plan.Estimate;
import dev.longtask.model.run.Finisher;
import dev.longtask.model.Approval;
import dev.longtask.model.Budget;
import dev.longtask.model.Counts;
import dev.longtask.model.Durations;
import dev.longtask.model.PlanEstimate;
import dev.longtask.model.Run;
import dev.longtask.model.RunStatus;
import dev.longtask.model.Usage;
import dev.longtask.model.run.RunSnapshot;
import java.io.PrintWriter;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * What the end of a run prints, and its exit code: the status and why; what the run used (tokens, cost, and the
 * time of this session), with the plan's estimate beside it when this session made the plan; where the report
 * is and the command that prints it; the run directory; and how to go on when it can.
 */
public final class RunEnding {
    private final PrintWriter to;
    private final Path workdir;
    private final int columns;
    private final Palette palette;
    private final String resume;

    /**
     * @param workdir the {@code --workdir} as the user gave it, for the commands shown
     * @param columns the terminal's width to wrap to, or 0 to leave lines as they are
     */
    public RunEnding(PrintWriter to, Path workdir, int columns, Palette palette) {
        this(to, workdir, columns, palette, null);
    }

    /** @param resume how to continue a run that stopped, when not {@code longtask resume} (a server's run) */
    public RunEnding(PrintWriter to, Path workdir, int columns, Palette palette, String resume) {
        this.to = to;
        this.workdir = workdir;
        this.columns = columns;
        this.palette = palette;
        this.resume = resume;
    }

    /**
     * @param run        the run as the session left it (its totals), or null when it cannot be read
     * @param session      how long this session took
     * @param tokensBefore the run's tokens when this session started, to tell this session's share of the totals
     * @param terminated   whether the session stopped on SIGTERM, which an interrupted run cannot tell from Ctrl-C
     */
    public ExitCode print(Outcome outcome, Run run, Duration session, long tokensBefore, boolean terminated,
                   Path workspace) {
        List<String> lines = new ArrayList<>();
        if (outcome.nothingToDo()) {
            lines.add("run " + outcome.runId() + " is already " + palette.status(outcome.status().wire())
                    + "; there is nothing to do" + (outcome.report() != null ? " (print its report: longtask report "
                    + outcome.runId() + workdirFlag() + ")" : ""));
            write(lines);
            return ExitCode.of(outcome.status(), terminated);
        }
        lines.add("");
        lines.add(palette.bold("run " + outcome.runId() + ": ") + palette.status(outcome.status().wire())
                + (outcome.reason().isEmpty() ? "" : " - " + outcome.reason()));
        if (run != null && run.session() > 1) {
            // A resumed run: its totals cover every session, so this session's share is labelled apart.
            lines.add(row("used", "run total " + usage(run.usage()) + " · this session "
                    + Counts.plural(Math.max(0, run.usage().totalTokens() - tokensBefore), "token") + ", "
                    + Durations.text(session)));
        } else if (run != null) {
            lines.add(row("used", usage(run.usage()) + " · " + Durations.text(session)));
        }
        String estimated = estimateBeside(outcome, run, workspace);
        if (!estimated.isEmpty()) {
            lines.add(row("estimate", estimated));
        }
        if (outcome.report() != null) {
            lines.add(row("report", shown(outcome.report()) + "  (print it: longtask report " + outcome.runId()
                    + workdirFlag() + ")"));
        }
        Finisher.Finished finished = outcome.finished();
        if (finished != null && finished.files().containsKey("markdown")) {
            Path json = finished.files().get("json");
            lines.add(row("review", shown(finished.files().get("markdown")) + " (" + finished.summary()
                    + (json == null ? "" : "; JSON: " + json.getFileName()) + ")"));
        }
        lines.add(row("run dir", shown(outcome.directory())));
        if (outcome.status() == RunStatus.PAUSED) {
            List<Approval> open = RunAccess.read(workspace, outcome.runId()).openApprovals();
            for (Approval waiting : open) {
                lines.add(row("waiting", ApprovalText.line(waiting.question())));
                lines.add(row("answer", "longtask approve " + outcome.runId() + (open.size() == 1 ? ""
                        : " --question " + waiting.id()) + " [--always | --deny REASON]" + workdirFlag()));
            }
        }
        switch (outcome.status()) {
            case PAUSED, INTERRUPTED, FAILED -> lines.add(row("continue", resume != null ? resume
                    : RunAccess.resumeCommand(outcome.runId(), workdir) + liftingFlag(run, outcome.reason())));
            default -> {
            }
        }
        write(lines);
        return ExitCode.of(outcome.status(), terminated);
    }

    /**
     * The flag that lifts the budget a run stopped at, twice as large as it was (" --max-time 20m"): without it the
     * resume would reach the same budget at once and pause again. Empty when no budget stopped it.
     */
    static String liftingFlag(Run run, String reason) {
        Budget budget = run == null ? null : run.budget();
        if (budget == null || reason == null) {
            return "";
        }
        if (reason.endsWith("(--max-tokens)") && budget.maxTokens() != null) {
            return " --max-tokens " + budget.maxTokens() * 2;
        }
        if (reason.endsWith("(--max-cost)") && budget.maxCostUsd() != null) {
            return " --max-cost " + budget.maxCostUsd().multiply(BigDecimal.valueOf(2)).stripTrailingZeros().toPlainString();
        }
        if (reason.endsWith("(--max-time)") && budget.maxTimeSeconds() != null) {
            long seconds = budget.maxTimeSeconds() * 2;
            return " --max-time " + (seconds % 3600 == 0 ? seconds / 3600 + "h"
                    : seconds % 60 == 0 ? seconds / 60 + "m" : seconds + "s");
        }
        return "";
    }

    private void write(List<String> lines) {
        for (String line : lines) {
            if (columns <= 0) {
                to.println(line);
            } else {
                TextWidth.wrap(line, columns - 1, "          ").forEach(to::println);
            }
        }
        to.flush();
    }

    private String row(String label, String text) {
        return "  " + palette.dim(String.format("%-9s", label)) + " " + text;
    }

    public static String usage(Usage u) {
        return Counts.plural(u.totalTokens(), "token") + " (" + tokenSplit(u) + ") · cost " + u.costExplained();
    }

    /**
     * "12,000 in, 628 out", with the prompt tokens read from or written to a provider's cache named when there are
     * any: Anthropic counts them apart from "in", and they are most of a cached run's prompt.
     */
    public static String tokenSplit(Usage u) {
        return Counts.full(u.inputTokens()) + " in, "
                + (u.cacheReadTokens() > 0 ? Counts.full(u.cacheReadTokens()) + " read from cache, " : "")
                + (u.cacheWriteTokens() > 0 ? Counts.full(u.cacheWriteTokens()) + " written to cache, " : "")
                + Counts.full(u.outputTokens()) + " out";
    }

    /**
     * The run's first plan's estimate beside what the run used ("40,000 tokens, $0.05, 1m 05s (built-in priors) ·
     * actual 0.9x the tokens, ..."), from the run's record, whichever session made the plan; the estimate this
     * session made when the record cannot be read.
     */
    private static String estimateBeside(Outcome outcome, Run run, Path workspace) {
        try {
            RunSnapshot read = RunAccess.read(workspace, outcome.runId());
            PlanEstimate plan = read.history().firstPlan();
            if (plan != null && plan.hasTokens() && run != null) {
                // Beside a run that paused or was cancelled (a dry run stops after its plan) the ratios would set a
                // part of the work against the whole of it
                boolean ended = run.status() == RunStatus.COMPLETED || run.status() == RunStatus.FAILED;
                String ratios = ended ? plan.ratios(run.usage(), read.history().activeTime().toSeconds()) : "";
                return plan.text() + (plan.basis() == null ? "" : " (" + plan.basis() + ")")
                        + (ratios.isEmpty() ? "" : " · " + ratios);
            }
        } catch (RuntimeException unreadable) {
            // a run kept elsewhere (a server's, a database's): the session's own estimate, if it made one
        }
        return outcome.estimate() == null ? "" : estimate(outcome.estimate());
    }

    private static String estimate(Estimate e) {
        return Counts.plural(e.totalTokens(), "token") + " (" + e.tokenSplit() + ") · cost " + e.costText() + " · "
                + Durations.text(e.seconds()) + " for " + Counts.plural(e.tasks(), "task");
    }

    private String workdirFlag() {
        return workdir == null || workdir.equals(Path.of(".")) ? "" : " -C " + workdir;
    }

    /** A path relative to the current directory when it lies inside it, else as it is. */
    public static String shown(Path path) {
        Path here = Path.of("").toAbsolutePath();
        Path absolute = path.toAbsolutePath().normalize();
        return absolute.startsWith(here) && !absolute.equals(here) ? here.relativize(absolute).toString()
                : absolute.toString();
    }
}
