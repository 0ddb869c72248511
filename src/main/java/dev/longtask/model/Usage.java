package dev.longtask.model;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.math.BigDecimal;

/**
 * Tokens and money spent. {@code costUsd} sums only the calls whose price is known;
 * {@code unpricedCalls} counts the calls whose model has no price, so a total is never a made-up number.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Usage(
        @JsonProperty("input_tokens") long inputTokens,
        @JsonProperty("output_tokens") long outputTokens,
        @JsonProperty("cache_read_tokens") long cacheReadTokens,
        @JsonProperty("cache_write_tokens") long cacheWriteTokens,
        @JsonProperty("cost_usd") BigDecimal costUsd,
        @JsonProperty("unpriced_calls") int unpricedCalls) {

    public static final Usage ZERO = new Usage(0, 0, 0, 0, BigDecimal.ZERO, 0);

    public Usage {
        costUsd = costUsd == null ? BigDecimal.ZERO : costUsd;
    }

    /** Usage of one call whose price is unknown. */
    public static Usage unpriced(long input, long output, long cacheRead, long cacheWrite) {
        return new Usage(input, output, cacheRead, cacheWrite, BigDecimal.ZERO, 1);
    }

    public Usage plus(Usage other) {
        if (other == null) {
            return this;
        }
        return new Usage(inputTokens + other.inputTokens, outputTokens + other.outputTokens,
                cacheReadTokens + other.cacheReadTokens, cacheWriteTokens + other.cacheWriteTokens,
                costUsd.add(other.costUsd), unpricedCalls + other.unpricedCalls);
    }

    /**
     * Every token the model read or wrote: with prompt caching most of the input is counted as cache reads and
     * writes, and a token budget counts those too.
     */
    @JsonIgnore
    public long totalTokens() {
        return inputTokens + outputTokens + cacheReadTokens + cacheWriteTokens;
    }

    /** "$0.0421", "unknown", or "$0.0421 + unknown" when some calls had no price. */
    public String costText() {
        String known = "$" + costUsd.setScale(4, java.math.RoundingMode.HALF_UP).toPlainString();
        if (unpricedCalls == 0) {
            return known;
        }
        return costUsd.signum() == 0 ? "unknown" : known + " + unknown";
    }
}
