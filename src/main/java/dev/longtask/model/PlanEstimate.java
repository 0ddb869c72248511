package dev.longtask.model;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The estimate recorded with an accepted plan ({@code plan.accepted}): what an ETA counts down from until tasks have
 * finished and durations can be measured, and what the run's figures are set beside when it ends ("estimate ... ·
 * actual ..."). Every figure but the time may be missing from a plan recorded before it was kept.
 *
 * @param seconds         the estimate's wall time for the whole plan, or null when the plan came without one
 * @param accepted        when the plan was accepted
 * @param tasks           the plan's tasks, or null
 * @param inputTokens     prompt tokens billed at the full price, or null
 * @param outputTokens    output tokens, or null
 * @param cacheReadTokens prompt tokens expected to be read from the provider's cache, or null
 * @param costUsd         the cost, or null when the model's price is unknown
 * @param basis           what the figures were learned from ("this workspace's last 3 runs", "built-in priors")
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record PlanEstimate(@JsonProperty("time_s") Long seconds, Instant accepted, Integer tasks,
                           @JsonProperty("input_tokens") Long inputTokens,
                           @JsonProperty("output_tokens") Long outputTokens,
                           @JsonProperty("cache_read_tokens") Long cacheReadTokens,
                           @JsonProperty("cost_usd") BigDecimal costUsd, String basis) {

    /** An estimate of the time alone. */
    public PlanEstimate(Long seconds, Instant accepted) {
        this(seconds, accepted, null, null, null, null, null, null);
    }

    /** The estimate of the plan a {@code plan.accepted} event accepts; empty for an event of another kind. */
    public static Optional<PlanEstimate> of(Event e) {
        if (!EventType.PLAN_ACCEPTED.equals(e.type()) || e.data() == null) {
            return Optional.empty();
        }
        JsonNode estimate = e.data().path("estimate");
        return Optional.of(new PlanEstimate(number(estimate.path("time_s")), e.time(),
                estimate.path("tasks").isNumber() ? estimate.path("tasks").asInt() : null,
                number(estimate.path("input_tokens")), number(estimate.path("output_tokens")),
                number(estimate.path("cache_read_tokens")),
                estimate.path("cost_usd").isNumber() ? estimate.path("cost_usd").decimalValue() : null,
                estimate.path("basis").isTextual() ? estimate.path("basis").asText() : null));
    }

    private static Long number(JsonNode n) {
        return n.isNumber() ? Long.valueOf(n.asLong()) : null;
    }

    /** Whether the plan's tokens were estimated (a plan recorded before they were kept has its time alone). */
    @JsonIgnore
    public boolean hasTokens() {
        return inputTokens != null && outputTokens != null;
    }

    /** Every token the estimate expects, cached or not; 0 when it has none. */
    @JsonIgnore
    public long totalTokens() {
        return (inputTokens == null ? 0 : inputTokens) + (outputTokens == null ? 0 : outputTokens)
                + (cacheReadTokens == null ? 0 : cacheReadTokens);
    }

    /**
     * The estimate in one line, as the figures it is set beside are written: "40,000 tokens, $0.05, 1m 05s".
     * Empty when it holds the time alone.
     */
    public String text() {
        if (!hasTokens()) {
            return seconds == null ? "" : Durations.text(seconds);
        }
        return Counts.plural(totalTokens(), "token") + ", " + (costUsd == null ? "cost unknown"
                : "$" + costUsd.setScale(2, java.math.RoundingMode.HALF_UP).toPlainString())
                + (seconds == null ? "" : ", " + Durations.text(seconds));
    }

    /**
     * How the run's figures compare with the estimate, as ratios ("actual: 0.9x the tokens, 1.2x the cost, 0.5x the
     * time"); the figures either side lacks are left out, and an estimate with none gives "".
     *
     * @param used    what the run used
     * @param seconds the run's time at work
     */
    public String ratios(Usage used, long seconds) {
        java.util.List<String> parts = new java.util.ArrayList<>();
        if (hasTokens() && totalTokens() > 0) {
            parts.add(ratio(used.totalTokens(), totalTokens()) + " the tokens");
        }
        if (costUsd != null && costUsd.signum() > 0 && used.unpricedCalls() == 0) {
            parts.add(ratio(used.costUsd().doubleValue(), costUsd.doubleValue()) + " the cost");
        }
        if (this.seconds != null && this.seconds > 0) {
            parts.add(ratio(seconds, this.seconds) + " the time");
        }
        return parts.isEmpty() ? "" : "actual " + String.join(", ", parts);
    }

    /**
     * A ratio as a user reads it: "12x", "1.3x", "0.4x"; under 0.1 with two decimals ("0.04x"), since an estimate
     * 25 times too high is not "0.0x", and "under 0.01x" below that. Nothing used is "0x".
     */
    static String ratio(double actual, double estimated) {
        double r = actual / estimated;
        if (r == 0) {
            return "0x";
        }
        if (r < 0.005) {
            return "under 0.01x";
        }
        String digits = r >= 9.95 ? "%.0f" : r >= 0.095 ? "%.1f" : "%.2f";
        return String.format(java.util.Locale.ROOT, digits, r) + "x";
    }

    /** What is left of the estimate at {@code now}, in seconds; empty when there is none or it has run out. */
    public OptionalLong secondsLeft(Instant now) {
        if (seconds == null || accepted == null) {
            return OptionalLong.empty();
        }
        long left = seconds - Duration.between(accepted, now).toSeconds();
        return left > 0 ? OptionalLong.of(left) : OptionalLong.empty();
    }
}
