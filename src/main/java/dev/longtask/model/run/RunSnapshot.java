package dev.longtask.model.run;

import dev.longtask.model.Approval;
import dev.longtask.model.PermissionSettings;
import dev.longtask.model.Run;
import dev.longtask.model.Task;
import java.nio.file.Path;
import java.util.List;

/**
 * A run as a reader sees it, computed from the log (checkpoint + replay) without taking the write lock and
 * without repairing anything. What {@code status}, {@code tasks}, {@code runs} and other processes use.
 * {@code permissions} is what the newest session recorded (approval mode, the shell's confinement, the rules), or
 * null before any session recorded it. {@code history} is the fold of the whole log ({@link RunHistory}: time at work,
 * the latest session's concurrency, the first plan's estimate, ...), the same from every store.
 */
public record RunSnapshot(Path directory, Run run, List<Task> tasks, List<Approval> approvals,
                          PermissionSettings permissions, RunHistory history) {

    public RunSnapshot {
        tasks = List.copyOf(tasks);
        approvals = List.copyOf(approvals == null ? List.of() : approvals);
        history = history == null ? RunHistory.NONE : history;
    }

    /**
     * The concurrency the run works with: as it recorded it, else as its latest session said (a run made before its
     * settings were recorded), else {@code fallback}.
     */
    public int concurrency(int fallback) {
        Integer recorded = run.recordedSettings().concurrency();
        if (recorded != null) {
            return recorded;
        }
        return history.sessionConcurrency() != null ? history.sessionConcurrency() : fallback;
    }

    /** The questions no one has answered yet, oldest first. */
    public List<Approval> openApprovals() {
        return approvals.stream().filter(Approval::open).toList();
    }

    /** @throws NoSuchTaskException naming the id */
    public Task task(int id) {
        if (id < 1 || id > tasks.size()) {
            throw new NoSuchTaskException(id, tasks.size());
        }
        return tasks.get(id - 1);
    }

    public RunFigures figures() {
        return RunFigures.of(run, tasks);
    }
}
