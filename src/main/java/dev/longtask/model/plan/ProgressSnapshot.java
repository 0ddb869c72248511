package dev.longtask.model.plan;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.longtask.model.Durations;
import dev.longtask.model.RunStatus;
import dev.longtask.model.Usage;
import java.util.List;

/**
 * The figures a user watches: counts, percent, ETA, tokens, cost, and one line per running task. {@code elapsed_s}
 * is the wall time since the run was created; {@code work_s} the time it was at work (its sessions, as
 * {@code --max-time} counts it), or null where the run's history was not at hand.
 */
public record ProgressSnapshot(
        @JsonProperty("run_id") String runId,
        RunStatus status,
        @JsonProperty("status_reason") String statusReason,
        int total,
        int completed,
        int failed,
        int cancelled,
        int running,
        int pending,
        double percent,
        @JsonProperty("elapsed_s") long elapsedSeconds,
        @JsonProperty("eta_s") Long etaSeconds,
        @JsonProperty("work_s") Long workSeconds,
        Usage usage,
        List<RunningTask> tasks) {

    /** A task being worked on now. */
    public record RunningTask(int id, String subject, String agent, @JsonProperty("elapsed_s") long elapsedSeconds,
                              int attempts) {
    }

    /** "3m 20s", "1h 05m" ({@link Durations}), or "unknown" when there is nothing to estimate from. */
    public String etaText() {
        return etaSeconds == null ? "unknown" : Durations.text(etaSeconds);
    }
}
