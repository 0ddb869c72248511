package dev.longtask.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The estimate recorded with an accepted plan ({@code plan.accepted}): what an ETA counts down from until tasks have finished
 * and durations can be measured.
 *
 * @param seconds  the estimate's wall time for the whole plan, or null when the plan came without one
 * @param accepted when the plan was accepted
 */
public record PlanEstimate(@JsonProperty("time_s") Long seconds, Instant accepted) {
    /** The estimate of the plan a {@code plan.accepted} event accepts; empty for an event of another kind. */
    public static Optional<PlanEstimate> of(Event e) {
        if (!EventType.PLAN_ACCEPTED.equals(e.type()) || e.data() == null) {
            return Optional.empty();
        }
        JsonNode time = e.data().path("estimate").path("time_s");
        return Optional.of(new PlanEstimate(time.isNumber() ? Long.valueOf(time.asLong()) : null,
                e.time()));
    }

    /** What is left of the estimate at {@code now}, in seconds; empty when there is none or it has run out. */
    public OptionalLong secondsLeft(Instant now) {
        if (seconds == null || accepted == null) {
            return OptionalLong.empty();
        }
        long left = seconds - Duration.between(accepted, now).toSeconds();
        return left > 0 ? OptionalLong.of(left) : OptionalLong.empty();
    }
}
