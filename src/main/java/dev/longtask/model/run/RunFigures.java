package dev.longtask.model.run;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.longtask.model.Budget;
import dev.longtask.model.Run;
import dev.longtask.model.RunStatus;
import dev.longtask.model.Task;
import dev.longtask.model.Usage;
import java.time.Instant;
import java.util.List;

/**
 * The figures of a run that {@code longtask status} and {@code runs} show and {@code status --json} prints.
 * The engine adds its own (ETA, elapsed time) by wrapping this record.
 *
 * @param ready pending tasks with nothing left blocking them
 */
@JsonPropertyOrder({"run_id", "status", "status_reason", "goal", "model", "tasks", "completed", "failed",
        "running", "pending", "ready", "cancelled", "usage", "budget", "created", "updated", "last_seq"})
public record RunFigures(
        @JsonProperty("run_id") String runId,
        RunStatus status,
        @JsonProperty("status_reason") String statusReason,
        String goal,
        String model,
        int tasks,
        int completed,
        int failed,
        int running,
        int pending,
        int ready,
        int cancelled,
        Usage usage,
        Budget budget,
        Instant created,
        Instant updated,
        @JsonProperty("last_seq") long lastSeq) {

    public static RunFigures of(Run run, List<Task> tasks) {
        return of(run, TaskCounts.of(tasks));
    }

    public static RunFigures of(Run run, TaskCounts c) {
        return new RunFigures(run.id(), run.status(), run.statusReason(), run.goal(), run.model(), c.total(),
                c.completed(), c.failed(), c.running(), c.pending(), c.ready(), c.cancelled(), run.usage(), run.budget(),
                run.created(), run.updated(), run.lastSeq());
    }
}
