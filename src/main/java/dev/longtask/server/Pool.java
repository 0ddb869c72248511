package dev.longtask.server;

import dev.longtask.api.RunRequest;
import dev.longtask.api.Runs;
import dev.longtask.model.ApprovalAnswer;
import dev.longtask.model.Budget;
import dev.longtask.model.RunStatus;
import dev.longtask.model.run.RunSlots;
import dev.longtask.model.run.StoreException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The pool of background runs beside the foreground run: a durable priority queue (higher priority first, FIFO
 * among equals) of which up to {@code maxRuns} run at once; the foreground run takes no pool slot and never
 * waits for one. Every change of a run's place is written to the {@link PoolBook} before it takes effect, so a
 * restarted server requeues what waited and resumes what ran.
 */
final class Pool {
    private static final Logger LOG = LoggerFactory.getLogger(Pool.class);
    private static final Comparator<PoolEntry> QUEUE_ORDER = Comparator.comparingInt(PoolEntry::priority).reversed()
            .thenComparingLong(PoolEntry::order);

    /** Why this server stopped a session. */
    private enum Stop { PAUSE, CANCEL, SHUTDOWN }

    private final PoolBook book;
    private final RunBackend backend;
    private final RunFiles files;
    private final EventHub hub;
    private final int maxRuns;
    private final PoolRetries retries;
    /** The places for runs at work that this server shares with the other servers of its store. */
    private final RunSlots slots;
    private final List<Path> roots;
    private final Clock clock;
    private final PoolListener listener;
    private final Approvals approvals;

    private final Map<String, PoolEntry> entries = new HashMap<>();
    private final Set<String> creating = new HashSet<>();
    private final Map<String, LiveRun> live = new HashMap<>();
    private final Set<String> starting = new HashSet<>();
    private final Map<String, Stop> stops = new HashMap<>();
    private final PoolWakeUps wakeUps;
    private long nextOrder = 1;
    private boolean stopping;

    Pool(PoolBook book, RunBackend backend, RunFiles files, EventHub hub, int maxRuns, PoolRetries retries,
         RunSlots slots, List<Path> roots, Clock clock, PoolListener listener, Approvals approvals) {
        this.book = book;
        this.backend = backend;
        this.files = files;
        this.hub = hub;
        this.maxRuns = maxRuns;
        this.retries = retries;
        this.slots = slots;
        this.roots = List.copyOf(roots);
        this.clock = clock;
        this.listener = listener;
        this.approvals = approvals;
        this.wakeUps = new PoolWakeUps(clock, this::startDue);
    }

    /** Takes up the entries of a previous server: waiting runs wait again, runs that were running resume first. */
    synchronized void recover() {
        for (PoolEntry entry : book.readAll()) {
            nextOrder = Math.max(nextOrder, entry.order() + 1);
            boolean unfinished = entry.state() == PoolEntry.State.QUEUED || entry.state() == PoolEntry.State.RUNNING;
            if (!files.exists(entry.workspace(), entry.runId())) {
                if (unfinished) {
                    // written before the run was created, and the server died before it answered: no one has it
                    book.delete(entry.runId());
                }
                continue;
            }
            PoolEntry recovered;
            try {
                recovered = recovered(entry, unfinished);
            } catch (RuntimeException e) {
                LOG.warn("run {} cannot be taken up again: {}", entry.runId(), e.getMessage());
                recovered = entry.with(PoolEntry.State.HELD, "cannot be taken up again: " + e.getMessage());
                book.write(recovered);
            }
            entries.put(entry.runId(), recovered);
            if (recovered.state() == PoolEntry.State.QUEUED && recovered.notBefore() != null) {
                wakeUps.whenDue(recovered);
            }
        }
        schedule();
    }

    private PoolEntry recovered(PoolEntry entry, boolean unfinished) {
        RunStatus status = files.figures(entry.workspace(), entry.runId()).status();
        if (unfinished && (status == RunStatus.COMPLETED || status == RunStatus.CANCELLED)) {
            // it ended before the server could write so down
            PoolEntry done = entry.with(PoolEntry.State.DONE, "");
            book.write(done);
            return done;
        }
        if (entry.state() != PoolEntry.State.RUNNING) {
            return entry;
        }
        PoolEntry requeued = entry.with(PoolEntry.State.QUEUED, "requeued: the server restarted while it ran");
        setStatus(entry.workspace(), entry.runId(), RunStatus.QUEUED, requeued.note());
        book.write(requeued);
        return requeued;
    }

    PoolEntry submit(Submission request) {
        String runId;
        PoolEntry entry;
        synchronized (this) {
            if (stopping) {
                throw new ApiError(503, "stopping", "the server is stopping; submit again once it is back");
            }
            if (request.foreground()) {
                foreground().ifPresent(busy -> {
                    throw ApiError.conflict("run " + busy.runId() + " is the foreground run; pause, cancel or finish"
                            + " it first, or submit this one without \"foreground\"");
                });
            }
            RunRequest run = request.run();
            runId = newRunId(run.workspace());
            entry = new PoolEntry(runId, run.workspace(), run.goal(), PoolEntry.State.QUEUED,
                    request.priority(), nextOrder++, request.foreground(), run.model(), run.budget(),
                    run.concurrency(), run.approval() == null ? null : run.approval().wire(),
                    run.isolation() == null ? null : run.isolation().wire(), 0, clock.instant(), "",
                    null, null);
            entries.put(runId, entry);
            creating.add(runId);
        }
        try {
            book.write(entry);
            backend.create(runId, request);
        } catch (RuntimeException e) {
            synchronized (this) {
                entries.remove(runId);
                creating.remove(runId);
            }
            book.delete(runId);
            throw e;
        }
        synchronized (this) {
            creating.remove(runId);
        }
        listener.submitted(entry);
        schedule();
        return entry(runId).orElse(entry);
    }

    /** Starts what is due, on the pool's own thread: a submit or a resume never waits for a session to start. */
    void schedule() {
        synchronized (this) {
            if (stopping) {
                return;
            }
        }
        wakeUps.now();
    }

    /**
     * The database of a shared store is away (a restart, a failover): the run waits in the queue, not held, and the
     * pool looks again after {@link PoolWakeUps#AWAY}. Called under the pool's lock.
     */
    private PoolEntry awaitDatabase(PoolEntry entry, Throwable cause) {
        LOG.warn("run {}: the database is away ({}); it waits in the queue and starts when the database is back",
                entry.runId(), cause.getMessage());
        PoolEntry queued = entry.with(PoolEntry.State.QUEUED, "waiting for the database: " + cause.getMessage());
        wakeUps.afterAWhile();
        return queued;
    }

    private void startDue() {
        while (true) {
            PoolEntry next;
            long base;
            synchronized (this) {
                next = stopping ? null : nextDue();
                if (next == null) {
                    if (!stopping) {
                        wakeUps.atEarliestBackoff(entries.values().stream().filter(this::waiting).toList());
                    }
                    return;
                }
                try {
                    if (!next.foreground() && !slots.tryTake(next.runId())) {
                        // the store's other servers have every place: look again in a while
                        wakeUps.afterAWhile();
                        return;
                    }
                    base = files.lastSeq(next.workspace(), next.runId());
                    hub.open(next.runId(), base);
                    approvals.opened(next.runId(), next.foreground());
                    PoolEntry running = next.with(PoolEntry.State.RUNNING, "");
                    book.write(running);
                    entries.put(next.runId(), running);
                    starting.add(next.runId());
                } catch (RuntimeException e) {
                    hub.close(next.runId());
                    approvals.closed(next.runId());
                    starting.remove(next.runId());
                    releaseSlot(next.runId());
                    if (StoreException.unavailable(e)) {
                        entries.put(next.runId(), awaitDatabase(next, e));
                        return; // nothing starts while the database is away
                    }
                    LOG.warn("run {} could not start: {}", next.runId(), e.getMessage());
                    entries.put(next.runId(), next.with(PoolEntry.State.HELD, "could not start: " + e.getMessage()));
                    continue;
                }
            }
            start(next, base);
        }
    }

    private PoolEntry nextDue() {
        Optional<PoolEntry> foreground = entries.values().stream().filter(e -> e.foreground() && waiting(e))
                .findFirst();
        if (foreground.isPresent()) {
            return foreground.get();
        }
        if (poolRunning() >= maxRuns) {
            return null;
        }
        return entries.values().stream().filter(e -> !e.foreground() && waiting(e) && wakeUps.due(e))
                .min(QUEUE_ORDER).orElse(null);
    }

    private boolean waiting(PoolEntry entry) {
        return entry.state() == PoolEntry.State.QUEUED && !creating.contains(entry.runId());
    }

    private long poolRunning() {
        return java.util.stream.Stream.concat(live.keySet().stream(), starting.stream())
                .filter(id -> !entries.get(id).foreground()).count();
    }

    /** Outside the lock: building a session can take a while, and the API must answer meanwhile. */
    private void start(PoolEntry entry, long base) {
        String runId = entry.runId();
        LiveRun run;
        try {
            run = backend.launch(runId, entry.request(), entry.budgetChange(), base,
                    event -> hub.publish(runId, event));
        } catch (RuntimeException e) {
            LOG.warn("run {} could not start: {}", runId, e.getMessage());
            synchronized (this) {
                starting.remove(runId);
                stops.remove(runId);
                releaseSlot(runId);
                recordUntaken(entry);
                hub.close(runId);
                hold(StoreException.unavailable(e) ? awaitDatabase(entry, e)
                        : entry.with(PoolEntry.State.HELD, "could not start: " + e.getMessage()));
            }
            return;
        }
        synchronized (this) {
            starting.remove(runId);
            live.put(runId, run);
            if (entry.budgetChange() != null) {
                // the session recorded the change as it opened the run: a later session must not record it again
                hold(entries.get(runId).withBudgetChange(null));
            }
            Stop asked = stopping ? Stop.SHUTDOWN : stops.get(runId);
            if (asked != null) {
                stops.put(runId, asked);
                stop(run, asked, "the API");
            }
        }
        run.ended().whenComplete((ended, error) -> ended(runId, ended, error));
    }

    /** Gives the run's place back to the store's servers; a database that is away has dropped it already. */
    private void releaseSlot(String runId) {
        try {
            slots.release(runId);
        } catch (RuntimeException e) {
            LOG.warn("run {}: its place among the runs at work could not be given back: {}", runId, e.getMessage());
        }
    }

    private static void stop(LiveRun run, Stop stop, String by) {
        switch (stop) {
            case PAUSE -> run.pause("paused by " + by);
            case CANCEL -> run.cancel("cancelled by " + by);
            // the server's own stop is no one's decision about the run: its next start takes it up again
            case SHUTDOWN -> run.interrupt(LongtaskServer.STOPPING);
        }
    }

    private void ended(String runId, LiveRun.Ended ended, Throwable error) {
        synchronized (this) {
            live.remove(runId);
            releaseSlot(runId);
            PoolEntry entry = entries.get(runId);
            recordUntaken(entry);
            hub.close(runId);
            Stop stop = stops.remove(runId);
            PoolEntry next;
            if (error != null) {
                Throwable cause = error instanceof java.util.concurrent.CompletionException && error.getCause() != null
                        ? error.getCause() : error;
                if (StoreException.unavailable(cause) && !stopping) {
                    next = awaitDatabase(entry, cause);
                } else {
                    LOG.warn("run {} stopped with an error: {}", runId, cause.toString());
                    next = entry.with(PoolEntry.State.HELD, "stopped with an error: " + cause.getMessage());
                }
            } else if (stop == Stop.SHUTDOWN && ended.status().isResumable()) {
                return; // stays "running": the next start of the server resumes it
            } else {
                next = switch (ended.status()) {
                    case COMPLETED, CANCELLED -> entry.with(PoolEntry.State.DONE, ended.reason());
                    case FAILED -> retryOrDone(entry, ended.reason());
                    default -> entry.with(PoolEntry.State.HELD, ended.reason());
                };
            }
            entries.put(runId, next);
            book.write(next);
        }
        schedule();
        if (idle()) {
            listener.idle();
        }
    }

    /** No session is live or starting and no run is being created or waits in the queue. */
    synchronized boolean idle() {
        return live.isEmpty() && starting.isEmpty() && creating.isEmpty()
                && entries.values().stream().noneMatch(e -> e.state() == PoolEntry.State.QUEUED);
    }

    /** Writes the answers given while the session ran that its agents did not take, now that no session holds the run. */
    private void recordUntaken(PoolEntry entry) {
        for (ApprovalAnswer answer : approvals.closed(entry.runId())) {
            try {
                backend.answerApproval(entry.workspace(), entry.runId(), answer);
            } catch (RuntimeException e) {
                LOG.warn("run {}: the answer to question #{} could not be recorded: {}", entry.runId(), answer.id(),
                        e.getMessage());
            }
        }
    }

    /**
     * Runs {@code idle} while no session of the run is live or starting, else {@code live}, under the pool's lock: no
     * session starts or ends meanwhile.
     */
    synchronized <T> T either(String runId, java.util.function.Supplier<T> idle, java.util.function.Supplier<T> live) {
        return this.live.containsKey(runId) || starting.contains(runId) ? live.get() : idle.get();
    }

    /**
     * A pool run that failed goes back in the queue while it has retries, to start after its backoff; its next session
     * resumes it as {@code longtask resume} would, retrying its failed tasks. The person decides about the foreground.
     */
    private PoolEntry retryOrDone(PoolEntry entry, String reason) {
        if (entry.foreground() || entry.retries() >= retries.max() || stopping) {
            return entry.with(PoolEntry.State.DONE, reason);
        }
        int retry = entry.retries() + 1;
        Duration wait = retries.delayBefore(retry);
        String note = "retry " + retry + " of " + retries.max() + " in " + dev.longtask.model.Durations.text(wait) + " after: " + reason;
        setStatus(entry.workspace(), entry.runId(), RunStatus.QUEUED, note);
        PoolEntry retried = entry.requeued(nextOrder++, retry, note, clock.instant().plus(wait));
        wakeUps.whenDue(retried);
        listener.retried(retried);
        return retried;
    }

    /** The automatic retries a failed pool run gets ({@code --retries}). */
    int maxRetries() {
        return retries.max();
    }

    private void setStatus(java.nio.file.Path workspace, String runId, RunStatus status, String reason) {
        backend.setStatus(workspace, runId, status, reason);
        hub.changed(runId);
    }

    /** Pauses a running run after it saves, or holds a waiting one; either way it stays resumable. */
    synchronized PoolEntry pause(String runId, String by) {
        PoolEntry entry = known(runId);
        LiveRun run = live.get(runId);
        if (run != null || starting.contains(runId)) {
            stops.put(runId, Stop.PAUSE);
            if (run != null) {
                stop(run, Stop.PAUSE, by);
            }
            return entry;
        }
        if (entry.state() != PoolEntry.State.QUEUED) {
            throw ApiError.conflict("run " + runId + " is not running or queued (it is " + entry.state().name()
                    .toLowerCase() + "); nothing to pause");
        }
        String note = "paused by " + by + " before it started";
        setStatus(entry.workspace(), runId, RunStatus.PAUSED, note);
        return hold(entry.with(PoolEntry.State.HELD, note));
    }

    /**
     * Puts a held, paused or failed run back in the queue; a run of a known workspace joins the pool. The set fields
     * of {@code budgetChange} (null: none) replace the run's budgets when its next session opens it; the change is
     * kept in the pool's record until then, so a restart meanwhile does not lose it.
     */
    PoolEntry resume(String runId, Path workspace, String by, Budget budgetChange) {
        synchronized (this) {
            if (stopping) {
                throw new ApiError(503, "stopping", "the server is stopping; resume the run once it is back");
            }
            PoolEntry entry = entries.get(runId);
            if (entry == null) {
                var figures = files.figures(workspace, runId);
                entry = new PoolEntry(runId, workspace, figures.goal(), PoolEntry.State.HELD, 0, nextOrder++, false,
                        null, null, null, "auto", null, 0, clock.instant(), "taken into the pool by " + by, null, null);
            }
            if (live.containsKey(runId) || starting.contains(runId) || entry.state() == PoolEntry.State.QUEUED
                    || entry.state() == PoolEntry.State.RUNNING) {
                throw ApiError.conflict("run " + runId + " is already " + (entry.state() == PoolEntry.State.QUEUED
                        ? "queued" : "running"));
            }
            RunStatus status = files.figures(workspace, runId).status();
            if (status == RunStatus.COMPLETED || status == RunStatus.CANCELLED) {
                throw ApiError.conflict("run " + runId + " is " + status.wire() + "; only a paused, interrupted or "
                        + "failed run resumes" + (status == RunStatus.CANCELLED
                        ? ": a cancelled run cannot be resumed; start a new run with its goal" : ""));
            }
            String note = "resumed by " + by;
            setStatus(workspace, runId, RunStatus.QUEUED, note + (entry.foreground()
                    ? "; the foreground run starts at once" : "; waiting for a slot in the pool"));
            PoolEntry queued = entry.requeued(nextOrder++, entry.retries(), note);
            if (budgetChange != null && !budgetChange.equals(Budget.UNLIMITED)) {
                queued = queued.withBudgetChange(queued.budgetChange() == null ? budgetChange
                        : queued.budgetChange().overriddenBy(budgetChange));
            }
            book.write(queued);
            entries.put(runId, queued);
        }
        schedule();
        return entry(runId).orElseThrow();
    }

    synchronized PoolEntry cancel(String runId, String by) {
        PoolEntry entry = known(runId);
        LiveRun run = live.get(runId);
        if (run != null || starting.contains(runId)) {
            stops.put(runId, Stop.CANCEL);
            if (run != null) {
                stop(run, Stop.CANCEL, by);
            }
            return entry;
        }
        if (entry.state() == PoolEntry.State.DONE) {
            throw ApiError.conflict("run " + runId + " has ended; nothing to cancel");
        }
        String note = "cancelled by " + by;
        setStatus(entry.workspace(), runId, RunStatus.CANCELLED, note);
        return hold(entry.with(PoolEntry.State.DONE, note));
    }

    synchronized PoolEntry prioritize(String runId, int priority) {
        PoolEntry entry = known(runId);
        if (entry.state() == PoolEntry.State.RUNNING || entry.state() == PoolEntry.State.DONE) {
            throw ApiError.conflict("run " + runId + " is " + entry.state().name().toLowerCase(java.util.Locale.ROOT)
                    + "; a priority only matters while a run waits");
        }
        PoolEntry changed = hold(entry.withPriority(priority));
        schedule();
        return changed;
    }

    private PoolEntry hold(PoolEntry changed) {
        book.write(changed);
        entries.put(changed.runId(), changed);
        return changed;
    }

    private PoolEntry known(String runId) {
        PoolEntry entry = entries.get(runId);
        if (entry == null) {
            throw ApiError.notFound("run " + runId + " is not in this server's pool");
        }
        return entry;
    }

    synchronized Optional<PoolEntry> entry(String runId) {
        return Optional.ofNullable(entries.get(runId));
    }

    synchronized List<PoolEntry> entries() {
        return new ArrayList<>(entries.values());
    }

    synchronized Optional<LiveRun> live(String runId) {
        return Optional.ofNullable(live.get(runId));
    }

    synchronized int liveCount() {
        return live.size();
    }

    /** Runs waiting for a pool slot, in the order they will start. */
    synchronized List<PoolEntry> queue() {
        return entries.values().stream().filter(e -> !e.foreground() && waiting(e)).sorted(QUEUE_ORDER).toList();
    }

    synchronized Optional<PoolEntry> foreground() {
        return entries.values().stream().filter(PoolEntry::foreground)
                .filter(e -> e.state() == PoolEntry.State.QUEUED || e.state() == PoolEntry.State.RUNNING)
                .findFirst();
    }

    /**
     * Where the run lives: the pool's entry, else a workspace the server knows (a root or a submitted one) that has it,
     * or with a shared store the workspace the run recorded.
     */
    synchronized Optional<Path> workspaceOf(String runId) {
        PoolEntry entry = entries.get(runId);
        if (entry != null) {
            return Optional.of(entry.workspace());
        }
        return files.workspaceOf(runId, workspaces());
    }

    /** The roots and every workspace a run was submitted for. */
    synchronized Set<Path> workspaces() {
        Set<Path> all = new LinkedHashSet<>(roots);
        entries.values().forEach(e -> all.add(e.workspace()));
        return all;
    }

    /**
     * Stops taking runs, pauses the running ones after they save (they stay "running" in the pool, so the next
     * start resumes them), and waits for them up to {@code grace}.
     */
    void shutdown(Duration grace) {
        List<CompletableFuture<LiveRun.Ended>> ending = new ArrayList<>();
        synchronized (this) {
            stopping = true;
        }
        if (!wakeUps.stop(grace)) {
            return;
        }
        synchronized (this) {
            live.forEach((runId, run) -> {
                stops.put(runId, Stop.SHUTDOWN);
                stop(run, Stop.SHUTDOWN, "the server");
                ending.add(run.ended());
            });
        }
        long deadline = System.nanoTime() + grace.toNanos();
        for (CompletableFuture<LiveRun.Ended> end : ending) {
            try {
                end.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            } catch (ExecutionException | TimeoutException e) {
                // a run that fails to stop in time is resumed from its log on the next start
            }
        }
    }

    private String newRunId(Path workspace) {
        while (true) {
            String id = Runs.newId(clock);
            if (!entries.containsKey(id) && !files.exists(workspace, id)) {
                return id;
            }
        }
    }
}
