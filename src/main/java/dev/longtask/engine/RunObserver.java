package dev.longtask.engine;

import dev.longtask.model.Event;
import dev.longtask.model.plan.ProgressSnapshot;

/** Sees every durable event of a run with the figures after it, on the thread that appended it. */
@FunctionalInterface
public interface RunObserver {
    RunObserver NONE = (event, snapshot) -> {
    };

    void onEvent(Event event, ProgressSnapshot snapshot);
}
