package dev.longtask.model;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/**
 * Whether {@code bash} must run confined. {@code AUTO}: in the best confinement that works here, and refused where
 * none does. {@code OFF}: the user accepts that commands run unconfined, with all of the user's rights.
 */
public enum SandboxMode {
    AUTO, OFF;

    @JsonValue
    public String wire() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** @throws IllegalArgumentException naming the accepted values */
    @JsonCreator
    public static SandboxMode fromWire(String text) {
        String t = text == null ? "" : text.strip().toLowerCase(Locale.ROOT);
        for (SandboxMode mode : values()) {
            if (mode.wire().equals(t)) {
                return mode;
            }
        }
        throw new IllegalArgumentException("must be auto or off, got '" + text + "'");
    }
}
