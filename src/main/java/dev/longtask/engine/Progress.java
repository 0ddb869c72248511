package dev.longtask.engine;

import dev.longtask.model.Run;
import dev.longtask.model.RunStatus;
import dev.longtask.model.Task;
import dev.longtask.model.TaskStatus;
import dev.longtask.model.plan.ProgressSnapshot;
import dev.longtask.model.run.RunHistory;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * Computes progress and an ETA from the graph alone, so a live run and `status` in another process show the
 * same figures. The ETA uses the durations of the tasks finished so far and how long the running ones have run:
 * the remaining work spread over the workers, but never less than the longest remaining chain or running task.
 */
public final class Progress {
    private final Scheduler scheduler = new Scheduler();

    public ProgressSnapshot snapshot(Run run, List<Task> tasks, int concurrency, Instant now) {
        return snapshot(run, tasks, concurrency, now, null);
    }

    /**
     * The snapshot with the time the run was at work, from {@code history} (null: not known): the sessions before
     * the latest, and the latest up to now while the run works, else up to its last event.
     */
    public ProgressSnapshot snapshot(Run run, List<Task> tasks, int concurrency, Instant now, RunHistory history) {
        int completed = count(tasks, TaskStatus.COMPLETED);
        int failed = count(tasks, TaskStatus.FAILED);
        int cancelled = count(tasks, TaskStatus.CANCELLED);
        int running = count(tasks, TaskStatus.IN_PROGRESS);
        int pending = count(tasks, TaskStatus.PENDING);
        int total = tasks.size();
        // Done of the tasks still wanted: a failed task is not progress, a cancelled one is no longer wanted. A run
        // that failed shows how far its work got, not 100%; a completed run that cancelled what it no longer
        // needed shows 100%.
        int wanted = total - cancelled;
        double percent = wanted <= 0 ? 0 : 100.0 * completed / wanted;
        List<ProgressSnapshot.RunningTask> runningTasks = tasks.stream()
                .filter(t -> t.status() == TaskStatus.IN_PROGRESS)
                .sorted(Comparator.comparingInt(Task::id))
                .map(t -> new ProgressSnapshot.RunningTask(t.id(), t.subject(), t.agent(),
                        t.started() == null ? 0 : Math.max(0, Duration.between(t.started(), now).toSeconds()),
                        t.attempts()))
                .toList();
        // A run at rest stopped its clock at its last event; only a running one is timed up to now.
        Instant end = run.status() == RunStatus.RUNNING || run.status() == RunStatus.PLANNING || run.updated() == null
                ? now : run.updated();
        long elapsed = run.created() == null ? 0 : Math.max(0, Duration.between(run.created(), end).toSeconds());
        return new ProgressSnapshot(run.id(), run.status(), run.statusReason(), total, completed, failed, cancelled,
                running, pending, percent, elapsed, etaOfRun(run, tasks, Math.max(1, concurrency), now),
                history == null ? null : workTime(run, history, now).toSeconds(), run.usage(), runningTasks);
    }

    private static Duration workTime(Run run, RunHistory history, Instant now) {
        boolean working = run.status() == RunStatus.RUNNING || run.status() == RunStatus.PLANNING;
        if (!working || history.sessionStart() == null || now.isBefore(history.sessionStart())) {
            return history.activeTime();
        }
        return history.earlierSessions().plus(Duration.between(history.sessionStart(), now));
    }

    /**
     * The ETA of the run: the graph's, and once the graph has drained while the run still works (the director's last
     * look, the synthesizer's report: the longest call of many runs) that last step's, taken as one more task that
     * started when the last task finished, so the figure does not read 0 s while the report is being written.
     */
    private Long etaOfRun(Run run, List<Task> tasks, int concurrency, Instant now) {
        Long graph = eta(tasks, concurrency, now);
        if (graph == null || graph > 0 || run.status() != RunStatus.RUNNING) {
            return graph;
        }
        Instant drained = tasks.stream().map(Task::finished).filter(java.util.Objects::nonNull)
                .max(Comparator.naturalOrder()).orElse(now);
        long spent = Math.max(0, Duration.between(drained, now).toMillis());
        double left = Math.max(meanMillis(tasks) - spent, LATE_SHARE * spent);
        return Math.max(1, (long) Math.ceil(left / 1000.0));
    }

    private static double meanMillis(List<Task> tasks) {
        return tasks.stream()
                .filter(t -> t.status() == TaskStatus.COMPLETED && t.started() != null && t.finished() != null)
                .mapToLong(t -> Duration.between(t.started(), t.finished()).toMillis())
                .average().orElse(-1);
    }

    /**
     * A running task past this share of the mean is expected to run on for {@link #LATE_SHARE} of the time it has
     * run so far: from there on its ETA grows with it instead of falling to zero (or to nothing known). The two meet
     * where a task has run 0.8 of the mean, so the figure never jumps.
     */
    static final double LATE_SHARE = 0.25;

    /**
     * Seconds until the graph drains, or null when no task has finished yet to learn a duration from. The remaining
     * work (pending tasks at the mean duration, running ones at what is left of it) spread over the workers, but
     * never less than the longest remaining chain nor the longest remaining running task: one long task cannot be
     * shared. Rounded up: work that remains never reads as 0 s.
     */
    Long eta(List<Task> tasks, int concurrency, Instant now) {
        double mean = meanMillis(tasks);
        if (mean < 0) {
            return null;
        }
        double work = 0;
        double longestRunning = 0;
        boolean pending = false;
        boolean running = false;
        for (Task t : tasks) {
            if (t.status() == TaskStatus.PENDING) {
                work += mean;
                pending = true;
            } else if (t.status() == TaskStatus.IN_PROGRESS) {
                long spent = t.started() == null ? 0 : Math.max(0, Duration.between(t.started(), now).toMillis());
                double left = Math.max(mean - spent, LATE_SHARE * spent);
                work += left;
                longestRunning = Math.max(longestRunning, left);
                running = true;
            }
        }
        Map<Integer, Integer> chains = scheduler.remainingPathLengths(tasks);
        int longestPendingChain = tasks.stream()
                .filter(t -> t.status() == TaskStatus.PENDING)
                .mapToInt(t -> chains.getOrDefault(t.id(), 1))
                .max().orElse(0);
        double millis = Math.max(Math.max(work / concurrency, longestPendingChain * mean), longestRunning);
        long seconds = (long) Math.ceil(millis / 1000.0);
        return pending || running ? Math.max(1, seconds) : 0;
    }

    private static int count(List<Task> tasks, TaskStatus status) {
        return (int) tasks.stream().filter(t -> t.status() == status).count();
    }
}
