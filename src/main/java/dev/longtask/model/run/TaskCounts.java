package dev.longtask.model.run;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.longtask.model.Task;
import java.util.List;

/**
 * How many tasks a run has in each status, as {@code run.json} holds them under {@code tasks}.
 *
 * @param ready pending tasks with nothing left blocking them
 */
@JsonPropertyOrder({"total", "completed", "failed", "running", "pending", "ready", "cancelled"})
public record TaskCounts(int total, int completed, int failed, int running, int pending, int ready, int cancelled) {
    public static final String FIELD = "tasks";

    public static TaskCounts of(List<Task> tasks) {
        int completed = 0;
        int failed = 0;
        int running = 0;
        int pending = 0;
        int ready = 0;
        int cancelled = 0;
        for (Task task : tasks) {
            switch (task.status()) {
                case COMPLETED -> completed++;
                case FAILED -> failed++;
                case IN_PROGRESS -> running++;
                case CANCELLED -> cancelled++;
                case PENDING -> {
                    pending++;
                    if (task.isReady()) {
                        ready++;
                    }
                }
            }
        }
        return new TaskCounts(tasks.size(), completed, failed, running, pending, ready, cancelled);
    }
}
