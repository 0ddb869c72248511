package dev.longtask.engine;

import dev.longtask.model.RunStatus;
import dev.longtask.model.Task;
import dev.longtask.model.TaskStatus;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The execution loop of a session with no agent slots of its own, on a shared store: workers claim and run the
 * tasks; this session reads what they commit, puts back the tasks of workers whose lease lapsed, hands each new
 * failure to the director, pauses when a worker paused the run (its provider refused), and asks the director what
 * next once nothing runs and nothing is ready.
 */
final class WorkerWatch {
    /** How often the database is read for the workers' progress. */
    static final Duration POLL = Duration.ofMillis(250);

    private final SessionParts s;
    private final DirectorRounds director;

    WorkerWatch(SessionParts s, DirectorRounds director) {
        this.s = s;
        this.director = director;
    }

    void run() {
        Set<Integer> failuresSeen = new HashSet<>();
        s.store().tasks().stream().filter(t -> t.status() == TaskStatus.FAILED).forEach(t -> failuresSeen.add(t.id()));
        while (!s.stop().stopping()) {
            s.store().refresh();
            if (s.store().run().status() == RunStatus.PAUSED) {
                // A worker's provider refused: the run pauses, as it does on one machine.
                s.stop().stop(StopSignal.Kind.PAUSE, s.store().run().statusReason());
                return;
            }
            s.store().requeueLapsed();
            List<Task> tasks = s.store().tasks();
            for (Task t : tasks) {
                if (t.status() == TaskStatus.FAILED && failuresSeen.add(t.id()) && !s.stop().stopping()) {
                    director.onFailure(t.id(), t.error() == null ? "failed" : t.error());
                }
            }
            boolean busy = s.store().tasks().stream().anyMatch(t -> t.status() == TaskStatus.IN_PROGRESS || t.isReady());
            if (!busy) {
                if (s.stop().stopping() || !director.onDrained()) {
                    return;
                }
                continue;
            }
            pause();
        }
    }

    /** Waits one poll interval; a stop of the run ends the wait at once. */
    void pause() {
        s.stop().interruptibly(() -> {
            try {
                Thread.sleep(POLL.toMillis()); // a poll interval of a daemon loop, cut short by a stop
            } catch (InterruptedException e) {
                // a stop: the loop sees it
            }
            return null;
        });
        Thread.interrupted();
    }
}
