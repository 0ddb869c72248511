package dev.longtask.mcp;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;

/**
 * A piece of work done once: on a thread of its own when {@link #start started}, or by the first caller of
 * {@link #await} if nothing started it, which otherwise waits for it to end.
 */
final class OnceInBackground {
    private final FutureTask<Void> task;
    private final String name;

    OnceInBackground(String name, Runnable work) {
        this.name = name;
        this.task = new FutureTask<>(work, null);
    }

    /** Does the work on a daemon thread, then {@code then} there unless the work failed; called once at most. */
    void start(Runnable then) {
        Thread thread = new Thread(() -> {
            task.run();
            if (done()) {
                then.run();
            }
        }, name);
        thread.setDaemon(true);
        thread.start();
    }

    /** Returns once the work is done, doing it here if nothing has started it. */
    void await() throws InterruptedException {
        task.run(); // a no-op when the work is under way or over
        try {
            task.get();
        } catch (ExecutionException e) {
            throw new IllegalStateException(name + " failed: " + e.getCause(), e.getCause());
        }
    }

    private boolean done() {
        try {
            task.get();
            return true;
        } catch (ExecutionException | InterruptedException e) {
            return false;
        }
    }
}
