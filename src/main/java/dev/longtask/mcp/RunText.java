package dev.longtask.mcp;

import dev.longtask.api.Snapshot;
import dev.longtask.engine.ProgressSnapshot;
import dev.longtask.model.Durations;
import dev.longtask.model.RunStatus;
import dev.longtask.model.Task;
import dev.longtask.store.RunFigures;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/** What the tools tell a model about a run: a few plain lines, ending with what it can do next. */
final class RunText {
    private RunText() {
    }

    static String status(Snapshot s, Path workspace) {
        RunFigures f = s.figures();
        ProgressSnapshot p = s.progress();
        StringBuilder b = new StringBuilder();
        b.append("run ").append(f.runId()).append(": ").append(f.status().wire());
        if (!f.statusReason().isBlank()) {
            b.append(" (").append(f.statusReason()).append(')');
        }
        b.append("\ngoal: ").append(cut(f.goal(), 300));
        b.append(String.format(Locale.ROOT, "%ntasks: %d done, %d failed, %d running, %d pending of %d (%.0f%%)",
                f.completed(), f.failed(), f.running(), f.pending(), f.tasks(), p.percent()));
        if (f.cancelled() > 0) {
            b.append(", ").append(f.cancelled()).append(" cancelled");
        }
        b.append("; elapsed ").append(Durations.text(p.elapsedSeconds()));
        if (isGoing(f.status())) {
            b.append(", ETA ").append(p.etaText());
        }
        for (ProgressSnapshot.RunningTask t : p.tasks()) {
            b.append("\n  working on #").append(t.id()).append(' ').append(cut(t.subject(), 80)).append(" (")
                    .append(t.agent()).append(", ").append(Durations.text(t.elapsedSeconds())).append(')');
        }
        b.append(String.format(Locale.ROOT, "%ntokens: %,d in, %,d out; cost %s", f.usage().inputTokens(),
                f.usage().outputTokens(), f.usage().costExplained()));
        b.append("\nworkdir: ").append(workspace).append(s.runningHere() && isGoing(f.status())
                ? " (running in this server)" : "");
        b.append("\nnext: ").append(next(f));
        return b.toString();
    }

    static String tasks(String runId, List<Task> tasks) {
        if (tasks.isEmpty()) {
            return "run " + runId + " has no tasks yet (the planner has not submitted its plan)";
        }
        StringBuilder b = new StringBuilder("run " + runId + ": " + tasks.size() + " tasks");
        for (Task t : tasks) {
            b.append('\n').append(t.line()).append(" [").append(t.agent()).append(']');
            if (t.error() != null && !t.error().isBlank()) {
                b.append("\n    error: ").append(cut(t.error(), 300));
            }
        }
        return b.toString();
    }

    /** What a model can do next about a run in this state. */
    static String next(RunFigures f) {
        return switch (f.status()) {
            case COMPLETED -> "read the report with longtask_report {\"run_id\": \"" + f.runId() + "\"}";
            case QUEUED -> "it waits in the server's queue for a free slot; call longtask_status again later";
            case CREATED, PLANNING, RUNNING -> "call longtask_status again later (wait_seconds blocks until it ends"
                    + " or the wait is over); longtask_tasks lists the tasks";
            case PAUSED, INTERRUPTED -> "continue it with longtask_resume (budgets raises a limit it reached)";
            case FAILED -> "longtask_tasks shows what failed; longtask_resume retries the unfinished work";
            case CANCELLED -> "nothing: the run was given up; its results stay in its directory";
        };
    }

    /** Why a completed or cancelled run does not resume, and what to do instead. */
    static String notResumable(String runId, RunStatus status) {
        return status == RunStatus.CANCELLED
                ? "run " + runId + " was cancelled, and a cancelled run cannot be resumed; start a new run with"
                        + " longtask_start (its results stay in its directory)"
                : "run " + runId + " has " + status.wire() + "; there is nothing to resume: read its report with"
                        + " longtask_report, or start a new run with longtask_start";
    }

    static boolean isGoing(RunStatus status) {
        return status == RunStatus.CREATED || status == RunStatus.PLANNING || status == RunStatus.RUNNING;
    }

    static String cut(String text, int width) {
        String oneLine = text == null ? "" : text.strip().replaceAll("\\s+", " ");
        return oneLine.length() <= width ? oneLine : oneLine.substring(0, width - 3) + "...";
    }
}
