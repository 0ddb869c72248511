package dev.longtask.server;

import dev.longtask.model.Event;
import java.nio.file.Path;
import java.util.List;

/**
 * A run's events after a sequence number: from the live window while a session runs and the window holds them,
 * else from the log on disk (which also has what was appended after a session, like a cancel).
 */
final class RunEvents {
    private final EventHub hub;
    private final RunFiles files;

    RunEvents(EventHub hub, RunFiles files) {
        this.hub = hub;
        this.files = files;
    }

    List<Event> after(Path workspace, String runId, long after, int limit) {
        return hub.feed(runId).filter(EventHub.Feed::live).flatMap(feed -> feed.after(after, limit))
                .orElseGet(() -> files.eventsAfter(workspace, runId, after, limit));
    }

    RunFiles files() {
        return files;
    }

    EventHub hub() {
        return hub;
    }
}
