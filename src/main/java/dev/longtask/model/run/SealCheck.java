package dev.longtask.model.run;

import dev.longtask.model.RunSettings;

/**
 * Whether a run's log is the one its store wrote, as its seal ({@code events.seal}, docs/store.md) says. A resume
 * honours a recorded setting that loosens confinement only from an {@link Kind#INTACT} log.
 *
 * @param problem what is wrong, in a few plain words ("line 3 is not the line the store wrote"); null when intact
 * @param sealed  the settings the store last wrote, as its seal keeps them, when the log disagrees; else null
 */
public record SealCheck(Kind kind, String problem, RunSettings sealed) {
    public enum Kind {
        /** Every line is the one the store wrote (or the store keeps no seal: a database agents cannot reach). */
        INTACT,
        /** Lines written by a longtask that sealed nothing: accepted, but they vouch for no loosening. */
        UNSEALED,
        /** The log and its seal disagree: a line changed, added or lost outside the store. */
        BROKEN
    }

    public static final SealCheck INTACT = new SealCheck(Kind.INTACT, null, null);

    public boolean intact() {
        return kind == Kind.INTACT;
    }
}
