package dev.longtask.engine;

import dev.longtask.model.Run;
import dev.longtask.model.RunStatus;
import dev.longtask.model.Task;
import dev.longtask.model.TaskStatus;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * Computes progress and an ETA from the graph alone, so a live run and `status` in another process show the
 * same figures. The ETA uses the durations of the tasks finished so far: the remaining work spread over the
 * workers, but never less than the longest remaining chain.
 */
public final class Progress {
    private final Scheduler scheduler = new Scheduler();

    public ProgressSnapshot snapshot(Run run, List<Task> tasks, int concurrency, Instant now) {
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
                running, pending, percent, elapsed, eta(tasks, Math.max(1, concurrency), now), run.usage(),
                runningTasks);
    }

    /**
     * Seconds until the graph drains, or null when no task has finished yet to learn a duration from, or when all
     * that remains are running tasks already past the mean (nothing says how much longer they take). Rounded up:
     * work that remains never reads as 0 s.
     */
    Long eta(List<Task> tasks, int concurrency, Instant now) {
        double mean = tasks.stream()
                .filter(t -> t.status() == TaskStatus.COMPLETED && t.started() != null && t.finished() != null)
                .mapToLong(t -> Duration.between(t.started(), t.finished()).toMillis())
                .average().orElse(-1);
        if (mean < 0) {
            return null;
        }
        double work = 0;
        boolean pending = false;
        boolean running = false;
        for (Task t : tasks) {
            if (t.status() == TaskStatus.PENDING) {
                work += mean;
                pending = true;
            } else if (t.status() == TaskStatus.IN_PROGRESS) {
                long spent = t.started() == null ? 0 : Duration.between(t.started(), now).toMillis();
                work += Math.max(mean - spent, 0);
                running = true;
            }
        }
        if (!pending && running && work == 0) {
            return null;
        }
        Map<Integer, Integer> chains = scheduler.remainingPathLengths(tasks);
        int longestPendingChain = tasks.stream()
                .filter(t -> t.status() == TaskStatus.PENDING)
                .mapToInt(t -> chains.getOrDefault(t.id(), 1))
                .max().orElse(0);
        double millis = Math.max(work / concurrency, longestPendingChain * mean);
        long seconds = (long) Math.ceil(millis / 1000.0);
        return pending || running ? Math.max(1, seconds) : 0;
    }

    private static int count(List<Task> tasks, TaskStatus status) {
        return (int) tasks.stream().filter(t -> t.status() == status).count();
    }
}
