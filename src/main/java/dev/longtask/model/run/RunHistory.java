package dev.longtask.model.run;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import dev.longtask.model.Event;
import dev.longtask.model.EventType;
import dev.longtask.model.PlanEstimate;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * What a session needs from the whole of a run's log beyond the state of its tasks: which cancels were the engine's
 * for a failed blocker, the last synthesized report and the last change of the graph, the director's last action,
 * the post-run step, the time spent in sessions, and the plans whose tasks are not all created yet. A fold of the
 * events kept in the state (and so in every checkpoint), so a resume reads none of the log it has not yet seen.
 *
 * @param seq                  the seq of the last event folded in
 * @param blockedCancels       tasks whose latest cancel was the engine's because a task they wait for failed
 * @param lastGraphChange      the seq of the last {@code task.*} or {@code plan.accepted} event
 * @param lastReport           the seq of the last {@code report.written} of a synthesized report (0: none)
 * @param lastDirectorAction   the action of the director's last decision, or null
 * @param finisher             the name of the run's post-run step, or null
 * @param earlierSessions      time spent in the sessions before the latest: from each one's start to its last event
 * @param sessionStart         the time of the latest {@code session.started}, or null
 * @param lastTime             the time of the last event of the latest session: up to the status it ended with, of
 *                             none made between sessions (a budget raised by a resume, a rollback, a cancel, an
 *                             approval, a task added by hand)
 * @param unfinishedPlans      the seqs of {@code plan.accepted} events some of whose tasks are not created yet
 * @param sessionConcurrency   the concurrency the latest {@code session.started} said it runs with, or null
 * @param firstPlan            the run's first accepted plan (its estimate, when it had one), or null before one
 * @param endedFailed          the latest session ended with the run failed, whatever the run was made since without a
 *                             session (queued again or paused by a server) and no task was requeued since: a resume
 *                             retries its failed tasks
 * @param sessionEnded         the latest session recorded the status it ended with (paused, interrupted, completed,
 *                             failed, cancelled; queued by a server): what follows until the next session is not its
 * @param calls                the run's model calls summed per agent and model, or null when they are not known from
 *                             the log's start (a checkpoint written before they were kept, a call without its agent, a
 *                             history folded from events read without their data): then the log says
 */
public record RunHistory(long seq,
                         @JsonProperty("blocked_cancels") List<Integer> blockedCancels,
                         @JsonProperty("last_graph_change") long lastGraphChange,
                         @JsonProperty("last_report") long lastReport,
                         @JsonProperty("last_director_action") String lastDirectorAction,
                         String finisher,
                         @JsonProperty("earlier_sessions") Duration earlierSessions,
                         @JsonProperty("session_start") Instant sessionStart,
                         @JsonProperty("last_time") Instant lastTime,
                         @JsonProperty("unfinished_plans") List<PlanMark> unfinishedPlans,
                         @JsonProperty("session_concurrency") Integer sessionConcurrency,
                         @JsonProperty("first_plan") PlanEstimate firstPlan,
                         @JsonProperty("ended_failed") boolean endedFailed,
                         @JsonProperty("session_ended") boolean sessionEnded,
                         CallSums calls) {

    /** The history of an empty log. */
    public static final RunHistory NONE = new RunHistory(0, List.of(), 0, 0, null, null, Duration.ZERO, null, null,
            List.of(), null, null, false, false, CallSums.NONE);

    /** The statuses a session records last: after one the run is at rest until the next session starts. */
    private static final Set<String> AT_REST = Set.of("paused", "interrupted", "completed", "failed", "cancelled",
            "queued");

    /** The cause of a {@code task.cancelled} that {@code RunStore.cancelAsBlocked} records. */
    public static final String BLOCKED_CAUSE = "blocked";

    /** The reason the engine gave before causes were recorded; its blocked cancels are recognised by it. */
    public static final String BLOCKED_REASON_PREFIX = "cannot run: it waits for";

    /**
     * A plan recorded by {@code plan.accepted} whose tasks get the ids {@code firstId} to {@code firstId + tasks - 1}.
     *
     * @param seq the seq of its {@code plan.accepted} event
     */
    public record PlanMark(long seq, @JsonProperty("first_id") int firstId, int tasks) {
    }

    public RunHistory {
        blockedCancels = List.copyOf(blockedCancels);
        earlierSessions = earlierSessions == null ? Duration.ZERO : earlierSessions;
        unfinishedPlans = unfinishedPlans == null ? List.of() : List.copyOf(unfinishedPlans);
    }

    /** The kinds of event whose data the fold reads; of the others only seq, time, type and task matter. */
    public static boolean needsData(String type) {
        return EventType.TASK_CANCELLED.equals(type) || EventType.REPORT_WRITTEN.equals(type)
                || EventType.SESSION_STARTED.equals(type)
                || EventType.DIRECTOR_DECIDED.equals(type) || EventType.RUN_FINISHER.equals(type)
                || EventType.PLAN_ACCEPTED.equals(type) || EventType.RUN_STATUS.equals(type);
    }

    /** The history after {@code events}, which follow the ones folded in so far; those of other kinds may lack data. */
    public RunHistory after(List<Event> events) {
        RunHistory h = this;
        for (Event e : events) {
            h = h.after(e);
        }
        return h;
    }

    /** Time spent in sessions so far, the latest up to its last event. */
    public Duration activeTime() {
        return activeTime(null);
    }

    /**
     * Time spent in sessions so far: the latest up to {@code now} while it is at work (a run resumed a day later was at
     * work for minutes, not a day), or up to its last event when {@code now} is null (the run is at rest).
     */
    public Duration activeTime(Instant now) {
        Instant end = now != null ? now : lastTime;
        if (sessionStart == null || end == null || end.isBefore(sessionStart)) {
            return earlierSessions;
        }
        return earlierSessions.plus(Duration.between(sessionStart, end));
    }

    public RunHistory after(Event e) {
        String type = e.type();
        long graphChange = type.startsWith("task.") || EventType.PLAN_ACCEPTED.equals(type) ? e.seq() : lastGraphChange;
        List<Integer> blocked = blockedCancels;
        long report = lastReport;
        String action = lastDirectorAction;
        String post = finisher;
        Duration earlier = earlierSessions;
        Instant start = sessionStart;
        List<PlanMark> plans = unfinishedPlans;
        Integer concurrency = sessionConcurrency;
        PlanEstimate plan = firstPlan;
        boolean failed = endedFailed;
        boolean ended = sessionEnded;
        switch (type) {
            case EventType.TASK_CANCELLED -> blocked = isBlockedCancel(e) ? with(blocked, e.task()) : without(blocked, e.task());
            case EventType.TASK_REQUEUED -> {
                blocked = without(blocked, e.task());
                // between sessions, a person chose which tasks run again (a task retried through the API or by
                // hand): the next session runs those and leaves the other failed tasks failed
                failed = false;
            }
            case EventType.REPORT_WRITTEN -> {
                if (e.data().path("synthesized").asBoolean(false)) {
                    report = e.seq();
                }
            }
            case EventType.DIRECTOR_DECIDED -> action = e.data().path("action").asText("");
            case EventType.RUN_FINISHER -> post = e.data().path("name").asText(null);
            case EventType.SESSION_STARTED -> {
                if (start != null && lastTime != null) {
                    earlier = earlier.plus(Duration.between(start, lastTime));
                }
                start = e.time();
                failed = false;
                ended = false;
                JsonNode said = e.data().path("concurrency");
                concurrency = said.canConvertToInt() ? Integer.valueOf(said.asInt()) : concurrency;
            }
            case EventType.PLAN_ACCEPTED -> {
                int tasks = e.data().path("tasks").size();
                if (tasks > 0) {
                    plans = appended(plans, new PlanMark(e.seq(), e.data().path("first_id").asInt(), tasks));
                }
                if (plan == null) {
                    plan = PlanEstimate.of(e).orElse(null);
                }
            }
            case EventType.RUN_STATUS -> {
                String status = e.data().path("status").asText("");
                failed = switch (status) {
                    case "failed" -> true;
                    case "queued", "paused" -> failed; // a server's doing between sessions: the failure still stands
                    default -> false;
                };
                ended = AT_REST.contains(status);
            }
            case EventType.TASK_CREATED -> {
                if (!plans.isEmpty() && e.task() != null) {
                    int id = e.task();
                    plans = plans.stream().filter(p -> p.firstId() + p.tasks() - 1 > id).toList();
                }
            }
            default -> {
            }
        }
        // What is made between sessions (a resume raising the budget before its session starts, a rollback, which is
        // refused while a session runs, a cancel, an approval or a task added by hand while the run rests) does not
        // stretch the latest session's time at work to that moment. A session killed before it recorded its end has
        // its span end at its last event: a budget or a rollback is never a session's own doing.
        boolean between = sessionEnded && !EventType.SESSION_STARTED.equals(type);
        Instant last = between || EventType.RUN_ROLLED_BACK.equals(type) || EventType.RUN_BUDGET.equals(type)
                ? lastTime : e.time();
        return new RunHistory(e.seq(), blocked, graphChange, report, action, post, earlier, start, last, plans,
                concurrency, plan, failed, ended, calls == null ? null : calls.after(e));
    }

    /** The history of {@code events}, the whole log from its first event. */
    static RunHistory of(List<Event> events) {
        return NONE.after(events);
    }

    private static boolean isBlockedCancel(Event e) {
        return BLOCKED_CAUSE.equals(e.data().path("cause").asText(""))
                || e.data().path("reason").asText("").startsWith(BLOCKED_REASON_PREFIX);
    }

    private static List<Integer> with(List<Integer> ids, Integer id) {
        if (id == null || ids.contains(id)) {
            return ids;
        }
        TreeSet<Integer> sorted = new TreeSet<>(ids);
        sorted.add(id);
        return List.copyOf(sorted);
    }

    private static List<Integer> without(List<Integer> ids, Integer id) {
        if (id == null || !ids.contains(id)) {
            return ids;
        }
        Set<Integer> rest = new TreeSet<>(ids);
        rest.remove(id);
        return List.copyOf(rest);
    }

    private static <T> List<T> appended(List<T> list, T item) {
        List<T> copy = new ArrayList<>(list);
        copy.add(item);
        return copy;
    }
}
