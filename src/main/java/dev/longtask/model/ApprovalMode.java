package dev.longtask.model;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/**
 * How a run's tool calls are approved. {@code AUTO}: allowed unless a rule denies. {@code ASK}: {@code write},
 * {@code edit} and {@code bash} wait for a person's decision, reads never wait. {@code READ_ONLY}: {@code write},
 * {@code edit} and {@code bash} are refused.
 */
public enum ApprovalMode {
    AUTO, ASK, READ_ONLY;

    /** "auto", "ask", "read-only": as on the command line and in config.yaml. */
    @JsonValue
    public String wire() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** @throws IllegalArgumentException naming the accepted values */
    @JsonCreator
    public static ApprovalMode fromWire(String text) {
        String t = text == null ? "" : text.strip().toLowerCase(Locale.ROOT).replace('_', '-');
        for (ApprovalMode mode : values()) {
            if (mode.wire().equals(t)) {
                return mode;
            }
        }
        throw new IllegalArgumentException("must be auto, ask or read-only, got '" + text + "'");
    }
}
