package dev.longtask.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.time.Instant;

/**
 * A run as {@code run.json} holds it: goal, model, budgets, the other settings it keeps, status and totals.
 * {@code settings} is absent from runs made before settings were recorded (their run.json stays as it was).
 */
@JsonPropertyOrder({"format_version", "id", "goal", "workspace", "model", "status", "status_reason", "budget",
        "settings", "created", "updated", "usage", "session", "round", "last_seq"})
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
        @JsonInclude(JsonInclude.Include.NON_NULL) RunSettings settings,
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

    /** The recorded settings; {@link RunSettings#NONE} for a run made before they were recorded. */
    public RunSettings recordedSettings() {
        return settings == null ? RunSettings.NONE : settings;
    }
}
