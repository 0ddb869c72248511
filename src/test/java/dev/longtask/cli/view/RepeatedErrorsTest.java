package dev.longtask.cli.view;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.longtask.model.plan.ProgressSnapshot;
import dev.longtask.model.Event;
import dev.longtask.model.EventType;
import dev.longtask.model.JsonMapping;
import dev.longtask.model.RunStatus;
import dev.longtask.model.Usage;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * A model call that fails for good sends the task back to pending and pauses the run, and each of those events quotes
 * the error: the plain view prints it in full once and refers to it after.
 */
class RepeatedErrorsTest {
    private static final String ERROR = "replay calls.jsonl: request does not match recorded exchange #2 (task #1, "
            + "general, step 1): messages[0].text differs at character 1";

    @Test
    void aLongErrorIsPrintedOnceAndReferredToAfter() {
        StringWriter screen = new StringWriter();
        PlainProgressView view = new PlainProgressView(new PrintWriter(screen),
                new PlanClock.Tracker(run -> Optional.empty()), true);
        ObjectNode failed = JsonMapping.MAPPER.createObjectNode().put("model", "m").put("attempt", 1)
                .put("error", ERROR);
        failed.putNull("wait_ms");

        view.onEvent(event(1, EventType.LLM_RETRY, 1, failed), progress());
        view.onEvent(event(2, EventType.TASK_REQUEUED, 1, JsonMapping.MAPPER.createObjectNode()
                .put("reason", "model provider error: " + ERROR)), progress());
        view.onEvent(event(3, EventType.RUN_STATUS, null, JsonMapping.MAPPER.createObjectNode().put("status", "paused")
                .put("reason", "the model provider failed: model provider error: " + ERROR)), progress());
        view.onEvent(event(4, EventType.TASK_REQUEUED, 2, JsonMapping.MAPPER.createObjectNode()
                .put("reason", "its worker went away")), progress());

        String[] lines = screen.toString().split("\n");
        assertThat(screen.toString().split(java.util.regex.Pattern.quote(ERROR), -1)).as(screen.toString()).hasSize(2);
        assertThat(lines[0]).contains("model call failed, not retried (" + ERROR + ")");
        assertThat(lines[1]).contains("task #1 back to pending: model provider error: the error above");
        assertThat(lines[2]).contains("run status: paused (the model provider failed: model provider error: the "
                + "error above)");
        assertThat(lines[3]).contains("task #2 back to pending: its worker went away");
    }

    private static Event event(long seq, String type, Integer task, ObjectNode data) {
        return new Event(seq, Instant.parse("2026-11-27T10:00:00Z"), type, task, data);
    }

    private static ProgressSnapshot progress() {
        return new ProgressSnapshot("r", RunStatus.RUNNING, "", 2, 0, 0, 0, 1, 1, 0, 30, null, null, Usage.ZERO,
                List.of());
    }
}
