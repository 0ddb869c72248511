package dev.longtask.model;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.math.BigDecimal;

/**
 * Tokens and money spent. {@code costUsd} sums only the calls whose price is known;
 * {@code unpricedCalls} counts the calls whose model has no price, so a total is never a made-up number. In JSON,
 * {@code cost_usd} is null when no call had a price (the cost is unknown, not $0), and sums the priced calls beside
 * {@code unpriced_calls} when only some had one.
 */
@JsonPropertyOrder({"input_tokens", "output_tokens", "cache_read_tokens", "cache_write_tokens", "cost_usd",
        "unpriced_calls"})
public record Usage(
        @JsonProperty("input_tokens") long inputTokens,
        @JsonProperty("output_tokens") long outputTokens,
        @JsonProperty("cache_read_tokens") long cacheReadTokens,
        @JsonProperty("cache_write_tokens") long cacheWriteTokens,
        @JsonProperty(value = "cost_usd", access = JsonProperty.Access.WRITE_ONLY) BigDecimal costUsd,
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

    /** The cost as a sentence ends with it: {@link #costText} and, when a call had no price, that this is why. */
    public String costExplained() {
        if (unpricedCalls == 0) {
            return costText();
        }
        return costText() + (costUsd.signum() == 0 ? " (no price for this model)"
                : " (no price for the model of " + unpricedCalls + (unpricedCalls == 1 ? " call)" : " calls)"));
    }

    /** The cost is unknown when a call had no price and none had one: JSON says null, not 0. */
    @JsonIgnore
    public boolean costUnknown() {
        return unpricedCalls > 0 && costUsd.signum() == 0;
    }

    /** {@code cost_usd} as JSON has it: null when the cost is unknown; reading takes null as no priced cost. */
    @JsonProperty("cost_usd")
    @JsonInclude(JsonInclude.Include.ALWAYS)
    BigDecimal costUsdOrUnknown() {
        return costUnknown() ? null : costUsd;
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
