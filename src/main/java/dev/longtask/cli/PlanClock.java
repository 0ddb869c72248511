package dev.longtask.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.longtask.engine.ProgressSnapshot;
import dev.longtask.model.Durations;
import dev.longtask.model.Event;
import dev.longtask.model.EventType;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * The plan's estimated time, counted down from when the plan was accepted: what the ETA shows until the first
 * task finishes and durations can be measured ("6m 40s (estimated)"), instead of "unknown".
 *
 * @param seconds  the estimate's wall time for the whole plan
 * @param accepted when the plan was accepted
 */
record PlanClock(long seconds, Instant accepted) {

    /** The estimate of an accepted plan, when the event is one that carries it. */
    static Optional<PlanClock> of(Event event) {
        if (!EventType.PLAN_ACCEPTED.equals(event.type()) || event.data() == null) {
            return Optional.empty();
        }
        return of(event.data(), event.time());
    }

    /** The first accepted plan's estimate in a run's log, read without the store (another process may write it). */
    static Optional<PlanClock> inLog(Path runDirectory, ObjectMapper json) {
        String type = "\"type\":\"" + EventType.PLAN_ACCEPTED + "\"";
        try (BufferedReader log = Files.newBufferedReader(runDirectory.resolve("events.jsonl"), StandardCharsets.UTF_8)) {
            for (String line = log.readLine(); line != null; line = log.readLine()) {
                if (line.contains(type)) {
                    JsonNode event = json.readTree(line);
                    return of(event.path("data"), Instant.parse(event.path("time").asText()));
                }
            }
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
        return Optional.empty();
    }

    private static Optional<PlanClock> of(JsonNode data, Instant time) {
        JsonNode estimate = data.path("estimate");
        return estimate.path("time_s").isNumber() ? Optional.of(new PlanClock(estimate.path("time_s").asLong(), time))
                : Optional.empty();
    }

    /**
     * What a live view knows of the plan's estimate: from the event that accepts the plan, or, at a resume's
     * first event, from the log (the plan was accepted in an earlier session).
     */
    static final class Tracker {
        private final Path runsDirectory;
        private final ObjectMapper json;
        private Optional<PlanClock> plan;

        Tracker(Path runsDirectory, ObjectMapper json) {
            this.runsDirectory = runsDirectory;
            this.json = json;
        }

        void see(Event event, ProgressSnapshot snapshot) {
            if (plan != null && plan.isPresent()) {
                return;
            }
            Optional<PlanClock> here = of(event);
            plan = here.isPresent() || plan != null ? here : inLog(runsDirectory.resolve(snapshot.runId()), json);
        }

        String eta(ProgressSnapshot snapshot, Instant now) {
            return PlanClock.eta(snapshot, plan == null ? Optional.empty() : plan, now);
        }
    }

    /** The ETA to show: measured once a task has finished, else what is left of the estimate, else "unknown". */
    static String eta(ProgressSnapshot snapshot, Optional<PlanClock> plan, Instant now) {
        if (snapshot.etaSeconds() != null) {
            return snapshot.etaText();
        }
        return plan.map(p -> p.seconds() - Duration.between(p.accepted(), now).toSeconds())
                .filter(left -> left > 0)
                .map(left -> Durations.text(left) + " (estimated)")
                .orElse(snapshot.etaText());
    }
}
