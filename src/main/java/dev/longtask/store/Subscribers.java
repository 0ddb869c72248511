package dev.longtask.store;

import dev.longtask.model.Event;
import java.util.List;
import java.util.PriorityQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Hands durable events to the subscribers of a run in the order of the log. Appenders on several threads finish
 * their commits in any order; an event that arrives before its predecessor waits until the predecessor is handed
 * on, and the appender holding the next one delivers every waiting successor. So a view never shows "task #4
 * started" before "task #1 completed" when #4 waited for #1.
 */
public final class Subscribers {

    private final String runId;
    private final List<Consumer<Event>> listeners = new CopyOnWriteArrayList<>();
    private final ReentrantLock delivering = new ReentrantLock();
    private final PriorityQueue<Event> early = new PriorityQueue<>((a, b) -> Long.compare(a.seq(), b.seq()));
    private long next;

    /** @param lastDelivered the seq of the newest event that existed before this store opened */
    public Subscribers(String runId, long lastDelivered) {
        this.runId = runId;
        this.next = lastDelivered + 1;
    }

    public void add(Consumer<Event> listener) {
        listeners.add(listener);
    }

    public void remove(Consumer<Event> listener) {
        listeners.remove(listener);
    }

    /**
     * Called once per durable event, on the thread that saw it become durable; hands on it and every waiting
     * successor whose predecessors have all been handed on, and returns (leaving it waiting when one is missing).
     */
    public void deliver(Event event) {
        delivering.lock();
        try {
            early.add(event);
            while (!early.isEmpty() && early.peek().seq() <= next) {
                Event due = early.poll();
                next = Math.max(next, due.seq() + 1);
                for (Consumer<Event> listener : listeners) {
                    try {
                        listener.accept(due);
                    } catch (RuntimeException e) {
                        log().warn("a listener of run {} failed on event {}", runId, due.seq(), e);
                    }
                }
            }
        } finally {
            delivering.unlock();
        }
    }

    /**
     * An event that was written but will never be delivered (the store broke before it was durable): its
     * successors must not wait for it.
     */
    public void skip(long seq) {
        delivering.lock();
        try {
            if (seq == next) {
                next++;
            }
        } finally {
            delivering.unlock();
        }
    }

    /** Looked up when something is logged: a reader that logs nothing never starts the logging framework. */
    private static Logger log() {
        return LoggerFactory.getLogger(Subscribers.class);
    }
}
