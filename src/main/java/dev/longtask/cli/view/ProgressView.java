package dev.longtask.cli.view;

import dev.longtask.model.plan.ProgressSnapshot;
import dev.longtask.model.Event;

/** Shows a run's progress to the user; fed with every durable event and with snapshots of the figures. */
public interface ProgressView extends AutoCloseable {

    void onEvent(Event event, ProgressSnapshot snapshot);

    /** Called on a timer so elapsed times and the ETA move between events; views that only print lines ignore it. */
    default void tick(ProgressSnapshot snapshot) {
    }

    /** Stops drawing, and keeps what would be shown, while a question is asked on the same terminal. */
    default void hold() {
    }

    /** Shows what was kept while held and draws again. */
    default void release() {
    }

    @Override
    default void close() {
    }

    /** The width of the terminal it draws on, to wrap what follows the run to; 0 when not a terminal. */
    default int columns() {
        return 0;
    }

    /** The colours it uses, for what follows the run. */
    default Palette palette() {
        return Palette.NONE;
    }
}
