package dev.longtask.engine;

import dev.longtask.model.run.RunHistory;
import dev.longtask.model.agent.AgentOutcome;
import dev.longtask.model.EventData;
import dev.longtask.tools.undo.Checkpoints;
import dev.longtask.model.Task;
import dev.longtask.model.TaskStatus;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The director's rounds: consulted after a failure and when the graph drains, while rounds are left and until it
 * decides to stop; each consultation opens a round. What it is told about the graph is what the graph holds.
 */
final class DirectorRounds {
    private final SessionParts s;
    private final Set<Integer> blockedCancels;
    private boolean stopped;

    /**
     * @param blockedCancels tasks cancelled (in earlier sessions) because a task they wait for failed
     * @param stopped        the director has already decided to stop the run
     */
    DirectorRounds(SessionParts s, Set<Integer> blockedCancels, boolean stopped) {
        this.s = s;
        this.blockedCancels = blockedCancels;
        this.stopped = stopped;
    }

    /** Tasks cancelled because a task they wait for failed, in this session or before. */
    Set<Integer> blockedCancels() {
        return blockedCancels;
    }

    void onFailure(int taskId, String summary) {
        if (mayConsult()) {
            consult("task #" + taskId + " failed: " + summary);
        }
    }

    /** Nothing is running and nothing can start: ask the director; true when new work became ready. */
    boolean onDrained() {
        List<Task> tasks = s.store().tasks();
        List<Task> waiting = tasks.stream().filter(t -> t.status() == TaskStatus.PENDING).toList();
        if (mayConsult()) {
            String occasion = !waiting.isEmpty()
                    ? "no task can run: " + waiting.size() + " pending tasks wait for failed or cancelled tasks ("
                    + waiting.stream().map(Task::line).collect(Collectors.joining("; ")) + ")"
                    : finished(tasks);
            consult(occasion);
            if (s.stop().stopping()) {
                return false;
            }
            if (s.store().tasks().stream().anyMatch(Task::isReady)) {
                return true;
            }
        }
        for (Task t : s.store().tasks()) {
            if (t.status() == TaskStatus.PENDING) {
                s.store().cancelAsBlocked(t.id(), RunHistory.BLOCKED_REASON_PREFIX + " tasks that failed or were "
                        + "cancelled (" + t.blockedBy().stream().map(id -> "#" + id).collect(Collectors.joining(", "))
                        + ")");
                blockedCancels.add(t.id());
            }
        }
        return false;
    }

    /** The drained graph in true words: "successfully" only when every task completed. */
    private String finished(List<Task> tasks) {
        long completed = count(tasks, TaskStatus.COMPLETED);
        long failed = count(tasks, TaskStatus.FAILED);
        long cancelled = count(tasks, TaskStatus.CANCELLED);
        if (completed == tasks.size()) {
            return "every task has finished successfully; check the results against the goal";
        }
        long blocked = tasks.stream().filter(t -> t.status() == TaskStatus.CANCELLED && blockedCancels.contains(t.id()))
                .count();
        StringBuilder b = new StringBuilder("no task is left to run: ").append(completed).append(" of ")
                .append(tasks.size()).append(" completed");
        if (failed > 0) {
            b.append(", ").append(failed).append(" failed");
        }
        if (cancelled > 0) {
            b.append(", ").append(cancelled).append(" cancelled");
            if (blocked > 0) {
                b.append(" (").append(blocked).append(" because a task they wait for failed)");
            }
        }
        return b.append("; check the results against the goal").toString();
    }

    private boolean mayConsult() {
        return !stopped && s.store().run().round() < s.config().maxRounds();
    }

    private void consult(String occasion) {
        int round = s.store().run().round() + 1;
        startRound(round, "director: " + occasion);
        Director.Decision d = new Director(s.kit()).consult(s.store().run().goal(), occasion, round,
                s.config().maxRounds());
        if (d.action() == null) {
            AgentOutcome o = d.outcome();
            if (o.ending() == AgentOutcome.Ending.PROVIDER_ERROR) {
                s.stop().stop(StopSignal.Kind.PAUSE, "the model provider failed: " + o.reason());
            } else if (o.ending() != AgentOutcome.Ending.INTERRUPTED) {
                // What happened first, then why: a view that cuts the line still says the run goes on.
                s.store().append(null, new EventData.ErrorRecorded("round " + round + ": the director could not decide;"
                        + " the run goes on as planned (" + o.reason() + ")"));
            }
            return;
        }
        apply(d, round);
    }

    private void apply(Director.Decision d, int round) {
        String action = d.action().name().toLowerCase(Locale.ROOT);
        List<Integer> undo = new java.util.ArrayList<>();
        for (int id : d.action() == Director.Action.ADJUST ? concat(d.cancel(), d.replace()) : List.<Integer>of()) {
            if (!d.keepChanges().contains(id)) {
                undo.add(id);
            }
        }
        s.store().append(null, new EventData.DirectorDecided(action, d.reason(), round, d.cancel(), d.retry(),
                d.addTasks().tasks().size(), d.replace(), undo, d.keepChanges()));
        StringBuilder text = new StringBuilder("round " + round + ": " + action + " - " + d.reason());
        switch (d.action()) {
            case ADJUST -> {
                d.retry().forEach(id -> s.store().requeue(id, "retried by the director: " + d.reason()));
                d.cancel().forEach(id -> s.store().cancel(id, "cancelled by the director: " + d.reason()));
                d.replace().forEach(id -> s.store().cancel(id, "replaced by the director's new tasks: " + d.reason()));
                // before the new tasks exist, so none of them can start on what the replaced ones left behind
                undo.forEach(id -> undo(id, d.replace().contains(id) ? "replaced" : "cancel"));
                if (!d.addTasks().tasks().isEmpty()) {
                    List<Integer> ids = s.book().accept(d.addTasks(), "director", round, null);
                    text.append(" (added ").append(ids.stream().map(i -> "#" + i).collect(Collectors.joining(", ")))
                            .append(d.replace().isEmpty() ? "" : " in place of " + d.replace().stream()
                                    .map(i -> "#" + i).collect(Collectors.joining(", ")))
                            .append(")");
                }
            }
            case STOP -> {
                stopped = true;
                s.store().tasks().stream().filter(t -> t.status() == TaskStatus.PENDING)
                        .forEach(t -> s.store().cancel(t.id(), "the director stopped the run: " + d.reason()));
            }
            case CONTINUE -> {
            }
        }
        s.store().append(null, new EventData.DecisionRecorded(text.toString()));
    }

    /**
     * A cancelled or replaced task's changes that stand (from an attempt that failed or was stopped) are undone, as
     * an event ({@code why}: cancel, replaced).
     */
    private void undo(int taskId, String why) {
        try {
            Checkpoints.Undone undone = s.kit().context().checkpoints().undo(taskId, why);
            if (!undone.isEmpty()) {
                s.store().append(taskId, new EventData.TaskUndone(why, undone.restored(), undone.kept()));
            }
        } catch (java.io.IOException | RuntimeException e) {
            s.store().append(taskId, new EventData.ErrorRecorded("task #" + taskId + ": its changes could not be "
                    + "undone after the director " + (why.equals("cancel") ? "cancelled" : "replaced") + " it ("
                    + e.getMessage() + ")"));
        }
    }

    private static List<Integer> concat(List<Integer> a, List<Integer> b) {
        return java.util.stream.Stream.concat(a.stream(), b.stream()).toList();
    }

    void startRound(int round, String objective) {
        s.store().append(null, new EventData.RoundStarted(round, objective));
    }

    private static long count(List<Task> tasks, TaskStatus status) {
        return tasks.stream().filter(t -> t.status() == status).count();
    }
}
