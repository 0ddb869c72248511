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

    /**
     * What is made while the run rests (a resume raising the budget before its session starts, a cancel, an answer to
     * a question, a task added by hand) is no session's work: a run paused by --max-time 15s and resumed a minute
     * later with --max-time 30s has been at work 15 s when its second session starts, not 75 s, so that session is
     * not stopped at once.
     */
    @Test
    void whatIsMadeBetweenSessionsDoesNotCountAsTimeAtWork() {
        RunHistory history = RunHistory.of(List.of(
                event(1, 0, EventType.SESSION_STARTED),
                event(2, 10, EventType.TASK_COMPLETED),
                status(3, 15, "paused"),
                event(4, 40, EventType.APPROVAL_ANSWERED),
                event(5, 60, EventType.TASK_CREATED),
                event(6, 75, EventType.RUN_BUDGET)));
        assertThat(history.activeTime()).isEqualTo(Duration.ofSeconds(15));

        RunHistory second = history.after(List.of(event(7, 76, EventType.SESSION_STARTED),
                event(8, 80, EventType.TASK_COMPLETED)));
        assertThat(second.activeTime()).isEqualTo(Duration.ofSeconds(19));
        assertThat(second.activeTime(T0.plusSeconds(90))).as("the live figure of the second session")
                .isEqualTo(Duration.ofSeconds(29));

        RunHistory cancelled = second.after(List.of(status(9, 81, "paused"), event(10, 500, EventType.TASK_CANCELLED),
                status(11, 500, "cancelled")));
        assertThat(cancelled.activeTime()).isEqualTo(Duration.ofSeconds(20));
    }

    /** A session killed before it recorded its end (kill -9) ends at its last event; a resume's budget is not its. */
    @Test
    void aKilledSessionEndsAtItsLastEvent() {
        RunHistory history = RunHistory.of(List.of(
                event(1, 0, EventType.SESSION_STARTED),
                event(2, 8, EventType.TASK_COMPLETED),
                event(3, 200, EventType.RUN_BUDGET),
                event(4, 201, EventType.SESSION_STARTED),
                event(5, 203, EventType.TASK_COMPLETED)));
        assertThat(history.activeTime()).isEqualTo(Duration.ofSeconds(10));
    }

    private static Event status(long seq, long second, String status) {
        return new Event(seq, T0.plusSeconds(second), EventType.RUN_STATUS, null,
                JsonNodeFactory.instance.objectNode().put("status", status).put("reason", ""));
    }

    private static Event event(long seq, long second, String type) {
        return new Event(seq, T0.plusSeconds(second), type, null, JsonNodeFactory.instance.objectNode());
    }
}
