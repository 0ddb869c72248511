package dev.longtask.model;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/** A person's answer to a tool call that waited for approval. */
public enum ApprovalDecision {
    /** This call runs; the next one like it asks again. */
    ALLOW_ONCE,
    /** This call runs, and the question's rule allows calls like it for the rest of the run. */
    ALLOW_ALWAYS,
    /** The call does not run; the reason goes back to the model as the tool's error. */
    DENY;

    @JsonValue
    public String wire() {
        return name().toLowerCase(Locale.ROOT);
    }

    public boolean allows() {
        return this != DENY;
    }

    @JsonCreator
    public static ApprovalDecision fromWire(String text) {
        return valueOf(text.strip().toUpperCase(Locale.ROOT));
    }
}
