package dev.longtask.engine;

import dev.longtask.model.run.RunHistory;
import java.time.Duration;
import java.util.HashSet;
import java.util.Set;

/**
 * What a session needs to know from the run's history, as the engine reads it.
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

    static LogFacts of(RunHistory history) {
        return new LogFacts(new HashSet<>(history.blockedCancels()), history.lastReport() > history.lastGraphChange(),
                "stop".equals(history.lastDirectorAction()), history.activeTime(), history.finisher());
    }
}
