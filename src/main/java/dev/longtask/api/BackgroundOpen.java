package dev.longtask.api;

import dev.longtask.model.run.RunStores;
import dev.longtask.model.run.StoreOptions;
import dev.longtask.tools.undo.Checkpoints;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * A run opened for writing on a thread of its own while the caller puts the engine together (tools, agents,
 * permissions): the two need nothing of each other, and on a cold JVM each is a few hundred milliseconds of class
 * loading and interpreted code, so a resume that does them side by side reaches its first task sooner. Start it only
 * once everything that may refuse the resume (settings, model, MCP configuration) has been checked, so a refused
 * resume never opens, repairs or records anything.
 */
final class BackgroundOpen {
    private final CompletableFuture<RunStores.Opened> opened = new CompletableFuture<>();
    private boolean taken;

    private BackgroundOpen() {
    }

    static BackgroundOpen start(RunStores stores, Path workspace, String runId, StoreOptions options) {
        BackgroundOpen open = new BackgroundOpen();
        Thread thread = new Thread(() -> {
            try {
                open.opened.complete(stores.open(workspace, runId, options));
            } catch (RuntimeException | Error e) {
                open.opened.completeExceptionally(e);
            }
        }, "longtask-open-" + runId);
        thread.setDaemon(true);
        thread.start();
        if (!stores.shared()) {
            // the session's checkpoints open as it starts (a store shared with workers has none): what JGit finds of
            // the system's git first, on a third thread, rather than after the open on the way to the first task
            Thread prepare = new Thread(Checkpoints::prepare, "longtask-checkpoints-prepare");
            prepare.setDaemon(true);
            prepare.start();
        }
        return open;
    }

    /**
     * Waits for the open and hands the store over (the caller closes it from now on).
     *
     * @throws RuntimeException what opening threw (no such run, locked, corrupt), as it threw it
     */
    synchronized RunStores.Opened take() {
        taken = true;
        try {
            return opened.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException thrown) {
                throw thrown;
            }
            if (e.getCause() instanceof Error thrown) {
                throw thrown;
            }
            throw e;
        }
    }

    /** Closes the store if it opened and was not handed over: the resume failed before it could use it. */
    synchronized void abandon() {
        if (!taken) {
            taken = true;
            try {
                opened.join().store().close();
            } catch (CompletionException nothingOpened) {
                // the failure that made the caller give up is the one to report
            }
        }
    }
}
