package dev.longtask.model.review;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.longtask.model.Durations;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.List;

/**
 * What a whole review is expected to take before anything is spent. {@code costUsd} is null when no price is
 * known for the model. {@code seconds} is wall time with the given concurrency. {@code tasks} are the tasks of
 * the graph (two per chunk); {@code steps} are the role calls besides them (director, synthesizer).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ReviewEstimate(
        int chunks,
        int tasks,
        int calls,
        @JsonProperty("input_tokens") long inputTokens,
        @JsonProperty("output_tokens") long outputTokens,
        @JsonProperty("cost_usd") BigDecimal costUsd,
        @JsonProperty("time_s") long seconds,
        int concurrency,
        String model,
        List<String> focus,
        @JsonProperty("per_chunk") List<ChunkEstimate> perChunk,
        List<StepEstimate> steps,
        String assumptions) {

    /** One chunk's analysis and review tasks together. */
    public record ChunkEstimate(
            String id,
            @JsonProperty("code_tokens") long codeTokens,
            int calls,
            @JsonProperty("input_tokens") long inputTokens,
            @JsonProperty("output_tokens") long outputTokens,
            @JsonProperty("time_s") double seconds) {
    }

    /** The director or the synthesizer. */
    public record StepEstimate(
            String name,
            int calls,
            @JsonProperty("input_tokens") long inputTokens,
            @JsonProperty("output_tokens") long outputTokens,
            @JsonProperty("time_s") double seconds) {
    }

    public String costText() {
        return costUsd == null ? "unknown (no price for " + (model == null ? "the model" : model) + ")"
                : "$" + costUsd.setScale(2, RoundingMode.HALF_UP).toPlainString();
    }

    public String timeText() {
        return Durations.text(seconds);
    }
}
