package dev.longtask.engine;

import dev.longtask.agent.AgentRunner;
import dev.longtask.model.agent.AgentSpec;
import dev.longtask.model.Task;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletionService;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorCompletionService;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The execution loop: ready tasks run up to the concurrency limit, longest remaining chain first, and a task starts
 * the moment its last blocker completes. A failure goes to the director; when nothing runs and nothing can start,
 * the director is asked what next, and the loop ends when no work became ready.
 */
final class Execution {
    /** What became of a task; {@code providerError} is set when the provider refused and the run must pause. */
    private record Done(int taskId, boolean completed, boolean requeued, String summary, String providerError) {
        static Done of(AgentRunner.TaskRun run) {
            return new Done(run.taskId(), run.completed(), run.requeued(), run.summary(), run.providerError());
        }
    }

    private final SessionParts s;
    private final DirectorRounds director;
    private final Scheduler scheduler = new Scheduler();
    /**
     * Guards what the loop's thread and the task threads share: a task thread whose task completed starts the tasks
     * that became ready itself, so a successor does not wait for the loop's thread to wake up first.
     */
    private final Object slots = new Object();
    /**
     * The tasks this loop claimed that have not come back: a claim is made durable behind the loop's back, so the
     * store's durable view may still show one pending for a moment. Guarded by {@link #slots}.
     */
    private final Set<Integer> claimedHere = new HashSet<>();
    /** Tasks claimed and not yet finished, which count against the concurrency; guarded by {@link #slots}. */
    private int busy;
    /** Tasks handed to the pool, ever; the loop's thread counts those it took back. Guarded by {@link #slots}. */
    private int submitted;
    /** Set once the pool is shutting down: nothing is claimed any more. Guarded by {@link #slots}. */
    private boolean closing;
    /** Set while the director answers for a failed task: only the loop's thread claims. Guarded by {@link #slots}. */
    private boolean directing;

    Execution(SessionParts s, DirectorRounds director) {
        this.s = s;
        this.director = director;
    }

    void run() {
        int concurrency = s.config().concurrency();
        if (concurrency == 0) {
            new WorkerWatch(s, director).run();
            return;
        }
        ExecutorService pool = Executors.newFixedThreadPool(concurrency, daemon("longtask-task"));
        CompletionService<Done> done = new ExecutorCompletionService<>(pool);
        int taken = 0;
        RuntimeException crash = null;
        try {
            while (true) {
                // In a shared store workers may hold tasks of this run too: read what they did first.
                s.store().refresh();
                startReadyTasks(done);
                if (outstanding(taken) == 0) {
                    if (!s.stop().stopping() && workersHoldTasks()) {
                        new WorkerWatch(s, director).pause();
                        continue;
                    }
                    if (s.stop().stopping() || !director.onDrained()) {
                        break;
                    }
                    continue;
                }
                Done finished;
                try {
                    finished = next(done);
                } catch (RuntimeException e) {
                    if (StoreOutage.isOutage(s.store(), e)) {
                        // The database is away: the tasks at work stop (below) and the session waits for it.
                        throw e;
                    }
                    // A task's bookkeeping failed (the store could not write): stop the others, then report it.
                    crash = crash == null ? e : crash;
                    s.stop().stop(StopSignal.Kind.PAUSE, "internal error: " + e.getMessage());
                    taken++;
                    continue;
                }
                taken++;
                synchronized (slots) {
                    claimedHere.remove(finished.taskId());
                }
                if (finished.providerError() != null) {
                    s.stop().stop(StopSignal.Kind.PAUSE, "the model provider failed: " + finished.providerError());
                } else if (!finished.completed() && !finished.requeued() && !s.stop().stopping()) {
                    // The director may change the plan: no task thread claims meanwhile (this thread does after).
                    synchronized (slots) {
                        directing = true;
                    }
                    try {
                        director.onFailure(finished.taskId(), finished.summary());
                    } finally {
                        synchronized (slots) {
                            directing = false;
                        }
                    }
                }
            }
        } finally {
            synchronized (slots) {
                closing = true;
            }
            pool.shutdownNow();
            awaitQuietly(pool);
        }
        if (crash != null) {
            throw crash;
        }
    }

    /** True when, in a shared store, tasks of this run are at work in other processes (workers). */
    private boolean workersHoldTasks() {
        return s.store().shared() && s.store().tasks().stream()
                .anyMatch(t -> t.status() == dev.longtask.model.TaskStatus.IN_PROGRESS);
    }

    /** The tasks handed to the pool that the loop's thread has not taken back yet. */
    private int outstanding(int taken) {
        synchronized (slots) {
            return submitted - taken;
        }
    }

    /** Claims the ready tasks the free slots allow, longest remaining chain first, and hands them to the pool. */
    private void startReadyTasks(CompletionService<Done> done) {
        startReadyTasks(done, true);
    }

    /** As {@link #startReadyTasks(CompletionService)}; {@code loop}: called by the loop's thread. */
    private void startReadyTasks(CompletionService<Done> done, boolean loop) {
        synchronized (slots) {
            int freeSlots = s.config().concurrency() - busy;
            if (closing || freeSlots <= 0 || s.stop().stopping() || directing && !loop) {
                return;
            }
            List<Task> tasks = s.store().tasks();
            for (Task task : scheduler.nextReady(tasks, freeSlots, claimedHere)) {
                Optional<Task> claimed = s.store().claimBehind(task.id(), s.config().owner());
                if (claimed.isPresent()) {
                    claimedHere.add(task.id());
                    busy++;
                    submitted++;
                    int index = tasks.indexOf(task) + 1;
                    int total = tasks.size();
                    done.submit(() -> executeThenStartReady(claimed.get(), index, total, done));
                }
            }
        }
    }

    /**
     * Runs a claimed task on a task thread; once it completed, this thread starts what became ready itself (its
     * completion is durable by then), without waiting for the loop's thread to hear of it. A task that did not
     * complete makes nothing ready, and the loop's thread answers for it (a failure goes to the director).
     */
    private Done executeThenStartReady(Task task, int index, int total, CompletionService<Done> done) {
        Done finished;
        try {
            finished = execute(task, index, total);
        } finally {
            synchronized (slots) {
                busy--;
            }
        }
        if (finished.completed() && !s.store().shared()) {
            synchronized (slots) {
                claimedHere.remove(task.id());
            }
            startReadyTasks(done, false);
        }
        return finished;
    }

    /** Runs a claimed task; one whose agent is unknown fails at once. */
    private Done execute(Task task, int index, int total) {
        Optional<AgentSpec> agent = s.setup().agents().find(task.agent());
        if (agent.isEmpty()) {
            String error = TaskWork.unknownAgent(task.agent());
            s.store().fail(task.id(), error);
            return new Done(task.id(), false, false, error, null);
        }
        return Done.of(s.runner().execute(task, agent.get(), index, total));
    }

    /** The next finished task; waits for it even when this thread is interrupted, which counts as a stop. */
    private Done next(CompletionService<Done> done) {
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    Future<Done> f = done.take();
                    return f.get();
                } catch (InterruptedException e) {
                    interrupted = true;
                    s.stop().stop(StopSignal.Kind.INTERRUPT, "interrupted");
                } catch (ExecutionException e) {
                    Throwable cause = e.getCause();
                    throw cause instanceof RuntimeException r ? r : new IllegalStateException(cause);
                }
            }
        } finally {
            if (interrupted) {
                Thread.interrupted();
            }
        }
    }

    static java.util.concurrent.ThreadFactory daemon(String name) {
        AtomicInteger n = new AtomicInteger();
        return r -> {
            Thread t = new Thread(r, name + "-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        };
    }

    private static void awaitQuietly(ExecutorService pool) {
        try {
            if (!pool.awaitTermination(30, TimeUnit.SECONDS)) {
                throw new IllegalStateException("task threads did not stop within 30 s");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
