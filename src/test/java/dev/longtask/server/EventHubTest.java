package dev.longtask.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.longtask.model.Event;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/**
 * The hub keeps the recent events of live sessions only: an ended session's window goes with it; a viewer of one run
 * is signalled by that run alone.
 */
class EventHubTest {
    @Test
    void aLiveSessionsEventsAreReadFromItsWindowAndAnEndedSessionKeepsNone() {
        EventHub hub = new EventHub();
        hub.open("r1", 2);
        for (long seq = 3; seq <= 5; seq++) {
            hub.publish("r1", new Event(seq, Instant.now(), "task.completed", 1, JsonNodeFactory.instance.objectNode()));
        }
        assertThat(hub.live("r1")).isTrue();
        assertThat(hub.feed("r1").orElseThrow().after(2, 10).orElseThrow()).extracting(Event::seq)
                .containsExactly(3L, 4L, 5L);

        hub.close("r1");
        assertThat(hub.live("r1")).isFalse();
        assertThat(hub.feed("r1")).as("nothing of an ended session is held (its events are in the log)").isEmpty();

        hub.open("r1", 5);
        assertThat(hub.feed("r1").orElseThrow().after(5, 10).orElseThrow()).as("a new session starts empty")
                .isEmpty();
    }

    @Test
    void aViewerOfOneRunIsSignalledByThatRunOnly() throws InterruptedException {
        EventHub hub = new EventHub();
        hub.open("a", 0);
        hub.open("b", 0);
        hub.view("a");
        long seen = hub.version("a");

        hub.publish("b", new Event(1, Instant.now(), "task.completed", 1, JsonNodeFactory.instance.objectNode()));
        hub.changed("b");
        assertThat(hub.version("a")).as("another run's events do not wake a viewer of this one").isEqualTo(seen);

        hub.publish("a", new Event(1, Instant.now(), "task.completed", 1, JsonNodeFactory.instance.objectNode()));
        assertThat(hub.await("a", seen, 60_000)).as("its own event does, at once").isGreaterThan(seen);
        seen = hub.version("a");
        hub.close("a");
        assertThat(hub.await("a", seen, 60_000)).as("and so does the end of its session").isGreaterThan(seen);

        long hubSeen = hub.version();
        hub.unview("a");
        assertThat(hub.version("a")).as("a run nobody views falls back on the hub's signal").isEqualTo(hubSeen);
        hub.publish("b", new Event(2, Instant.now(), "task.completed", 1, JsonNodeFactory.instance.objectNode()));
        assertThat(hub.await("a", hubSeen, 60_000)).isGreaterThan(hubSeen);
    }
}
