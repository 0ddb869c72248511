package dev.longtask.engine;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.longtask.agent.AgentCatalog;
import dev.longtask.agent.AgentOutcome;
import dev.longtask.agent.Approver;
import dev.longtask.model.ApprovalAnswer;
import dev.longtask.model.Event;
import dev.longtask.model.EventType;
import dev.longtask.model.Run;
import dev.longtask.model.RunStatus;
import dev.longtask.model.Task;
import dev.longtask.model.TaskStatus;
import dev.longtask.store.RunStore;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletionService;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorCompletionService;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;

/**
 * One process's turn at a run, from session start to pause, stop or report: plan if there is no plan yet,
 * run the graph with the director consulted after failures and when it drains, then synthesize. Every step is an
 * event first, so the next session picks up exactly where this one stood.
 */
final class RunSession {
    private final RunStore store;
    private final EngineParts parts;
    private final StopSignal stop;
    private final Clock clock;
    private final ObjectMapper json;
    private final EngineConfig config;
    private final Scheduler scheduler = new Scheduler();
    private final BudgetGuard budgets = new BudgetGuard();
    private final PlanBook book;
    private final PlanValidator validator;
    private final AgentRunner runner;
    private final TaskExecutor executor;
    private final RoleKit kit;
    private final Duration activeBefore;
    private final Instant sessionStart;
    private Estimate estimate;

    RunSession(RunStore store, EngineParts parts, StopSignal stop) {
        this.store = store;
        this.parts = parts;
        this.stop = stop;
        this.clock = parts.clock();
        this.json = parts.json();
        this.config = parts.config();
        String runPath = parts.workspace().relative(store.directory());
        this.book = new PlanBook(store, json, runPath);
        this.validator = new PlanValidator(TaskAgents.names(parts.agents()), parts.workspace());
        this.runner = new AgentRunner(store, parts.models(), parts.tools(), parts.tokens(), clock, stop, json,
                parts.permissions().gate(parts.workspace(), store, pausingWhenUnanswered(parts.permissions().approver())));
        this.executor = new TaskExecutor(store, parts.agents(), runner, parts.workspace(), clock);
        this.kit = new RoleKit(parts.agents(), runner, store, validator, parts.roles(), json, parts.workspace(), book);
        this.activeBefore = activeTime(store.eventsAfter(0));
        this.sessionStart = clock.instant();
    }

    RunOutcome drive(boolean planOnly, RunEngine.PresetPlan preset) {
        int session = store.run().session() + 1;
        store.append(EventType.SESSION_STARTED, null, json.createObjectNode().put("session", session)
                .put("pid", ProcessHandle.current().pid()).put("model", parts.models().runModel())
                .put("concurrency", config.concurrency()));
        store.append(EventType.PERMISSIONS_SET, null, json.valueToTree(parts.permissions().settings()));
        store.subscribe(this::checkBudgetOn);
        requeueInterruptedTasks();
        book.mendUnfinishedPlans();
        Run run = store.run();
        if (run.status() == RunStatus.COMPLETED) {
            return outcome(null);
        }
        if (run.status() == RunStatus.FAILED) {
            retryFailedTasks();
        }
        checkBudget();
        if (stop.stopping()) {
            return stopped();
        }
        ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(daemon("longtask-budget-clock"));
        timer.scheduleAtFixedRate(this::checkBudget, 1, 1, TimeUnit.SECONDS);
        try {
            if (store.tasks().isEmpty() && preset != null) {
                estimate = preset.estimate();
                List<Integer> ids = book.accept(preset.plan(), "given", 1, estimate);
                store.append(EventType.DECISION_RECORDED, null, json.createObjectNode().put("text",
                        "plan given: " + ids.size() + " tasks" + (estimate == null ? "" : "; estimate " + estimate.text())));
            }
            if (store.tasks().isEmpty()) {
                Optional<RunOutcome> ended = plan(session);
                if (ended.isPresent()) {
                    return ended.get();
                }
                if (planOnly) {
                    store.setRunStatus(RunStatus.PAUSED, "dry run: the plan is ready; run 'longtask resume "
                            + store.runId() + "' to carry it out");
                    return outcome(null);
                }
            }
            store.setRunStatus(RunStatus.RUNNING, "");
            if (store.run().round() == 0) {
                startRound(1, "carry out the plan");
            }
            execute();
            if (stop.stopping()) {
                return stopped();
            }
            return finish(session);
        } finally {
            timer.shutdownNow();
        }
    }

    // ------------------------------------------------------------------ planning

    private Optional<RunOutcome> plan(int session) {
        store.setRunStatus(RunStatus.PLANNING, "");
        Planner planner = new Planner(kit);
        Planner.Result result = planner.plan(store.run().goal(), session);
        if (!result.accepted()) {
            return Optional.of(roleFailed("planning", result.outcome()));
        }
        estimate = new Estimator(parts.models().pricer()).estimate(result.plan(), config.concurrency());
        List<Integer> ids = book.accept(result.plan(), "planner", 1, estimate);
        store.append(EventType.DECISION_RECORDED, null, json.createObjectNode().put("text",
                "plan accepted: " + ids.size() + " tasks; estimate " + estimate.text()));
        return Optional.empty();
    }

    // ------------------------------------------------------------------ execution

    private void execute() {
        ExecutorService pool = Executors.newFixedThreadPool(config.concurrency(), daemon("longtask-task"));
        CompletionService<TaskExecutor.Done> done = new ExecutorCompletionService<>(pool);
        int running = 0;
        RuntimeException crash = null;
        try {
            while (true) {
                if (!stop.stopping()) {
                    running += startReadyTasks(done, config.concurrency() - running);
                }
                if (running == 0) {
                    if (stop.stopping() || !onDrained()) {
                        break;
                    }
                    continue;
                }
                TaskExecutor.Done finished;
                try {
                    finished = next(done);
                } catch (RuntimeException e) {
                    // A task's bookkeeping failed (the store could not write): stop the others, then report it.
                    crash = crash == null ? e : crash;
                    stop.stop(StopSignal.Kind.PAUSE, "internal error: " + e.getMessage());
                    running--;
                    continue;
                }
                running--;
                if (finished.providerError() != null) {
                    stop.stop(StopSignal.Kind.PAUSE, "the model provider failed: " + finished.providerError());
                } else if (!finished.completed() && !finished.requeued() && !stop.stopping()) {
                    onFailure(finished);
                }
            }
        } finally {
            pool.shutdownNow();
            awaitQuietly(pool);
        }
        if (crash != null) {
            throw crash;
        }
    }

    private int startReadyTasks(CompletionService<TaskExecutor.Done> done, int freeSlots) {
        List<Task> tasks = store.tasks();
        int started = 0;
        for (Task task : scheduler.nextReady(tasks, freeSlots)) {
            if (store.claim(task.id(), config.owner())) {
                int index = tasks.indexOf(task) + 1;
                int total = tasks.size();
                done.submit(() -> executor.execute(task.id(), index, total));
                started++;
            }
        }
        return started;
    }

    /** The next finished task; waits for it even when this thread is interrupted, which counts as a stop. */
    private TaskExecutor.Done next(CompletionService<TaskExecutor.Done> done) {
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    Future<TaskExecutor.Done> f = done.take();
                    return f.get();
                } catch (InterruptedException e) {
                    interrupted = true;
                    stop.stop(StopSignal.Kind.INTERRUPT, "interrupted");
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

    private void onFailure(TaskExecutor.Done failed) {
        if (!roundsLeft()) {
            return;
        }
        consultDirector("task #" + failed.taskId() + " failed: " + failed.summary());
    }

    /** Nothing is running and nothing can start: ask the director; true when new work became ready. */
    private boolean onDrained() {
        List<Task> tasks = store.tasks();
        List<Task> waiting = tasks.stream().filter(t -> t.status() == TaskStatus.PENDING).toList();
        long failed = tasks.stream().filter(t -> t.status() == TaskStatus.FAILED).count();
        if (roundsLeft()) {
            String occasion = !waiting.isEmpty()
                    ? "no task can run: " + waiting.size() + " pending tasks wait for failed or cancelled tasks ("
                    + waiting.stream().map(Task::line).collect(Collectors.joining("; ")) + ")"
                    : failed > 0 ? "every task has finished; " + failed + " of " + tasks.size() + " failed"
                    : "every task has finished successfully; check the results against the goal";
            consultDirector(occasion);
            if (stop.stopping()) {
                return false;
            }
            if (store.tasks().stream().anyMatch(Task::isReady)) {
                return true;
            }
        }
        for (Task t : store.tasks()) {
            if (t.status() == TaskStatus.PENDING) {
                store.cancel(t.id(), "cannot run: it waits for tasks that failed or were cancelled ("
                        + t.blockedBy().stream().map(id -> "#" + id).collect(Collectors.joining(", ")) + ")");
            }
        }
        return false;
    }

    private boolean roundsLeft() {
        return store.run().round() < config.maxRounds();
    }

    private void consultDirector(String occasion) {
        int round = store.run().round() + 1;
        startRound(round, "director: " + occasion);
        Director director = new Director(kit);
        Director.Decision d = director.consult(store.run().goal(), occasion, round, config.maxRounds());
        if (d.action() == null) {
            AgentOutcome o = d.outcome();
            if (o.ending() == AgentOutcome.Ending.PROVIDER_ERROR) {
                stop.stop(StopSignal.Kind.PAUSE, "the model provider failed: " + o.reason());
            } else if (o.ending() != AgentOutcome.Ending.INTERRUPTED) {
                store.append(EventType.ERROR_RECORDED, null, json.createObjectNode().put("text",
                        "round " + round + ": the director did not decide (" + o.reason() + "); going on as planned"));
            }
            return;
        }
        apply(d, round);
    }

    private void apply(Director.Decision d, int round) {
        ObjectNode data = json.createObjectNode().put("action", d.action().name().toLowerCase(java.util.Locale.ROOT))
                .put("reason", d.reason()).put("round", round);
        data.set("cancelled", json.valueToTree(d.cancel()));
        data.set("retried", json.valueToTree(d.retry()));
        data.put("added", d.addTasks().tasks().size());
        store.append(EventType.DIRECTOR_DECIDED, null, data);
        StringBuilder text = new StringBuilder("round " + round + ": " + data.get("action").asText() + " - " + d.reason());
        switch (d.action()) {
            case ADJUST -> {
                d.retry().forEach(id -> store.requeue(id, "retried by the director: " + d.reason()));
                d.cancel().forEach(id -> store.cancel(id, "cancelled by the director: " + d.reason()));
                if (!d.addTasks().tasks().isEmpty()) {
                    List<Integer> ids = book.accept(d.addTasks(), "director", round, null);
                    text.append(" (added ").append(ids.stream().map(i -> "#" + i).collect(Collectors.joining(", ")))
                            .append(")");
                }
            }
            case STOP -> store.tasks().stream().filter(t -> t.status() == TaskStatus.PENDING)
                    .forEach(t -> store.cancel(t.id(), "the director stopped the run: " + d.reason()));
            case CONTINUE -> {
            }
        }
        store.append(EventType.DECISION_RECORDED, null, json.createObjectNode().put("text", text.toString()));
    }

    private void startRound(int round, String objective) {
        store.append(EventType.ROUND_STARTED, null, json.createObjectNode().put("round", round)
                .put("objective", objective));
    }

    // ------------------------------------------------------------------ the end

    private RunOutcome finish(int session) {
        store.setRunStatus(RunStatus.RUNNING, "writing the report");
        Synthesizer synthesizer = new Synthesizer(kit, config.synthesisPartChars());
        Synthesizer.Result result = synthesizer.synthesize(store.run().goal(), session);
        if (!result.written()) {
            AgentOutcome o = result.outcome();
            if (o.ending() == AgentOutcome.Ending.INTERRUPTED || stop.stopping()) {
                return stopped();
            }
            if (o.ending() == AgentOutcome.Ending.PROVIDER_ERROR) {
                stop.stop(StopSignal.Kind.PAUSE, "the model provider failed: " + o.reason());
                return stopped();
            }
        }
        Path report = new ReportWriter(store, json, book).write(result.report(),
                result.written() ? null : result.outcome().reason());
        List<Task> tasks = store.tasks();
        long failed = tasks.stream().filter(t -> t.status() == TaskStatus.FAILED).count();
        if (!result.written()) {
            store.setRunStatus(RunStatus.FAILED, "the synthesizer did not finish (" + result.outcome().reason()
                    + "); report.md lists the tasks' own results; 'longtask resume " + store.runId() + "' tries again");
        } else if (failed > 0) {
            store.setRunStatus(RunStatus.FAILED, failed + " of " + tasks.size()
                    + " tasks failed; the report says which; 'longtask resume " + store.runId() + "' retries them");
        } else {
            store.setRunStatus(RunStatus.COMPLETED, "");
        }
        return outcome(report);
    }

    private RunOutcome roleFailed(String what, AgentOutcome o) {
        if (o.ending() == AgentOutcome.Ending.INTERRUPTED || stop.stopping()) {
            return stopped();
        }
        if (o.ending() == AgentOutcome.Ending.PROVIDER_ERROR) {
            stop.stop(StopSignal.Kind.PAUSE, "the model provider failed: " + o.reason());
            return stopped();
        }
        store.setRunStatus(RunStatus.FAILED, what + " failed: " + o.reason());
        return outcome(null);
    }

    private RunOutcome stopped() {
        RunStatus status = stop.kind() == StopSignal.Kind.INTERRUPT ? RunStatus.INTERRUPTED : RunStatus.PAUSED;
        store.setRunStatus(status, stop.reason());
        store.checkpoint();
        return outcome(null);
    }

    private RunOutcome outcome(Path report) {
        Run run = store.run();
        Path existing = report != null ? report
                : java.nio.file.Files.exists(store.directory().resolve("report.md"))
                ? store.directory().resolve("report.md") : null;
        return new RunOutcome(run.id(), store.directory(), run.status(), run.statusReason(), estimate, existing);
    }

    /**
     * Asks {@code approver}; when nobody can answer (no terminal), the run pauses with the question open, and
     * {@code longtask approve} answers it before {@code longtask resume}.
     */
    private Approver pausingWhenUnanswered(Approver approver) {
        return (runId, question) -> {
            Optional<ApprovalAnswer> answer = approver.ask(runId, question);
            if (answer.isEmpty()) {
                stop.stop(StopSignal.Kind.PAUSE, "waiting for approval: question #" + question.id()
                        + (question.task() == null ? "" : " of task #" + question.task()) + " (" + question.tool()
                        + "); answer it with 'longtask approve " + runId + "' (or --deny REASON), then resume");
            }
            return answer;
        };
    }

    // ------------------------------------------------------------------ recovery and budgets

    /** Tasks a previous process was running when it died go back to pending; their transcripts stay. */
    private void requeueInterruptedTasks() {
        for (Task t : store.tasks()) {
            if (t.status() == TaskStatus.IN_PROGRESS) {
                store.requeue(t.id(), "the previous session ended while it ran (crash or kill); it starts over");
            }
        }
    }

    private void retryFailedTasks() {
        for (Task t : store.tasks()) {
            if (t.status() == TaskStatus.FAILED) {
                store.requeue(t.id(), "retried on resume");
            }
        }
    }

    private void checkBudgetOn(Event event) {
        if (EventType.LLM_CALL.equals(event.type())) {
            checkBudget();
        }
    }

    private void checkBudget() {
        if (stop.stopping()) {
            return;
        }
        Run run = store.run();
        Duration active = activeBefore.plus(Duration.between(sessionStart, clock.instant()));
        budgets.reached(run.budget(), run.usage(), active).ifPresent(reason -> stop.stop(StopSignal.Kind.PAUSE, reason));
    }

    /** Time spent in earlier sessions: from each session's start to its last event. */
    static Duration activeTime(List<Event> events) {
        Duration total = Duration.ZERO;
        Instant sessionStart = null;
        Instant last = null;
        for (Event e : events) {
            if (EventType.SESSION_STARTED.equals(e.type())) {
                if (sessionStart != null && last != null) {
                    total = total.plus(Duration.between(sessionStart, last));
                }
                sessionStart = e.time();
            }
            last = e.time();
        }
        if (sessionStart != null && last != null) {
            total = total.plus(Duration.between(sessionStart, last));
        }
        return total;
    }

    private static java.util.concurrent.ThreadFactory daemon(String name) {
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
