package dev.longtask.model;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/** The life of a task. Wire names are lower case; markers are what task_plan.md and `tasks` show. */
public enum TaskStatus {
    PENDING("pending", "[ ]"),
    IN_PROGRESS("in_progress", "[>]"),
    COMPLETED("completed", "[x]"),
    FAILED("failed", "[!]"),
    CANCELLED("cancelled", "[-]");

    private final String wire;
    private final String marker;

    TaskStatus(String wire, String marker) {
        this.wire = wire;
        this.marker = marker;
    }

    @JsonValue
    public String wire() {
        return wire;
    }

    public String marker() {
        return marker;
    }

    /** A terminal task is never run again. */
    public boolean isTerminal() {
        return this == COMPLETED || this == FAILED || this == CANCELLED;
    }

    @JsonCreator
    public static TaskStatus fromWire(String text) {
        for (TaskStatus s : values()) {
            if (s.wire.equalsIgnoreCase(text) || s.name().equalsIgnoreCase(text)) {
                return s;
            }
        }
        throw new IllegalArgumentException("unknown task status '" + text
                + "' (expected pending, in_progress, completed, failed or cancelled)");
    }
}
