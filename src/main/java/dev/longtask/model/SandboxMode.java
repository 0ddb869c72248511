package dev.longtask.model;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/**
 * How {@code bash} is confined: {@code auto} confines it where the machine allows and refuses it elsewhere,
 * {@code off} runs it unconfined because the user accepted the risk. Recorded with the run's settings.
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
        for (SandboxMode mode : values()) {
            if (mode.wire().equalsIgnoreCase(text.strip())) {
                return mode;
            }
        }
        throw new IllegalArgumentException("sandbox must be auto or off, not '" + text + "'");
    }
}
