package dev.longtask.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.math.BigDecimal;
import java.time.Duration;

/** Limits of a run; a null field means no limit. Reaching one pauses the run (exit 3). */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Budget(
        @JsonProperty("max_tokens") Long maxTokens,
        @JsonProperty("max_cost_usd") BigDecimal maxCostUsd,
        @JsonProperty("max_time_s") Long maxTimeSeconds) {

    public static final Budget UNLIMITED = new Budget(null, null, null);

    public Duration maxTime() {
        return maxTimeSeconds == null ? null : Duration.ofSeconds(maxTimeSeconds);
    }

    /** Fields set in {@code override} replace those here; the rest stay. */
    public Budget overriddenBy(Budget override) {
        return new Budget(
                override.maxTokens != null ? override.maxTokens : maxTokens,
                override.maxCostUsd != null ? override.maxCostUsd : maxCostUsd,
                override.maxTimeSeconds != null ? override.maxTimeSeconds : maxTimeSeconds);
    }
}
