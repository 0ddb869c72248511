package dev.longtask.server;

import dev.longtask.model.agent.Approver;
import dev.longtask.model.ApprovalAnswer;
import dev.longtask.model.ApprovalQuestion;
import dev.longtask.model.Event;
import dev.longtask.model.EventType;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * Who answers the questions of the server's runs: give it to the runtime ({@code Longtask.builder().approver(...)})
 * and to {@link LongtaskServer#start}. A pool run's question is answered at once, "allow once" by "the pool" (deny
 * rules refuse before anything is asked, so they still refuse). The foreground run's agent waits until a person
 * answers through the API (the dashboard, the terminal of {@code longtask run --server}); a pause or a stop of the
 * server interrupts the wait and leaves the question open in the log, to be answered and resumed later.
 *
 * <p>The gate records each question before it asks and the answer it gets, so this class only hands answers over.
 * An answer given while no agent waits for its question (the run is live but its task has not come back to the
 * call yet) is kept until the agent asks, or written into the log when the session ends.
 */
public final class Approvals implements Approver {
    static final String POOL = "the pool";

    /** Sessions this server carries: run id to whether it is the foreground run. */
    private final Map<String, Boolean> sessions = new HashMap<>();
    private final Map<Key, Pending> pending = new HashMap<>();
    private final Map<Key, CompletableFuture<Void>> recorded = new HashMap<>();

    private record Key(String runId, int number) {
    }

    /** A question an agent waits on, or an answer no agent has taken yet. */
    private static final class Pending {
        ApprovalAnswer answer;
        boolean waiting;
    }

    /** What became of an answer given through the API. */
    enum Given { TO_THE_AGENT, KEPT_FOR_THE_AGENT }

    @Override
    public synchronized Optional<ApprovalAnswer> ask(String runId, ApprovalQuestion question)
            throws InterruptedException {
        Key key = new Key(runId, question.id());
        Pending p = pending.get(key);
        if (p != null && p.answer != null) {
            pending.remove(key);
            return Optional.of(p.answer);
        }
        Boolean foreground = sessions.get(runId);
        if (foreground == null) {
            return Optional.empty(); // not a session of this server: nobody here can answer
        }
        if (!foreground) {
            return Optional.of(ApprovalAnswer.allowOnce(question.id(), POOL));
        }
        Pending waits = p != null ? p : new Pending();
        pending.put(key, waits);
        waits.waiting = true;
        try {
            while (waits.answer == null) {
                wait();
            }
        } catch (InterruptedException e) {
            waits.waiting = false;
            if (waits.answer == null) {
                pending.remove(key);
                throw e;
            }
            // answered just as the interrupt came: the answer is taken (recording it ignores the interrupt)
            Thread.currentThread().interrupt();
        }
        pending.remove(key);
        return Optional.of(waits.answer);
    }

    /** A session of the run starts; its questions are asked of a person when it is the foreground run. */
    synchronized void opened(String runId, boolean foreground) {
        sessions.put(runId, foreground);
    }

    /**
     * The run's session ended (or never started): forgets it and returns the answers given that no agent took, for
     * the caller to write into the log now that no session holds it.
     */
    synchronized List<ApprovalAnswer> closed(String runId) {
        sessions.remove(runId);
        List<ApprovalAnswer> untaken = new ArrayList<>();
        for (Iterator<Map.Entry<Key, Pending>> it = pending.entrySet().iterator(); it.hasNext(); ) {
            Map.Entry<Key, Pending> e = it.next();
            if (e.getKey().runId().equals(runId)) {
                if (e.getValue().answer != null) {
                    untaken.add(e.getValue().answer);
                }
                it.remove();
            }
        }
        return untaken;
    }

    /**
     * Hands a person's answer to the live session of the run: to the agent that waits on the question, or kept until
     * it asks.
     *
     * @throws ApiError 409 when an answer to the question was given already and is not recorded yet
     */
    synchronized Given give(String runId, ApprovalAnswer answer) {
        Key key = new Key(runId, answer.id());
        Pending p = pending.computeIfAbsent(key, k -> new Pending());
        if (p.answer != null) {
            throw ApiError.conflict("question #" + answer.id() + " of run " + runId + " was answered already by "
                    + p.answer.by() + " (" + p.answer.decision().wire() + "); the run takes that answer when its task "
                    + "comes back to the call");
        }
        p.answer = answer;
        notifyAll();
        return p.waiting ? Given.TO_THE_AGENT : Given.KEPT_FOR_THE_AGENT;
    }

    /** Completes once the run's log records an answer to the question (as its live session publishes it). */
    synchronized CompletableFuture<Void> recorded(String runId, int number) {
        return recorded.computeIfAbsent(new Key(runId, number), k -> new CompletableFuture<>());
    }

    /** Sees each event a live session publishes: an answer recorded ends the waits for it. */
    void onEvent(String runId, Event event) {
        if (!EventType.APPROVAL_ANSWERED.equals(event.type())) {
            return;
        }
        Key key = new Key(runId, event.data().path("id").asInt());
        CompletableFuture<Void> done;
        synchronized (this) {
            Pending p = pending.get(key);
            if (p != null && !p.waiting) {
                pending.remove(key); // answered another way (the pool, a terminal of the run itself) meanwhile
            }
            done = recorded.remove(key);
        }
        if (done != null) {
            done.complete(null);
        }
    }

    /** Forgets a wait for a record that the caller gave up on. */
    synchronized void forget(String runId, int number) {
        recorded.remove(new Key(runId, number));
    }
}
