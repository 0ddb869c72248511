package dev.longtask.engine;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * How a running session is told to stop (a budget, a provider that refuses, Ctrl-C): the reason is kept,
 * and every thread working for the run is interrupted so agent loops end promptly and their tasks go back
 * to pending.
 */
final class StopSignal {
    enum Kind {
        /** Graceful pause: budget reached or the provider refuses; resumable, exit 3. */
        PAUSE,
        /** The user interrupted; resumable, exit 130. */
        INTERRUPT,
        /** The run is given up for good: status cancelled, not resumed. */
        CANCEL
    }

    private final Set<Thread> working = ConcurrentHashMap.newKeySet();
    private volatile Kind kind;
    private volatile String reason;

    /** The first stop wins, except that an interrupt by the user overrides a pause, and a cancel overrides both. */
    synchronized void stop(Kind newKind, String why) {
        if (kind == null || (newKind == Kind.INTERRUPT && kind == Kind.PAUSE)
                || (newKind == Kind.CANCEL && kind != Kind.CANCEL)) {
            kind = newKind;
            reason = why;
        }
        working.forEach(Thread::interrupt);
    }

    boolean stopping() {
        return kind != null;
    }

    Kind kind() {
        return kind;
    }

    String reason() {
        return reason;
    }

    /** Runs {@code work} on this thread, which a stop interrupts meanwhile. */
    <T> T interruptibly(Supplier<T> work) {
        Thread me = Thread.currentThread();
        working.add(me);
        try {
            if (stopping()) {
                me.interrupt();
            }
            return work.get();
        } finally {
            working.remove(me);
        }
    }
}
