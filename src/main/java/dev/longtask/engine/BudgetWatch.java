package dev.longtask.engine;

import dev.longtask.model.Run;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;

/**
 * Pauses the session when the run reaches one of its budgets: after every model call, on the thread that made it and
 * before its answer is acted on; every second, for the time budget; and when calls recorded by other processes
 * arrive. The time spent is the earlier sessions' plus this one's so far.
 */
final class BudgetWatch {
    private final BudgetGuard budgets = new BudgetGuard();
    private final StopSignal stop;
    private final Clock clock;
    private volatile Duration activeBefore = Duration.ZERO;
    private volatile Instant sessionStart;

    BudgetWatch(StopSignal stop, Clock clock) {
        this.stop = stop;
        this.clock = clock;
    }

    /** The session's time starts now, after {@code activeBefore} spent in earlier sessions. */
    void sessionStarted(Duration activeBefore) {
        this.activeBefore = activeBefore;
        this.sessionStart = clock.instant();
    }

    /** Stops the session with a pause, saying which budget and how to go on, when {@code run} has reached one. */
    void check(Run run) {
        if (stop.stopping()) {
            return;
        }
        Instant start = sessionStart;
        Duration active = start == null ? activeBefore : activeBefore.plus(Duration.between(start, clock.instant()));
        budgets.reached(run.budget(), run.usage(), active)
                .ifPresent(reason -> stop.stop(StopSignal.Kind.PAUSE, reason));
    }
}
