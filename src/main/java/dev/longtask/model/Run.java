package dev.longtask.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.time.Instant;

/** A run as {@code run.json} holds it: goal, model, budgets, status and totals. */
@JsonPropertyOrder({"format_version", "id", "goal", "workspace", "model", "status", "status_reason", "budget",
        "created", "updated", "usage", "session", "round", "last_seq"})
@JsonInclude(JsonInclude.Include.ALWAYS)
public record Run(
        @JsonProperty("format_version") int formatVersion,
        String id,
        String goal,
        String workspace,
        String model,
        RunStatus status,
        @JsonProperty("status_reason") String statusReason,
        Budget budget,
        Instant created,
        Instant updated,
        Usage usage,
        int session,
        int round,
        @JsonProperty("last_seq") long lastSeq) {

    public static final int FORMAT_VERSION = 1;

    public Run {
        budget = budget == null ? Budget.UNLIMITED : budget;
        usage = usage == null ? Usage.ZERO : usage;
        status = status == null ? RunStatus.CREATED : status;
        statusReason = statusReason == null ? "" : statusReason;
    }
}
