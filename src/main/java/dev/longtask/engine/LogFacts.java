package dev.longtask.engine;

import dev.longtask.model.Event;
import dev.longtask.model.EventType;
import dev.longtask.store.FileRunStore;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * What a session needs to know from the run's history, in one pass over its log.
 *
 * @param blockedCancels  tasks whose latest cancel was the engine's because a task they wait for failed
 * @param reportCurrent   a synthesized report was written after the graph last changed: the run only lacks its
 *                        post-run step and final status (a crash came between them)
 * @param directorStopped the director's latest decision was to stop the run
 * @param activeTime      time spent in sessions so far: from each session's start to its last event
 * @param finisher        the name of the run's post-run step, or null
 */
record LogFacts(Set<Integer> blockedCancels, boolean reportCurrent, boolean directorStopped, Duration activeTime,
                String finisher) {

    /** The reason the engine gave before causes were recorded; runs made then are recognised by it. */
    static final String BLOCKED_REASON_PREFIX = "cannot run: it waits for";

    /** The kinds of event whose data the facts read; of the others only seq, time and type matter. */
    static boolean needsData(String type) {
        return EventType.TASK_CANCELLED.equals(type) || EventType.REPORT_WRITTEN.equals(type)
                || EventType.DIRECTOR_DECIDED.equals(type) || EventType.RUN_FINISHER.equals(type);
    }

    static LogFacts of(List<Event> events) {
        return new Reader().read(events).facts();
    }

    /**
     * The one pass over the log, which can go on where it stopped: a resume reads the log once when it opens the run
     * and then only the events its session added since.
     */
    static final class Reader {
        private final Set<Integer> blocked = new HashSet<>();
        private long lastGraphChange;
        private long lastReport;
        private String lastDecision;
        private String finisher;
        private Duration total = Duration.ZERO;
        private Instant sessionStart;
        private Instant last;
        private long lastSeq;

        /** Reads {@code events}, which follow the ones read before. */
        Reader read(List<Event> events) {
            for (Event e : events) {
                String type = e.type();
                if (type.startsWith("task.") || EventType.PLAN_ACCEPTED.equals(type)) {
                    lastGraphChange = e.seq();
                }
                switch (type) {
                    case EventType.TASK_CANCELLED -> {
                        if (isBlockedCancel(e)) {
                            blocked.add(e.task());
                        } else {
                            blocked.remove(e.task());
                        }
                    }
                    case EventType.TASK_REQUEUED -> blocked.remove(e.task());
                    case EventType.REPORT_WRITTEN -> {
                        if (e.data().path("synthesized").asBoolean(false)) {
                            lastReport = e.seq();
                        }
                    }
                    case EventType.DIRECTOR_DECIDED -> lastDecision = e.data().path("action").asText("");
                    case EventType.RUN_FINISHER -> finisher = e.data().path("name").asText(null);
                    case EventType.SESSION_STARTED -> {
                        if (sessionStart != null && last != null) {
                            total = total.plus(Duration.between(sessionStart, last));
                        }
                        sessionStart = e.time();
                    }
                    default -> {
                    }
                }
                last = e.time();
                lastSeq = e.seq();
            }
            return this;
        }

        /** The seq of the last event read. */
        long lastSeq() {
            return lastSeq;
        }

        LogFacts facts() {
            Duration active = total;
            if (sessionStart != null && last != null) {
                active = active.plus(Duration.between(sessionStart, last));
            }
            return new LogFacts(new HashSet<>(blocked), lastReport > lastGraphChange, "stop".equals(lastDecision),
                    active, finisher);
        }
    }

    private static boolean isBlockedCancel(Event e) {
        return FileRunStore.BLOCKED.equals(e.data().path("cause").asText(""))
                || e.data().path("reason").asText("").startsWith(BLOCKED_REASON_PREFIX);
    }
}
