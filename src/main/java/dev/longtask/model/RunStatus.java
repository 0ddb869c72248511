package dev.longtask.model;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/**
 * The life of a run. PAUSED and INTERRUPTED runs are resumable. QUEUED is a run the server has taken and keeps
 * waiting for a slot in its pool; it has not started and any session may take it up.
 */
public enum RunStatus {
    CREATED, QUEUED, PLANNING, RUNNING, PAUSED, INTERRUPTED, COMPLETED, FAILED, CANCELLED;

    @JsonValue
    public String wire() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }

    public boolean isResumable() {
        return this != COMPLETED && this != CANCELLED;
    }

    @JsonCreator
    public static RunStatus fromWire(String text) {
        return valueOf(text.toUpperCase(java.util.Locale.ROOT));
    }
}
