package dev.longtask.model.plan;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.longtask.model.Counts;
import dev.longtask.model.Durations;
import java.math.BigDecimal;

/**
 * What a plan is expected to take before anything is spent. {@code inputTokens} are the prompt tokens billed at the
 * full price and {@code cacheReadTokens} those expected to be read from the provider's cache (0 where the provider
 * bills no caching). {@code costUsd} is null when the model's price is unknown; {@code basis} says what the figures
 * were learned from and {@code assumptions} what they rest on, so a user can judge them.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Estimate(
        int tasks,
        @JsonProperty("input_tokens") long inputTokens,
        @JsonProperty("output_tokens") long outputTokens,
        @JsonProperty("cache_read_tokens") long cacheReadTokens,
        @JsonProperty("cost_usd") BigDecimal costUsd,
        @JsonProperty("time_s") long seconds,
        String basis,
        String assumptions) {

    /** An estimate without prompt caching, made from its own assumptions (a review's). */
    public Estimate(int tasks, long inputTokens, long outputTokens, BigDecimal costUsd, long seconds,
                    String assumptions) {
        this(tasks, inputTokens, outputTokens, 0, costUsd, seconds, null, assumptions);
    }

    public long totalTokens() {
        return inputTokens + outputTokens + cacheReadTokens;
    }

    public String costText() {
        return costUsd == null ? "unknown (no price for this model)"
                : "$" + costUsd.setScale(2, java.math.RoundingMode.HALF_UP).toPlainString();
    }

    /** "12,000 in, 3,000 read from cache, 900 out": the split a run's own figures are written in. */
    public String tokenSplit() {
        return Counts.full(inputTokens) + " in, "
                + (cacheReadTokens > 0 ? Counts.full(cacheReadTokens) + " read from cache, " : "")
                + Counts.full(outputTokens) + " out";
    }

    public String text() {
        return Counts.plural(tasks, "task") + ", " + Counts.plural(totalTokens(), "token") + " (" + tokenSplit()
                + "), cost " + costText() + ", time " + Durations.text(seconds);
    }
}
