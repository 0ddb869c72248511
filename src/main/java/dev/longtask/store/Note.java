package dev.longtask.store;

import java.time.Instant;

/** A finding, decision or error as the markdown projections list it; {@code task} may be null. */
record Note(Instant time, Integer task, String text) {
}
