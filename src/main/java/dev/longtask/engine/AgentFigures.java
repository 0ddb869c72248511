package dev.longtask.engine;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * What one agent's work took in a run, on one model: summed over {@code units} (the agent's tasks; for the planner,
 * director, synthesizer and summarizer, one unit a run). Steps are model calls; input tokens are those billed at the
 * full price, the prompt tokens read from a provider's cache counted apart; seconds are the tasks' wall time from
 * start to end (tools included), or the role's model time.
 */
@JsonPropertyOrder({"agent", "model", "units", "steps", "input_tokens", "output_tokens", "cache_read_tokens",
        "cache_write_tokens", "seconds"})
record AgentFigures(
        String agent,
        String model,
        int units,
        long steps,
        @JsonProperty("input_tokens") long inputTokens,
        @JsonProperty("output_tokens") long outputTokens,
        @JsonProperty("cache_read_tokens") long cacheReadTokens,
        @JsonProperty("cache_write_tokens") long cacheWriteTokens,
        double seconds) {

    /** Nothing yet, for {@code agent} on {@code model}. */
    static AgentFigures none(String agent, String model) {
        return new AgentFigures(agent, model, 0, 0, 0, 0, 0, 0, 0);
    }

    AgentFigures plus(AgentFigures o) {
        return new AgentFigures(agent, model, units + o.units, steps + o.steps, inputTokens + o.inputTokens,
                outputTokens + o.outputTokens, cacheReadTokens + o.cacheReadTokens, cacheWriteTokens + o.cacheWriteTokens,
                seconds + o.seconds);
    }

    /** The same figures for {@code n} units at this one's mean a unit. */
    AgentFigures times(int n) {
        double f = units == 0 ? 0 : (double) n / units;
        return new AgentFigures(agent, model, n, Math.round(steps * f), Math.round(inputTokens * f),
                Math.round(outputTokens * f), Math.round(cacheReadTokens * f), Math.round(cacheWriteTokens * f),
                seconds * f);
    }

    /** Every prompt token a unit sends, cached or not. */
    @JsonIgnore
    long promptTokens() {
        return inputTokens + cacheReadTokens + cacheWriteTokens;
    }

    @JsonIgnore
    double stepsPerUnit() {
        return units == 0 ? 0 : (double) steps / units;
    }

    @JsonIgnore
    double secondsPerUnit() {
        return units == 0 ? 0 : seconds / units;
    }
}
