package dev.longtask.cli.view;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.longtask.model.plan.ProgressSnapshot;
import dev.longtask.model.Event;
import dev.longtask.model.EventType;
import dev.longtask.model.JsonMapping;
import dev.longtask.model.PlanEstimate;
import dev.longtask.model.RunStatus;
import dev.longtask.model.Usage;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Until a task finishes the ETA counts down the plan's estimate, then it is measured. */
class PlanClockTest {
    private static final Instant T0 = Instant.parse("2026-11-26T10:00:00Z");

    private static ProgressSnapshot progress(Long eta) {
        return new ProgressSnapshot("r", RunStatus.RUNNING, "", 3, 0, 0, 0, 1, 2, 0, 30, eta, null, Usage.ZERO, List.of());
    }

    private static Event planAccepted(long seconds) {
        ObjectNode data = JsonMapping.newMapper().createObjectNode();
        data.putObject("estimate").put("time_s", seconds);
        return new Event(5, T0, EventType.PLAN_ACCEPTED, null, data);
    }

    @Test
    void theEstimateCountsDownUntilATaskFinishes() {
        Optional<PlanEstimate> plan = PlanEstimate.of(planAccepted(400));
        assertThat(PlanClock.eta(progress(null), plan, T0.plusSeconds(100))).isEqualTo("5m (estimated)");
        assertThat(PlanClock.eta(progress(null), plan, T0.plusSeconds(500))).as("past the estimate").isEqualTo("unknown");
        assertThat(PlanClock.eta(progress(70L), plan, T0.plusSeconds(100))).as("measured").isEqualTo("1m 10s");
        assertThat(PlanClock.eta(progress(null), Optional.empty(), T0)).isEqualTo("unknown");
        assertThat(PlanEstimate.of(new Event(6, T0, EventType.TASK_CLAIMED, 1, null))).isEmpty();
    }
}
