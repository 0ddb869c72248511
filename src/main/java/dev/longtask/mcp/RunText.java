package dev.longtask.mcp;

import dev.longtask.api.Snapshot;
import dev.longtask.model.plan.ProgressSnapshot;
import dev.longtask.model.Durations;
import dev.longtask.model.RunStatus;
import dev.longtask.model.Task;
import dev.longtask.model.run.RunFigures;
import java.nio.file.Path;
import dev.longtask.model.TaskStatus;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** What the tools tell a model about a run: a few plain lines, ending with what it can do next. */
final class RunText {
    private RunText() {
    }

    /** The status in a few lines; the caller adds what to do next. */
    static String status(Snapshot s, Path workspace, boolean gone) {
        RunFigures f = s.figures();
        ProgressSnapshot p = s.progress();
        StringBuilder b = new StringBuilder(summary(s, gone));
        b.append("\ngoal: ").append(cut(f.goal(), 300));
        b.append(String.format(Locale.ROOT, "%ntasks: %d done, %d failed, %d %s, %d pending of %d (%.0f%%)",
                f.completed(), f.failed(), f.running(), gone ? "interrupted" : "running", f.pending(), f.tasks(),
                p.percent()));
        if (f.cancelled() > 0) {
            b.append(", ").append(f.cancelled()).append(" cancelled");
        }
        b.append("; elapsed ").append(Durations.text(p.elapsedSeconds()));
        if (isGoing(f.status()) && !gone) {
            b.append(", ETA ").append(p.etaText());
            for (ProgressSnapshot.RunningTask t : p.tasks()) {
                b.append("\n  working on #").append(t.id()).append(' ').append(cut(t.subject(), 80)).append(" (")
                        .append(t.agent()).append(", ").append(Durations.text(t.elapsedSeconds())).append(')');
            }
        }
        b.append(String.format(Locale.ROOT, "%ntokens: %,d in, %,d out; cost %s", f.usage().inputTokens(),
                f.usage().outputTokens(), f.usage().costExplained()));
        b.append("\nworkdir: ").append(workspace);
        return b.toString();
    }

    /** Where the run stands, in a sentence. */
    static String summary(Snapshot s, boolean gone) {
        RunFigures f = s.figures();
        StringBuilder b = new StringBuilder("run ").append(f.runId()).append(": ");
        if (gone) {
            b.append("not running (process gone: it was ").append(f.status().wire()).append(" when it stopped)");
        } else {
            b.append(f.status().wire());
            if (!f.statusReason().isBlank()) {
                b.append(" (").append(cut(f.statusReason(), 120)).append(')');
            }
        }
        b.append(", ").append(f.completed()).append(" of ").append(f.tasks()).append(" tasks done");
        if (f.failed() > 0) {
            b.append(", ").append(f.failed()).append(" failed");
        }
        if (isGoing(f.status()) && !gone && s.progress().etaSeconds() != null) {
            b.append(", ETA ").append(s.progress().etaText());
        }
        return b.append('.').toString();
    }

    /** The figures a program reads of a status, few and flat. */
    static Map<String, Object> figures(Snapshot s, boolean gone) {
        RunFigures f = s.figures();
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("run_id", f.runId());
        m.put("status", f.status().wire());
        m.put("process_gone", gone);
        m.put("tasks", f.tasks());
        m.put("completed", f.completed());
        m.put("failed", f.failed());
        m.put("running", f.running());
        m.put("pending", f.pending());
        m.put("percent", Math.round(s.progress().percent() * 10) / 10.0);
        m.put("elapsed_s", s.progress().elapsedSeconds());
        m.put("eta_s", gone ? null : s.progress().etaSeconds());
        m.put("tokens", f.usage().totalTokens());
        m.put("cost_usd", f.usage().costUnknown() ? null : f.usage().costUsd());
        return m;
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

    /** A task as a list of tasks shows it. */
    static Map<String, Object> brief(Task t) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("id", t.id());
        m.put("subject", cut(t.subject(), 100));
        m.put("status", t.status().wire());
        m.put("attempt", t.attempts());
        return m;
    }

    /** One task in detail, as longtask_tasks gives it with task_id. */
    static Map<String, Object> detail(Task t) {
        Map<String, Object> m = brief(t);
        m.put("subject", t.subject());
        m.put("agent", t.agent());
        m.put("instruction", cut(t.instruction(), 2000));
        m.put("blocked_by", t.blockedBy());
        m.put("outputs", t.outputs());
        if (t.error() != null && !t.error().isBlank()) {
            m.put("error", cut(t.error(), 2000));
        }
        return m;
    }

    static String detailText(Task t) {
        StringBuilder b = new StringBuilder(t.line()).append(" [").append(t.agent()).append("], attempt ")
                .append(t.attempts());
        b.append("\ninstruction: ").append(cut(t.instruction(), 2000));
        if (!t.blockedBy().isEmpty()) {
            b.append("\nblocked by: ").append(t.blockedBy());
        }
        if (!t.outputs().isEmpty()) {
            b.append("\noutputs: ").append(t.outputs());
        }
        if (t.error() != null && !t.error().isBlank()) {
            b.append("\nerror: ").append(cut(t.error(), 2000));
        }
        return b.toString();
    }

    static String taskSummary(String runId, List<Task> tasks) {
        Map<TaskStatus, Long> by = new java.util.EnumMap<>(TaskStatus.class);
        tasks.forEach(t -> by.merge(t.status(), 1L, Long::sum));
        StringBuilder b = new StringBuilder("run ").append(runId).append(": ").append(tasks.size()).append(" tasks");
        by.forEach((status, n) -> b.append(", ").append(n).append(' ').append(status.wire()));
        return b.append('.').toString();
    }

    /** What a model can do next about a run in this state; a run whose process is gone is resumed. */
    static String next(Snapshot s, boolean gone) {
        RunFigures f = s.figures();
        if (s.runningHere() && !isGoing(f.status()) && f.status().isResumable()) {
            return "a process of its own is taking it up; call longtask_status again (wait_seconds blocks until it"
                    + " ends)";
        }
        if (gone) {
            return "its process is gone, so it goes no further until resumed: continue it with longtask_resume"
                    + " {\"run_id\": \"" + f.runId() + "\"} (completed tasks are not redone)";
        }
        return next(f);
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
