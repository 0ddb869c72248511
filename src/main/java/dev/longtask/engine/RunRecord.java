package dev.longtask.engine;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import dev.longtask.model.PlanEstimate;

/**
 * What one finished run took, as the usage history keeps it: per agent and model what its tasks took
 * ({@link AgentFigures}), the run's totals, and the estimate its plan was made with, so an estimate of a later plan
 * can be made from what runs really took and the history shows how far off the earlier estimates were.
 *
 * @param seconds  the run's time at work (its sessions, as {@code --max-time} counts it)
 * @param overhead the part of it neither a task nor a role's model call took: starting, reading the workspace,
 *                 writing the report, waiting between tasks
 * @param estimate the first plan's estimate, or null when it was made without one
 */
@JsonPropertyOrder({"run_id", "finished", "model", "status", "tasks", "concurrency", "input_tokens",
        "output_tokens", "cache_read_tokens", "cost_usd", "seconds", "overhead", "agents", "estimate"})
record RunRecord(
        @JsonProperty("run_id") String runId,
        Instant finished,
        String model,
        String status,
        int tasks,
        int concurrency,
        @JsonProperty("input_tokens") long inputTokens,
        @JsonProperty("output_tokens") long outputTokens,
        @JsonProperty("cache_read_tokens") long cacheReadTokens,
        @JsonProperty("cost_usd") BigDecimal costUsd,
        long seconds,
        double overhead,
        List<AgentFigures> agents,
        PlanEstimate estimate) {

    RunRecord {
        agents = agents == null ? List.of() : List.copyOf(agents);
    }
}
