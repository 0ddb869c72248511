package dev.longtask.server;

import dev.longtask.api.Longtask;
import dev.longtask.api.Outcome;
import dev.longtask.api.ResumeRequest;
import dev.longtask.api.ReviewOptions;
import dev.longtask.api.ReviewPlan;
import dev.longtask.api.RunHandle;
import dev.longtask.api.RunRequest;
import dev.longtask.api.Stores;
import dev.longtask.api.Subscription;
import dev.longtask.model.config.ConfigException;
import dev.longtask.model.Approval;
import dev.longtask.model.ApprovalAnswer;
import dev.longtask.model.Budget;
import dev.longtask.model.Event;
import dev.longtask.model.RunStatus;
import dev.longtask.model.run.RunStore;
import dev.longtask.model.run.RunStores;
import dev.longtask.model.run.StoreOptions;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Consumer;

/** The runtime behind the server: the library's {@link Longtask}, built once, shared by every run. */
public final class ApiBackend implements RunBackend {
    private final Longtask longtask;
    private final RunStores stores;
    private final StoreOptions storeOptions;
    private final ExecutorService waiters = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "longtask-run-waiter");
        t.setDaemon(true);
        return t;
    });

    /** @param storeOptions how the server writes a status into a run no session holds (fsync, secrets) */
    public ApiBackend(Longtask longtask, StoreOptions storeOptions) {
        this(longtask, Stores.files(), storeOptions);
    }

    /** @param stores where {@code longtask} keeps its runs (the stores it was built with) */
    public ApiBackend(Longtask longtask, RunStores stores, StoreOptions storeOptions) {
        this.longtask = longtask;
        this.stores = stores;
        this.storeOptions = storeOptions;
    }

    @Override
    public void create(String runId, Submission request) {
        RunRequest run = request.run().withRunId(runId);
        try {
            longtask.createQueued(request.review() == null ? run : reviewOf(run, request.review()),
                    request.foreground() ? "the server's foreground run: it starts at once, outside the pool"
                            : "waiting for a slot in the server's pool");
        } catch (ConfigException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
    }

    /**
     * The review the runtime plans of {@code base}'s workspace, as the run {@code base} names (its id, model, ...);
     * refused, as the CLI and MCP refuse it, with the review's own words when its plan could not run.
     */
    private RunRequest reviewOf(RunRequest base, Submission.Review review) {
        ReviewPlan plan = longtask.planReview(base, ReviewOptions.defaults().withRunId(base.runId())
                .withFocus(review.focus()));
        if (!plan.problems().isEmpty()) {
            throw new IllegalArgumentException("review cannot run: " + String.join("; ", plan.problems()));
        }
        return plan.request(base);
    }

    @Override
    public LiveRun launch(String runId, Submission request, Budget budgetChange, long afterSeq,
                          Consumer<Event> events) {
        RunHandle handle;
        try {
            handle = longtask.resume(ResumeRequest.of(runId).withWorkspace(request.run().workspace())
                    .withBudget(budgetChange).by("the server"));
        } catch (ConfigException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
        Subscription subscription = handle.events(afterSeq, events);
        CompletableFuture<LiveRun.Ended> ended = CompletableFuture.supplyAsync(() -> {
            try {
                Outcome outcome = handle.await();
                return new LiveRun.Ended(outcome.status(), outcome.reason());
            } finally {
                subscription.close();
            }
        }, waiters);
        return new Session(handle, ended);
    }

    @Override
    public void setStatus(Path workspace, String runId, RunStatus status, String reason) {
        try (RunStore store = stores.open(workspace, runId, storeOptions).store()) {
            if (status == RunStatus.CANCELLED) {
                store.cancelUnfinished(reason);
            }
            store.setRunStatus(status, reason);
        }
    }

    @Override
    public Approval answerApproval(Path workspace, String runId, ApprovalAnswer answer) {
        try (RunStore store = stores.open(workspace, runId, storeOptions).store()) {
            List<Approval> asked = store.approvals();
            if (answer.id() < 1 || answer.id() > asked.size()) {
                throw new IllegalArgumentException("run " + runId + " has no question #" + answer.id());
            }
            Approval question = asked.get(answer.id() - 1);
            return question.open() ? store.answerApproval(answer) : question;
        }
    }

    @Override
    public List<Integer> retryTask(Path workspace, String runId, int taskId, String by) {
        try (RunStore store = stores.open(workspace, runId, storeOptions).store()) {
            return TaskRetry.requeue(store, taskId, by);
        }
    }

    /** A session of the library's, seen as the pool sees it. */
    private record Session(RunHandle handle, CompletableFuture<Ended> ended) implements LiveRun {
        @Override
        public String runId() {
            return handle.runId();
        }

        @Override
        public void pause(String reason) {
            handle.pause(reason);
        }

        @Override
        public void interrupt(String reason) {
            handle.interrupt(reason);
        }

        @Override
        public void cancel(String reason) {
            handle.cancel(reason);
        }

        @Override
        public Optional<Figures> figures() {
            dev.longtask.api.Snapshot snapshot = handle.snapshot();
            return snapshot.progress() == null ? Optional.empty()
                    : Optional.of(new Figures(snapshot.figures(), snapshot.progress()));
        }
    }
}
