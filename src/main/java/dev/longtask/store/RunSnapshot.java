package dev.longtask.store;

import dev.longtask.model.Run;
import dev.longtask.model.Task;
import java.nio.file.Path;
import java.util.List;

/**
 * A run as a reader sees it, computed from the log (checkpoint + replay) without taking the write lock and
 * without repairing anything. What {@code status}, {@code tasks}, {@code runs} and other processes use.
 */
public record RunSnapshot(Path directory, Run run, List<Task> tasks) {

    public RunSnapshot {
        tasks = List.copyOf(tasks);
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
