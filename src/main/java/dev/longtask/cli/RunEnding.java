package dev.longtask.cli;

import dev.longtask.engine.RunOutcome;
import dev.longtask.review.ReviewReportWriter;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Optional;

/** What the end of a run prints (its status, estimate, report, run directory, how to go on) and its exit code. */
final class RunEnding {
    private final PrintWriter to;
    private final Path workdir;

    /** @param workdir the {@code --workdir} as the user gave it, for the resume command shown */
    RunEnding(PrintWriter to, Path workdir) {
        this.to = to;
        this.workdir = workdir;
    }

    /** @param terminated whether the session stopped on SIGTERM, which an interrupted run cannot tell from Ctrl-C */
    ExitCode print(RunOutcome outcome, Optional<ReviewReportWriter.Written> review, boolean terminated) {
        to.println();
        to.println("run " + outcome.runId() + ": " + outcome.status().wire()
                + (outcome.reason().isEmpty() ? "" : " - " + outcome.reason()));
        if (outcome.estimate() != null) {
            to.println("estimate: " + outcome.estimate().text());
        }
        if (outcome.report() != null) {
            to.println("report: " + outcome.report());
        }
        review.ifPresent(r -> to.println("review: " + r.markdown() + " (" + r.line() + "; JSON: "
                + r.json().getFileName() + ")"));
        to.println("run directory: " + outcome.directory());
        switch (outcome.status()) {
            case PAUSED, INTERRUPTED, FAILED -> to.println("continue with: "
                    + RunAccess.resumeCommand(outcome.runId(), workdir));
            default -> {
            }
        }
        to.flush();
        return ExitCode.of(outcome.status(), terminated);
    }
}
