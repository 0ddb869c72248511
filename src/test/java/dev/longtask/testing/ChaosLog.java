package dev.longtask.testing;

import static org.assertj.core.api.Assertions.assertThat;

import dev.longtask.model.Event;
import dev.longtask.model.EventType;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** What the log of a run that went through chaos (killed and frozen workers) must show, whoever did the work. */
public final class ChaosLog {
    private ChaosLog() {
    }

    /**
     * Asserts that the log has no gap, that no task was claimed after its completion and that each of {@code tasks}
     * tasks was completed exactly once.
     */
    public static void assertEveryTaskCompletedOnce(List<Event> events, int tasks, String context) {
        for (int i = 0; i < events.size(); i++) {
            assertThat(events.get(i).seq()).as(context + ": no lost events").isEqualTo(i + 1);
        }
        Map<Integer, Integer> completions = new HashMap<>();
        for (Event event : events) {
            if (EventType.TASK_COMPLETED.equals(event.type())) {
                completions.merge(event.task(), 1, Integer::sum);
            }
            if (EventType.TASK_CLAIMED.equals(event.type())) {
                assertThat(completions).as(context + ": task " + event.task() + " claimed after its completion")
                        .doesNotContainKey(event.task());
            }
        }
        assertThat(completions).as(context).hasSize(tasks).allSatisfy((task, n) -> assertThat(n).isEqualTo(1));
    }
}
