package dev.longtask.cli.view;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.longtask.model.Event;
import dev.longtask.model.EventType;
import dev.longtask.model.JsonMapping;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** The lines a plan is printed with (by {@code plan} and the first lines of {@code run}) state its estimate's basis. */
class PlanLinesTest {

    @Test
    void theEstimateIsPrintedWithWhatItWasLearnedFromAndWhatItAssumes() {
        ObjectNode data = JsonMapping.MAPPER.createObjectNode().put("first_id", 1).put("source", "planner");
        data.putArray("tasks").addObject().put("key", "a").put("subject", "Read the notes").put("agent", "general");
        data.putObject("estimate").put("tasks", 1).put("input_tokens", 9_000).put("cache_read_tokens", 3_000)
                .put("output_tokens", 500).put("cost_usd", 0.0412).put("time_s", 65)
                .put("basis", "this workspace's last 2 runs")
                .put("assumptions", "a task of general: ~3 model calls, 6,900 prompt tokens");
        String text = PlainProgressView.describe(new Event(7, Instant.EPOCH, EventType.PLAN_ACCEPTED, null, data));

        assertThat(text).contains("estimate: 12,500 tokens (9,000 in, 3,000 read from cache, 500 out), cost $0.04,"
                        + " time 1m 05s")
                .contains("learned from: this workspace's last 2 runs")
                .contains("assumes: a task of general: ~3 model calls, 6,900 prompt tokens");
    }

    @Test
    void aFailedModelCallThatIsNotRetriedIsNotCalledRetried() {
        ObjectNode last = JsonMapping.MAPPER.createObjectNode().put("model", "m").put("attempt", 1).put("status", 0)
                .put("error", "replay: request does not match recorded exchange #3").put("duration_ms", 1);
        last.putNull("wait_ms");
        ObjectNode again = last.deepCopy().put("wait_ms", 2000).put("error", "429 too many requests");
        assertThat(PlainProgressView.describe(new Event(8, Instant.EPOCH, EventType.LLM_RETRY, 2, last)))
                .contains("model call failed, not retried (replay: request does not match").doesNotContain("model call retried");
        assertThat(PlainProgressView.describe(new Event(9, Instant.EPOCH, EventType.LLM_RETRY, 2, again)))
                .contains("model call retried (429 too many requests)");
    }
}
