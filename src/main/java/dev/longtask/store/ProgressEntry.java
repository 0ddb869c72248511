package dev.longtask.store;

import java.time.Instant;

/**
 * One entry of {@code progress.md}: a session heading, a round heading, or a note under the current round.
 *
 * @param kind   {@code session}, {@code round} or {@code note}
 * @param number the session or round number; null for a note
 * @param text   the round's objective or the note; empty for a session
 */
record ProgressEntry(String kind, Instant time, Integer number, String text) {
    static final String SESSION = "session";
    static final String ROUND = "round";
    static final String NOTE = "note";
}
