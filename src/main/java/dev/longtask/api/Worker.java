package dev.longtask.api;

import dev.longtask.model.config.ConfigException;
import dev.longtask.engine.TaskWork;
import dev.longtask.model.RunStatus;
import dev.longtask.model.Task;
import dev.longtask.model.run.FencedException;
import dev.longtask.model.run.RunStores;
import dev.longtask.model.run.TaskDone;
import dev.longtask.store.postgres.PostgresRunStore;
import dev.longtask.store.postgres.PostgresRunStores;
import dev.longtask.store.postgres.PostgresWorkQueue;
import dev.longtask.model.run.StoreException;
import dev.longtask.model.run.StoreOptions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A worker of a shared store (docs/scale-out.md): {@code slots} threads, each running the agent of a ready task of any
 * running run of the database through the same runner a session uses, every write fenced by the claim; one more
 * thread claims the tasks for the free slots (each held by a lease the run's store renews)
 * and waits for the database to say when a task became ready. {@link #stop} lets the agents' tasks go
 * (requeued, fenced) and returns once every slot has stopped.
 */
public final class Worker {
    /** What a worker tells as it works; called on its slots' threads. */
    public interface Listener {
        Listener NONE = new Listener() {
        };

        default void claimed(String runId, Task task, String owner) {
        }

        default void finished(String runId, TaskDone done) {
        }

        /** The database refused the task's write: the claim was lost (the lease lapsed) and another has the task. */
        default void fenced(String runId, int taskId, String why) {
        }

        /** A run this worker will not work on, with why (told once per run). */
        default void passedOver(String runId, String why) {
        }

        /** Something could not be written or read; the worker goes on (the task lapses or is tried again). */
        default void trouble(String why) {
        }

        /** The database cannot be reached: the worker waits for it, looking again with a backoff (told once). */
        default void databaseAway(String why) {
        }

        /** The database answers again after {@code after}; the worker claims again. */
        default void databaseBack(Duration after) {
        }
    }

    /**
     * How long the claiming thread waits for news before it looks for work anyway. Commits that make a task ready
     * notify the workers (LISTEN/NOTIFY), so this only bounds how late a missed notification is made up for.
     */
    static final Duration IDLE_POLL = Duration.ofSeconds(2);
    /**
     * How often, at most, this worker looks for tasks whose lease lapsed (another worker died or stalled): a tenth of
     * the lease, so such a task waits its lease and a tenth more. Looking twice a second whatever the lease took about
     * a third of an idle worker's processor time, paid by every worker for every second of every run.
     */
    static final Duration SHORTEST_LAPSE_CHECK = Duration.ofMillis(500);
    /** The first and the longest wait between looks at a database that is away. */
    static final Duration FIRST_RETRY = Duration.ofMillis(250);
    static final Duration LONGEST_RETRY = Duration.ofSeconds(10);

    private final Longtask runtime;
    private final PostgresRunStores stores;
    private final int slots;
    private final String name;
    private final Listener listener;
    private final Duration lapseCheck;
    private final CountDownLatch stopped = new CountDownLatch(1);
    private final Set<TaskWork> working = ConcurrentHashMap.newKeySet();
    /**
     * The work of each claim held, by run, by attempt (a task may be claimed again while an agent of an earlier
     * attempt has not yet noticed it lost the task), for the stores' heartbeats to stop the one whose lease was lost.
     */
    private final Map<String, Map<Attempt, TaskWork>> holding = new ConcurrentHashMap<>();
    /**
     * The tasks a slot of this worker works on, by run, from the claim's hand-off to the slot's last write about it: the
     * claiming loop never claims one of them again. Both slots would write through the same store, so the newer
     * attempt's fence would let the older agent's writes through.
     */
    private final Map<String, Set<Integer>> busy = new ConcurrentHashMap<>();
    /** What each open run's tasks are carried out with, made at its first claim, closed with the run's store. */
    private final Map<String, WorkerRunParts> parts = new ConcurrentHashMap<>();
    /** Claims handed to a slot and not yet carried out, by run: those runs' stores stay open. */
    private final Map<String, AtomicInteger> claimsByRun = new ConcurrentHashMap<>();
    private final Set<String> told = ConcurrentHashMap.newKeySet();
    /** The slots with no task, in the order they became free. */
    private final BlockingQueue<Slot> free = new LinkedBlockingQueue<>();
    private volatile boolean stopping;

    /**
     * @param stores a shared store ({@link Stores#of} with a PostgreSQL URL; {@link RunStores#shared()} is true)
     * @param lease  how long a claim holds its task without a heartbeat (renewed every third of it), or null for the
     *               store's own (30 seconds)
     * @param name   recorded as the owner of claimed tasks, with the slot ("host pid 42 slot 2")
     * @throws IllegalArgumentException when {@code stores} is not shared, or {@code slots} is below 1
     */
    public Worker(Longtask runtime, RunStores stores, Duration lease, int slots, String name, Listener listener) {
        if (slots < 1) {
            throw new IllegalArgumentException("a worker needs at least 1 slot, got " + slots);
        }
        if (!(stores instanceof PostgresRunStores database)) {
            throw new IllegalArgumentException("a worker needs a shared store (Stores.of with a PostgreSQL URL); the "
                    + "file store is one process's");
        }
        this.runtime = runtime;
        // the same connections, claims held for the lease asked for
        this.stores = lease == null ? database : new PostgresRunStores(database.database(), lease);
        this.slots = slots;
        this.name = name;
        this.listener = listener == null ? Listener.NONE : listener;
        Duration tenth = this.stores.lease().dividedBy(10);
        this.lapseCheck = tenth.compareTo(SHORTEST_LAPSE_CHECK) > 0 ? tenth : SHORTEST_LAPSE_CHECK;
    }

    /**
     * Works until {@link #stop}; returns once every slot has let its task go. One thread claims, for all the free
     * slots at once (one transaction per run), and hands each claim to its slot's thread: the run's lock is taken
     * once per look rather than once per slot, and idle slots do not poll the database.
     */
    public void run() {
        StoreOptions options = StoreOptions.defaults().withSecrets(StoreOptions.secretsIn(System.getenv()));
        try (PostgresWorkQueue queue = new PostgresWorkQueue(stores.database(), options, stores.lease())) {
            List<Thread> threads = new ArrayList<>();
            for (int n = 1; n <= slots; n++) {
                Slot slot = new Slot(name + " slot " + n);
                free.add(slot);
                Thread thread = new Thread(() -> slot.work(queue), "longtask-worker-slot-" + n);
                threads.add(thread);
                thread.start();
            }
            claim(queue);
            for (Thread thread : threads) {
                joinUninterruptibly(thread);
            }
        } finally {
            parts.values().forEach(WorkerRunParts::close);
            parts.clear();
            stopped.countDown();
        }
    }

    /** Asks every slot to stop: agents end, their tasks go back to pending. Returns at once. */
    public void stop(String reason) {
        stopping = true;
        working.forEach(work -> work.stop(reason));
    }

    /** Waits until {@link #run} has returned, up to {@code timeout}; true when it has. */
    public boolean awaitStopped(Duration timeout) throws InterruptedException {
        return stopped.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** One claim of a task: the attempt number fences its writes. */
    private record Attempt(int taskId, int attempt) {
    }

    /** A slot: a thread that carries out the claims handed to it, one at a time. */
    private final class Slot {
        final String owner;
        final BlockingQueue<PostgresWorkQueue.Claimed> inbox = new LinkedBlockingQueue<>();

        Slot(String owner) {
            this.owner = owner;
        }

        void work(PostgresWorkQueue queue) {
            while (true) {
                PostgresWorkQueue.Claimed claimed;
                try {
                    claimed = inbox.poll(100, TimeUnit.MILLISECONDS);
                } catch (InterruptedException e) {
                    stopping = true;
                    claimed = null;
                }
                if (claimed == null) {
                    if (stopping && inbox.isEmpty()) {
                        return;
                    }
                    continue;
                }
                while (claimed != null) {
                    // the commit that ends a task may claim this slot's next one (see carryOut)
                    PostgresWorkQueue.Claimed next = null;
                    try {
                        next = carryOut(queue, claimed, owner);
                    } finally {
                        busy.get(claimed.store().runId()).remove(claimed.task().id());
                        claimsByRun.get(claimed.store().runId()).decrementAndGet();
                    }
                    claimed = next;
                }
                free.add(this);
            }
        }
    }

    /** Books a claim handed to a slot: its run's store stays open and the claiming loop leaves the task alone. */
    private void handedOut(PostgresWorkQueue.Claimed c) {
        claimsByRun.computeIfAbsent(c.store().runId(), run -> new AtomicInteger()).incrementAndGet();
        busy.computeIfAbsent(c.store().runId(), run -> ConcurrentHashMap.newKeySet()).add(c.task().id());
    }

    /** The claiming loop: waits for a free slot, claims for every free slot, waits for news when nothing is ready. */
    private void claim(PostgresWorkQueue queue) {
        long lapseChecked = 0;
        long awaySince = 0;
        Duration retry = FIRST_RETRY;
        while (!stopping) {
            List<Slot> idle = new ArrayList<>();
            try {
                Slot first = free.poll(100, TimeUnit.MILLISECONDS);
                if (first == null) {
                    continue;
                }
                idle.add(first);
            } catch (InterruptedException e) {
                stopping = true;
                break;
            }
            free.drainTo(idle);
            List<PostgresWorkQueue.Claimed> claims;
            try {
                if (System.nanoTime() - lapseChecked >= lapseCheck.toNanos()) {
                    queue.requeueLapsed();
                    closeEnded(queue);
                    lapseChecked = System.nanoTime();
                }
                claims = queue.next(idle.stream().map(slot -> slot.owner).toList(),
                        run -> Set.copyOf(busy.getOrDefault(run, Set.of())));
                tellPassedOver(queue.passedOver());
            } catch (StoreException e) {
                free.addAll(idle);
                if (!e.unavailable()) {
                    listener.trouble(e.getMessage());
                    idle(Duration.ofSeconds(2));
                    continue;
                }
                if (awaySince == 0) {
                    awaySince = System.nanoTime();
                    listener.databaseAway(e.getMessage());
                }
                idle(retry);
                retry = retry.multipliedBy(2).compareTo(LONGEST_RETRY) > 0 ? LONGEST_RETRY : retry.multipliedBy(2);
                continue;
            }
            if (awaySince != 0) {
                listener.databaseBack(Duration.ofNanos(System.nanoTime() - awaySince));
                awaySince = 0;
                retry = FIRST_RETRY;
            }
            for (Slot slot : idle) {
                // the claim names its slot as the task's owner
                claims.stream().filter(c -> slot.owner.equals(c.task().owner())).findFirst()
                        .ifPresentOrElse(c -> {
                            handedOut(c);
                            slot.inbox.add(c);
                        }, () -> free.add(slot));
            }
            if (claims.isEmpty()) {
                awaitWork(queue);
            }
        }
    }

    /**
     * Closes the stores of the runs that ended and that no slot works on (called on the claiming thread, the only
     * one that hands out claims, so none can be handed out for such a run meanwhile).
     */
    private void closeEnded(PostgresWorkQueue queue) {
        Set<String> inUse = new HashSet<>();
        claimsByRun.forEach((run, claims) -> {
            if (claims.get() > 0) {
                inUse.add(run);
            }
        });
        for (String run : queue.closeEnded(inUse)) {
            holding.remove(run);
            busy.remove(run);
            WorkerRunParts ended = parts.remove(run);
            if (ended != null) {
                ended.close();
            }
            claimsByRun.remove(run);
        }
    }

    /** Waits for a commit that made a task ready, a poll interval at most, or a stop. */
    private void awaitWork(PostgresWorkQueue queue) {
        long deadline = System.nanoTime() + IDLE_POLL.toNanos();
        try {
            // in short waits, so a stop is seen at once; a wait sends nothing to the database
            while (!stopping && System.nanoTime() < deadline) {
                if (queue.awaitWork(Duration.ofMillis(100))) {
                    return;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            stopping = true;
        }
    }

    /**
     * Carries out a claim; returns the claim of the slot's next task that the commit ending this one made (see
     * {@link PostgresRunStore#claimWithEnd}), already booked as handed out, or null.
     */
    private PostgresWorkQueue.Claimed carryOut(PostgresWorkQueue queue, PostgresWorkQueue.Claimed claimed,
                                               String owner) {
        PostgresRunStore store = claimed.store();
        Task task = claimed.task();
        Attempt attempt = new Attempt(task.id(), task.attempts());
        listener.claimed(store.runId(), task, owner);
        TaskWork work;
        try {
            work = parts.computeIfAbsent(store.runId(), run -> runtime.workerParts(store)).work(store);
        } catch (ConfigException | IllegalArgumentException e) {
            // This machine cannot run the run's model (a key is missing here): give the task back, leave the run be.
            String why = "this worker cannot run it: " + e.getMessage();
            letGo(store, attempt, why);
            queue.passOver(store.runId(), why);
            tellPassedOver(queue.passedOver());
            return null;
        }
        // The commit that ends the task claims the slot's next task of the run: one commit, not two, and no hand-off
        // through the claiming thread. Not while stopping: a stopping worker claims nothing more.
        AtomicReference<PostgresWorkQueue.Claimed> next = new AtomicReference<>();
        if (!stopping) {
            store.claimWithEnd(task.id(), owner, () -> Set.copyOf(busy.getOrDefault(store.runId(), Set.of())),
                    claim -> {
                        PostgresWorkQueue.Claimed c = new PostgresWorkQueue.Claimed(store, claim);
                        handedOut(c);
                        next.set(c);
                    });
        }
        working.add(work);
        holding.computeIfAbsent(store.runId(), run -> {
            // Once per run's store: its heartbeat tells which task's lease could not be renewed (a freeze or a
            // database outage outlasted it, and another worker may have the task): that task's agent stops at once
            // rather than go on asking the model for work whose every write the database would refuse.
            Map<Attempt, TaskWork> byAttempt = new ConcurrentHashMap<>();
            store.onLeaseLost((id, number) -> {
                TaskWork lost = byAttempt.get(new Attempt(id, number));
                if (lost != null) {
                    lost.stop("its lease was lost: another worker may have the task");
                }
            });
            return byAttempt;
        }).put(attempt, work);
        try {
            if (stopping) {
                work.stop("the worker is stopping");
            }
            TaskDone done = work.execute(task);
            listener.finished(store.runId(), done);
            if (done.providerError() != null) {
                // As on one machine, a provider that refuses pauses the run; its session sees it and says why.
                store.setRunStatus(RunStatus.PAUSED, "the model provider failed: " + done.providerError());
                giveBack(next.getAndSet(null), "the run paused as its next task was claimed");
            }
        } catch (FencedException e) {
            listener.fenced(store.runId(), task.id(), e.getMessage());
        } catch (StoreException e) {
            if (!e.unavailable()) {
                listener.trouble(e.getMessage()); // an outage is told once, by the claiming loop
            }
        } catch (RuntimeException e) {
            giveBack(next.getAndSet(null), "the worker could not go on"); // rather than renew its lease for ever
            throw e;
        } finally {
            store.dropClaimWithEnd(task.id());
            working.remove(work);
            holding.get(store.runId()).remove(attempt, work);
            work.close();
            // No slot works the task any more: a claim still held (its record could not be written, or the agent
            // ended in a way nothing recorded) is given back now, or lapses; its lease is never renewed again.
            letGo(store, attempt, "the worker could not record the task's end; it starts over");
        }
        return next.get();
    }

    /** Gives back a claim the end of a slot's task made for it ({@code handed}, or null) that it will not carry out. */
    private void giveBack(PostgresWorkQueue.Claimed handed, String why) {
        if (handed != null) {
            letGo(handed.store(), new Attempt(handed.task().id(), handed.task().attempts()), why);
            busy.get(handed.store().runId()).remove(handed.task().id());
            claimsByRun.get(handed.store().runId()).decrementAndGet();
        }
    }

    /**
     * Gives the task back; while the database is away, tries again with a backoff for as long as the lease would
     * have held it (a restart takes seconds), so the task need not wait for its lease to lapse.
     */
    private void letGo(PostgresRunStore store, Attempt claim, String why) {
        int taskId = claim.taskId();
        long until = System.nanoTime() + store.leaseDuration().toNanos();
        Duration retry = FIRST_RETRY;
        while (store.release(taskId, claim.attempt(), why) == PostgresRunStore.Release.NOT_WRITTEN) {
            if (System.nanoTime() + retry.toNanos() >= until) {
                listener.trouble("run " + store.runId() + ": task #" + taskId + " could not be given back; its lease "
                        + "lapses and another worker takes it");
                return;
            }
            pauseUninterruptibly(retry);
            retry = retry.multipliedBy(2);
        }
    }

    private static void pauseUninterruptibly(Duration pause) {
        long until = System.nanoTime() + pause.toNanos();
        boolean interrupted = false;
        while (System.nanoTime() < until) {
            try {
                Thread.sleep(Math.max(1, (until - System.nanoTime()) / 1_000_000)); // a retry backoff
            } catch (InterruptedException e) {
                interrupted = true; // a stop: giving the task back is what a stop wants
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    private void tellPassedOver(Map<String, String> passedOver) {
        passedOver.forEach((runId, why) -> {
            if (told.add(runId)) {
                listener.passedOver(runId, why);
            }
        });
    }

    private void idle(Duration pause) {
        try {
            Thread.sleep(pause.toMillis()); // a daemon's poll interval, not synchronisation
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            stopping = true;
        }
    }

    private static void joinUninterruptibly(Thread thread) {
        boolean interrupted = false;
        while (thread.isAlive()) {
            try {
                thread.join();
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
