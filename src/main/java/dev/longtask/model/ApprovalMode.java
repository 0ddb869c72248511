package dev.longtask.model;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/**
 * Whether a run's tool calls wait for a person: {@code auto} allows what no rule denies, {@code ask} makes writes,
 * edits and shell commands wait for a decision, {@code read-only} refuses them. Recorded with the run's settings.
 */
public enum ApprovalMode {
    AUTO, ASK, READ_ONLY;

    @JsonValue
    public String wire() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** @throws IllegalArgumentException naming the accepted values */
    @JsonCreator
    public static ApprovalMode fromWire(String text) {
        for (ApprovalMode mode : values()) {
            if (mode.wire().equalsIgnoreCase(text.strip())) {
                return mode;
            }
        }
        throw new IllegalArgumentException("approval must be auto, ask or read-only, not '" + text + "'");
    }
}
