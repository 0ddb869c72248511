package dev.longtask.model.run;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.longtask.model.Event;
import dev.longtask.model.EventType;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The time a run spent at work, as the fold of its log counts it. */
class RunHistoryTest {
    private static final Instant T0 = Instant.parse("2026-11-28T00:00:00Z");

    @Test
    void aRollbackMadeAfterTheSessionDoesNotCountAsTimeAtWork() {
        RunHistory history = RunHistory.of(List.of(
                event(1, 0, EventType.SESSION_STARTED),
                event(2, 12, EventType.TASK_COMPLETED),
                event(3, 100, EventType.RUN_ROLLED_BACK),
                event(4, 300, EventType.RUN_ROLLED_BACK)));

        assertThat(history.activeTime()).isEqualTo(Duration.ofSeconds(12));

        RunHistory resumed = history.after(List.of(event(5, 400, EventType.SESSION_STARTED),
                event(6, 403, EventType.TASK_COMPLETED)));
        assertThat(resumed.activeTime()).as("the next session adds its own time only").isEqualTo(Duration.ofSeconds(15));
    }

    private static Event event(long seq, long second, String type) {
        return new Event(seq, T0.plusSeconds(second), type, null, JsonNodeFactory.instance.objectNode());
    }
}
