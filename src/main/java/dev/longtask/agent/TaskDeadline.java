package dev.longtask.agent;

import dev.longtask.model.Durations;
import dev.longtask.model.agent.AgentOutcome;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * The hard time limit of one task's loop ({@code task_timeout}, like a start-to-close timeout): a watcher thread
 * interrupts the loop's thread when the limit passes, and the loop, which ends promptly on an interrupt, is reported
 * as {@link AgentOutcome.Ending#TIMED_OUT}, a failure the director handles like any other. The watcher lives only as
 * long as the loop, so a long-lived process keeps no thread per task it has run.
 */
final class TaskDeadline {
    private final Thread loopThread = Thread.currentThread();
    private final CountDownLatch ended = new CountDownLatch(1);
    private boolean fired;

    private TaskDeadline() {
    }

    /** Runs {@code loop} on this thread, interrupting it if it runs past {@code limit}. */
    static AgentOutcome around(Duration limit, Supplier<AgentOutcome> loop) {
        TaskDeadline deadline = new TaskDeadline();
        Thread watcher = new Thread(() -> deadline.watch(limit), "longtask-task-deadline-" + deadline.loopThread.getName());
        watcher.setDaemon(true);
        watcher.start();
        AgentOutcome outcome;
        try {
            outcome = loop.get();
        } finally {
            deadline.end();
        }
        if (!deadline.fired()) {
            return outcome;
        }
        // The deadline's interrupt, not a stop's: clear it so recording the failure is not cut short.
        Thread.interrupted();
        if (outcome.ending() != AgentOutcome.Ending.INTERRUPTED) {
            return outcome; // the loop finished on its own as the limit passed
        }
        return new AgentOutcome(outcome.agent(), AgentOutcome.Ending.TIMED_OUT, false, "stopped after running past "
                + "its time limit (task_timeout " + Durations.text(limit) + ")", null, outcome.output(),
                outcome.notes(), outcome.usage(), outcome.steps(), null);
    }

    private void watch(Duration limit) {
        try {
            if (!ended.await(limit.toMillis(), TimeUnit.MILLISECONDS)) {
                synchronized (this) {
                    if (ended.getCount() > 0) {
                        fired = true;
                        loopThread.interrupt();
                    }
                }
            }
        } catch (InterruptedException e) {
            // nobody interrupts the watcher; if something does, the loop simply runs without a limit
        }
    }

    private synchronized void end() {
        ended.countDown();
    }

    private synchronized boolean fired() {
        return fired;
    }
}
