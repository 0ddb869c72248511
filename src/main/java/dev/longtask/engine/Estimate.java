package dev.longtask.engine;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.longtask.model.Counts;
import dev.longtask.model.Durations;
import java.math.BigDecimal;

/**
 * What a plan is expected to take before anything is spent. {@code costUsd} is null when the model's price is
 * unknown; {@code assumptions} says what the figures rest on, so a user can judge them.
 */
public record Estimate(
        int tasks,
        @JsonProperty("input_tokens") long inputTokens,
        @JsonProperty("output_tokens") long outputTokens,
        @JsonProperty("cost_usd") BigDecimal costUsd,
        @JsonProperty("time_s") long seconds,
        String assumptions) {

    public String costText() {
        return costUsd == null ? "unknown (no price for this model)"
                : "$" + costUsd.setScale(2, java.math.RoundingMode.HALF_UP).toPlainString();
    }

    public String text() {
        return Counts.plural(tasks, "task") + ", " + Counts.full(inputTokens + outputTokens) + " tokens ("
                + Counts.full(inputTokens) + " in, " + Counts.full(outputTokens) + " out), cost " + costText()
                + ", time " + Durations.text(seconds);
    }
}
