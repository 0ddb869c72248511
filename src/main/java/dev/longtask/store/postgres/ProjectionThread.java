package dev.longtask.store.postgres;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.longtask.store.Projector;
import dev.longtask.store.RunState;
import dev.longtask.store.postgres.PostgresRunStore.Projections;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes the projection files of a run kept in the database (task files, run.json, the .md files) from the newest
 * state this process knows, on a thread of its own, so that commits never wait on files. The database is the truth: a
 * write that fails is logged and the next one rewrites the files.
 */
final class ProjectionThread {
    private final String runId;
    private final Projector projector;
    private final Projections when;
    private final Supplier<RunState> state;
    private final ReentrantLock projectionLock = new ReentrantLock();
    private final ExecutorService thread;
    private final AtomicBoolean queued = new AtomicBoolean();

    ProjectionThread(Path directory, ObjectMapper json, String runId, Projections when, Supplier<RunState> state) {
        this.runId = runId;
        this.projector = new Projector(directory, json);
        this.when = when;
        this.state = state;
        this.thread = Executors.newSingleThreadExecutor(runnable -> {
            Thread projecting = new Thread(runnable, "longtask-projector-" + runId);
            projecting.setDaemon(true);
            return projecting;
        });
    }

    /** Hands the newest state to the projector thread, unless a pass is already queued: commits never wait on files. */
    void request() {
        if (when == Projections.WHEN_FLUSHED) {
            return;
        }
        if (!queued.compareAndSet(false, true)) {
            return;
        }
        try {
            thread.execute(() -> {
                queued.set(false);
                project();
            });
        } catch (RejectedExecutionException closing) {
            queued.set(false);
        }
    }

    /** Writes the files of the newest state now, on the calling thread. */
    void project() {
        projectionLock.lock();
        try {
            projector.write(state.get(), 0);
        } catch (IOException e) {
            log().warn("could not write the projections of run {} ({}); the next write rewrites them", runId,
                    e.toString());
        } finally {
            projectionLock.unlock();
        }
    }

    /**
     * Lets the queued pass finish, then writes what is left. A worker's store writes nothing here: it knows the run
     * only as of its own last commit or refresh, and a worker closes a run once it has ended, after the scheduling
     * process wrote the run's last state; its files would put the run back to an older state ("running", tasks in
     * progress). The files are the scheduling process's to write, at every change it commits or reads.
     */
    void close() {
        thread.shutdown();
        try {
            thread.awaitTermination(1, TimeUnit.MINUTES);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (when == Projections.WHEN_FLUSHED) {
            return;
        }
        projectionLock.lock();
        try {
            RunState last = state.get();
            if (last.run() != null) {
                projector.flush(last, 0);
            }
        } catch (IOException e) {
            log().warn("closing run {}: {}", runId, e.toString());
        } finally {
            projectionLock.unlock();
        }
    }

    private static Logger log() {
        return LoggerFactory.getLogger(PostgresRunStore.class);
    }
}
