package dev.longtask.engine;

import dev.longtask.model.agent.AgentOutcome;
import dev.longtask.model.Event;
import dev.longtask.model.EventData;
import dev.longtask.model.EventType;
import dev.longtask.model.Run;
import dev.longtask.model.RunStatus;
import dev.longtask.model.run.Finisher;
import dev.longtask.model.run.RunFile;
import dev.longtask.model.run.RunHistory;
import dev.longtask.model.run.RunStore;
import java.nio.file.Path;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * One process's turn at a run, from session start to pause, stop or report: plan if there is no plan yet, run the
 * graph with the director consulted after failures and when it drains, then end it. Every step is an event first,
 * so the next session picks up exactly where this one stood. A run that has already ended is left untouched.
 */
final class RunSession {
    private final SessionParts s;
    private final RunStore store;
    private final Planning planning;
    private final Finisher finisher;
    private final RunHistory history;

    RunSession(SessionParts parts, Finisher finisher, RunHistory history) {
        this.s = parts;
        this.store = parts.store();
        this.planning = new Planning(parts);
        this.finisher = finisher;
        this.history = history;
    }

    RunOutcome drive(NewRun newRun) {
        Run run = store.run();
        if (run.status() == RunStatus.COMPLETED || run.status() == RunStatus.CANCELLED) {
            return outcome(null, null, true);
        }
        RunHistory known = store.history(history);
        LogFacts facts = LogFacts.of(known);
        s.budget().sessionStarted(facts.activeTime());
        int session = run.session() + 1;
        store.append(null, new EventData.SessionStarted(session, ProcessHandle.current().pid(),
                s.setup().models().runModel(), s.config().concurrency()));
        store.append(EventType.PERMISSIONS_SET, null, s.json().valueToTree(s.permissions().settings()));
        // This process's calls are checked as they return (BudgetWatch, through the agent runner); this hears of the
        // calls that workers of a shared store record.
        Consumer<Event> budgetWatch = event -> {
            if (EventType.LLM_CALL.equals(event.type())) {
                checkBudget();
            }
        };
        store.subscribe(budgetWatch);
        ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(
                Execution.daemon("longtask-budget-clock"));
        try {
            Recovery recovery = new Recovery(store, s.config().owner());
            recovery.requeueInterruptedTasks();
            s.book().mendUnfinishedPlans(known);
            // A server queues a failed run again (its retries, the resume endpoint) before this session opens it: the
            // failure still stands, and the session retries its failed tasks as a resume of the failed run would.
            boolean failedBefore = run.status() == RunStatus.FAILED || known.endedFailed();
            boolean taskFailures = store.tasks().stream().anyMatch(t -> t.status() == dev.longtask.model.TaskStatus.FAILED
                    || (t.status() == dev.longtask.model.TaskStatus.CANCELLED && facts.blockedCancels().contains(t.id())));
            // The report is the run's last word unless tasks failed and this resume retries them.
            boolean concludeOnly = facts.reportCurrent() && !(failedBefore && taskFailures);
            if (failedBefore && !concludeOnly) {
                recovery.retryFailedTasks(facts.blockedCancels());
            }
            checkBudget();
            if (s.stop().stopping()) {
                return stopped();
            }
            timer.scheduleAtFixedRate(this::checkBudget, 1, 1, TimeUnit.SECONDS);
            DirectorRounds director = new DirectorRounds(s, new java.util.HashSet<>(facts.blockedCancels()),
                    facts.directorStopped() && !failedBefore);
            Conclusion conclusion = new Conclusion(s, director.blockedCancels(), finisher);
            if (concludeOnly) {
                // A crash came between the report and the final status: only those are missing.
                return ended(conclusion.conclude(store.where(RunFile.REPORT), null));
            }
            if (store.tasks().isEmpty() && newRun != null && newRun.plan() != null) {
                planning.accept(newRun.plan(), newRun.estimate());
            }
            if (store.tasks().isEmpty()) {
                AgentOutcome refused = planning.plan(session);
                if (refused != null) {
                    return roleFailed("planning", refused);
                }
                if (newRun != null && newRun.planOnly()) {
                    store.setRunStatus(RunStatus.PAUSED, "dry run: the plan is ready; run 'longtask resume "
                            + store.runId() + "' to carry it out");
                    return outcome(null, null, false);
                }
            }
            store.setRunStatus(RunStatus.RUNNING, "");
            if (store.run().round() == 0) {
                director.startRound(1, "carry out the plan");
            }
            new Execution(s, director).run();
            if (s.stop().stopping()) {
                return stopped();
            }
            return ended(conclusion.finish(session));
        } finally {
            timer.shutdownNow();
            store.unsubscribe(budgetWatch);
        }
    }

    private RunOutcome ended(Conclusion.Ended ended) {
        return ended.stopped() ? stopped() : outcome(ended.report(), ended.finished(), false);
    }

    private RunOutcome roleFailed(String what, AgentOutcome o) {
        if (o.ending() == AgentOutcome.Ending.INTERRUPTED || s.stop().stopping()) {
            return stopped();
        }
        if (o.ending() == AgentOutcome.Ending.PROVIDER_ERROR) {
            s.stop().stop(StopSignal.Kind.PAUSE, "the model provider failed: " + o.reason());
            return stopped();
        }
        store.setRunStatus(RunStatus.FAILED, what + " failed: " + o.reason());
        return outcome(null, null, false);
    }

    private RunOutcome stopped() {
        RunStatus status = switch (s.stop().kind()) {
            case INTERRUPT -> RunStatus.INTERRUPTED;
            case CANCEL -> RunStatus.CANCELLED;
            case PAUSE -> RunStatus.PAUSED;
        };
        if (status == RunStatus.CANCELLED) {
            // given up for good: nothing is left waiting, as after 'longtask cancel'
            store.cancelUnfinished(s.stop().reason());
        }
        store.setRunStatus(status, s.stop().reason());
        store.checkpoint();
        return outcome(null, null, false);
    }

    private RunOutcome outcome(Path report, Finisher.Finished finished, boolean nothingToDo) {
        Run run = store.run();
        Path existing = report != null ? report : store.written(RunFile.REPORT).orElse(null);
        return new RunOutcome(run.id(), store.directory(), run.status(), run.statusReason(), planning.estimate(),
                existing, finished, nothingToDo);
    }

    private void checkBudget() {
        s.budget().check(store.run());
    }
}
