package dev.longtask.cli.command;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Turns Ctrl-C (SIGINT, SIGTERM) into an interrupt of the command's thread, then holds the JVM's shutdown
 * until the command has recorded its state (or a grace period passed), so a stopped agent leaves a
 * consistent run behind.
 */
final class CtrlC implements AutoCloseable {
    private static final long GRACE_SECONDS = 30;

    private final CountDownLatch finished = new CountDownLatch(1);
    private final Signals signals = Signals.watch();
    private final Thread hook;

    private CtrlC(Thread worker) {
        this.hook = new Thread(() -> {
            worker.interrupt();
            try {
                finished.await(GRACE_SECONDS, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "longtask-ctrl-c");
    }

    static CtrlC install() {
        CtrlC ctrlC = new CtrlC(Thread.currentThread());
        Runtime.getRuntime().addShutdownHook(ctrlC.hook);
        return ctrlC;
    }

    /** Whether the stop came from SIGTERM rather than Ctrl-C. */
    boolean terminated() {
        return signals.terminated();
    }

    /** The command has recorded everything; a pending shutdown may go ahead. */
    void done() {
        finished.countDown();
    }

    @Override
    public void close() {
        finished.countDown();
        signals.close();
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // The hook is running or has run; it only waits for `finished`, which is counted down.
        }
    }
}
