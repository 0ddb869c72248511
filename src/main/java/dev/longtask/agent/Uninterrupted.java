package dev.longtask.agent;

/**
 * Runs a write to the run directory with the thread's interrupt flag cleared, then sets it again. A file
 * channel written with the flag set is closed by the JDK (ClosedByInterruptException), which would lose the
 * very record an interrupted task must leave behind.
 */
final class Uninterrupted {
    private Uninterrupted() {
    }

    static void run(Runnable write) {
        boolean interrupted = Thread.interrupted();
        try {
            write.run();
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
