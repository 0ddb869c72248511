package dev.longtask.store;

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
 * null before any session recorded it.
 */
public record RunSnapshot(Path directory, Run run, List<Task> tasks, List<Approval> approvals,
                          PermissionSettings permissions) {

    public RunSnapshot {
        tasks = List.copyOf(tasks);
        approvals = List.copyOf(approvals == null ? List.of() : approvals);
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
