package dev.longtask.cli.view;

import dev.longtask.model.plan.ProgressSnapshot;
import dev.longtask.model.Durations;
import dev.longtask.model.Event;
import dev.longtask.model.PlanEstimate;
import java.time.Instant;
import java.util.Optional;
import java.util.function.Function;

/**
 * The plan's estimated time, counted down from when the plan was accepted: what the ETA shows until the first
 * task finishes and durations can be measured ("6m 40s (estimated)"), instead of "unknown". The estimate is the
 * store's ({@link dev.longtask.model.run.RunHistory#firstPlan()}), so a run kept in a database shows the same as one kept
 * in files.
 */
public final class PlanClock {
    private PlanClock() {
    }

    /**
     * What a live view knows of the plan's estimate: from the event that accepts the plan, or, at a resume's
     * first event, from the store (the plan was accepted in an earlier session).
     */
    static final class Tracker {
        /** The first accepted plan of a run, by its id, as the store has it. */
        private final Function<String, Optional<PlanEstimate>> earlier;
        private Optional<PlanEstimate> plan;

        Tracker(Function<String, Optional<PlanEstimate>> earlier) {
            this.earlier = earlier;
        }

        void see(Event event, ProgressSnapshot snapshot) {
            if (plan != null && plan.isPresent() && plan.get().seconds() != null) {
                return;
            }
            Optional<PlanEstimate> here = PlanEstimate.of(event).filter(p -> p.seconds() != null);
            plan = here.isPresent() || plan != null ? here : earlier.apply(snapshot.runId());
        }

        String eta(ProgressSnapshot snapshot, Instant now) {
            return PlanClock.eta(snapshot, plan == null ? Optional.empty() : plan, now);
        }
    }

    /** The ETA to show: measured once a task has finished, else what is left of the estimate, else "unknown". */
    public static String eta(ProgressSnapshot snapshot, Optional<PlanEstimate> plan, Instant now) {
        if (snapshot.etaSeconds() != null) {
            return snapshot.etaText();
        }
        return plan.stream().flatMapToLong(p -> p.secondsLeft(now).stream()).boxed().findFirst()
                .map(left -> Durations.text(left) + " (estimated)")
                .orElse(snapshot.etaText());
    }
}
