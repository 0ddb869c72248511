package dev.longtask.model;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/**
 * Where a run's tasks change files: {@code shared}, all in the one workspace (their changes attributed and checked
 * for conflicts as they are made), or {@code worktree}, each task in a tree of its own that is merged into the
 * workspace when the task completes, a conflicting merge failing the task. Recorded with the run's settings, so a
 * resumed run keeps it.
 */
public enum Isolation {
    SHARED, WORKTREE;

    @JsonValue
    public String wire() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** @throws IllegalArgumentException naming the accepted values */
    @JsonCreator
    public static Isolation fromWire(String text) {
        for (Isolation mode : values()) {
            if (mode.wire().equalsIgnoreCase(text.strip())) {
                return mode;
            }
        }
        throw new IllegalArgumentException("isolation must be shared or worktree, not '" + text + "'");
    }
}
