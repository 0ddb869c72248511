package dev.longtask.cli.command;

import dev.longtask.cli.ExitCode;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;
import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * Tells a SIGTERM from a Ctrl-C. The JVM runs the same shutdown hooks for both (and exits with 143 or 130 by
 * itself); this handler only notes that SIGTERM came, then hands it on to the JVM's own, so a stopped run can
 * say "terminated" and its command return {@link ExitCode#TERMINATED}.
 */
final class Signals implements AutoCloseable {
    private static final Signal TERM = new Signal("TERM");

    private final AtomicBoolean terminated = new AtomicBoolean();
    private final SignalHandler previous;

    private Signals(BooleanSupplier taken) {
        SignalHandler[] before = new SignalHandler[1];
        SignalHandler noting = signal -> {
            if (taken.getAsBoolean()) {
                return;
            }
            terminated.set(true);
            if (before[0] != null) {
                before[0].handle(signal);
            }
        };
        SignalHandler replaced;
        try {
            replaced = Signal.handle(TERM, noting);
        } catch (IllegalArgumentException reservedByTheJvm) {
            replaced = null; // e.g. under -Xrs: the JVM's own handling stays; a SIGTERM then reads as Ctrl-C
        }
        if (replaced == SignalHandler.SIG_DFL || replaced == SignalHandler.SIG_IGN) {
            Signal.handle(TERM, replaced); // nothing to hand on to: leave the default as it was
            replaced = null;
        }
        before[0] = replaced;
        this.previous = replaced;
    }

    static Signals watch() {
        return new Signals(() -> false);
    }

    /**
     * @param taken asked first when SIGTERM comes; true when it dealt with the signal itself (a run being cancelled
     *              ends as cancelled), and the JVM is then not stopped by it
     */
    static Signals watch(BooleanSupplier taken) {
        return new Signals(taken);
    }

    boolean terminated() {
        return terminated.get();
    }

    /** Why a session stopped on a signal, in the run's status reason. */
    String reason() {
        return terminated() ? "terminated (SIGTERM)" : "interrupted by the user (Ctrl-C)";
    }

    @Override
    public void close() {
        if (previous != null) {
            Signal.handle(TERM, previous);
        }
    }
}
