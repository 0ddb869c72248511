package dev.longtask.store;

import dev.longtask.model.Task;
import java.util.Arrays;
import java.util.List;

/**
 * The task lines of {@code task_plan.md} ({@link Task#line}), kept between passes of one projector: a task whose
 * status, subject and blockers are those of the task its line was made from keeps its line, so a pass re-renders
 * only the lines of the tasks that changed, and knows whether any did. Not thread-safe; one projector owns it.
 */
final class PlanLines {
    private Task[] from = new Task[0];
    private String[] lines = new String[0];
    private List<Task> seen;

    /**
     * Brings the lines up to {@code tasks}; true when a line was added, removed or changed since the last call
     * (on the first unless it is empty).
     */
    boolean update(List<Task> tasks) {
        if (tasks == seen) {
            return false;
        }
        seen = tasks;
        boolean changed = tasks.size() != lines.length;
        if (changed) {
            from = Arrays.copyOf(from, tasks.size());
            lines = Arrays.copyOf(lines, tasks.size());
        }
        for (int i = 0; i < tasks.size(); i++) {
            Task task = tasks.get(i);
            Task was = from[i];
            if (was == task) {
                continue;
            }
            if (was == null || was.id() != task.id() || was.status() != task.status()
                    || !was.subject().equals(task.subject()) || !was.blockedBy().equals(task.blockedBy())) {
                String line = task.line();
                changed |= !line.equals(lines[i]);
                lines[i] = line;
            }
            from[i] = task;
        }
        return changed;
    }

    /** The line of the task at {@code index} of the list last given to {@link #update}. */
    String line(int index) {
        return lines[index];
    }
}
