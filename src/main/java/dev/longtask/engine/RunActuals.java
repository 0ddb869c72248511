package dev.longtask.engine;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.longtask.model.Event;
import dev.longtask.model.EventType;
import dev.longtask.model.Run;
import dev.longtask.model.Task;
import dev.longtask.model.run.CallSums;
import dev.longtask.model.run.RunHistory;
import dev.longtask.model.run.RunStore;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * What a run took, per agent and model: its model calls summed per agent and model ({@link CallSums}, kept in the
 * run's history as they are recorded; read from the log's {@code llm.call} events for a run whose history does not
 * have them from its start) and each task's start and end. A task agent's unit is a task, whose seconds are its wall
 * time from its last start to its end (its tools included); a role's unit is the run, whose seconds are its calls'
 * time.
 */
final class RunActuals {
    private RunActuals() {
    }

    /**
     * @param status   the status the run is ending with (set after it is recorded)
     * @param finished when it ends
     */
    static RunRecord of(RunStore store, int concurrency, dev.longtask.model.RunStatus status, java.time.Instant finished) {
        return of(store, store.history(RunHistory.NONE), concurrency, status, finished);
    }

    /** As {@link #of(RunStore, int, dev.longtask.model.RunStatus, java.time.Instant)}, with the run's history given. */
    static RunRecord of(RunStore store, RunHistory history, int concurrency, dev.longtask.model.RunStatus status,
                        java.time.Instant finished) {
        Run run = store.run();
        Map<Integer, Task> tasks = new HashMap<>();
        store.tasks().forEach(t -> tasks.put(t.id(), t));
        CallSums calls = history.calls() != null ? history.calls() : fromLog(store, tasks);
        record Key(String agent, String model) {
        }
        // calls that named no model are the run's model's: merged with those that named it, in the order first seen
        Map<Key, List<CallSums.Entry>> byKey = new LinkedHashMap<>();
        for (CallSums.Entry e : calls.entries()) {
            byKey.computeIfAbsent(new Key(e.agent(), e.model() != null ? e.model() : run.model()),
                    k -> new ArrayList<>()).add(e);
        }
        List<AgentFigures> agents = new ArrayList<>();
        double roles = 0;
        for (Map.Entry<Key, List<CallSums.Entry>> at : byKey.entrySet()) {
            Key key = at.getKey();
            long[] s = new long[5];
            Set<Integer> ids = new TreeSet<>();
            long roleMs = 0;
            boolean role = Priors.isRole(key.agent());
            for (CallSums.Entry e : at.getValue()) {
                s[0] += e.calls();
                s[1] += e.inputTokens();
                s[2] += e.outputTokens();
                s[3] += e.cacheReadTokens();
                s[4] += e.cacheWriteTokens();
                if (role) {
                    roleMs += e.msOfTasks() + e.msWithoutTask();
                } else {
                    roleMs += e.msWithoutTask();
                    for (int id : e.tasks()) {
                        ids.add(id);
                    }
                }
            }
            double roleSeconds = roleMs / 1000.0;
            roles += roleSeconds;
            int units = ids.isEmpty() ? 1 : ids.size();
            double seconds = ids.isEmpty() ? roleSeconds : ids.stream().map(tasks::get)
                    .filter(t -> t != null && t.started() != null && t.finished() != null)
                    .mapToDouble(t -> Duration.between(t.started(), t.finished()).toMillis() / 1000.0).sum();
            agents.add(new AgentFigures(key.agent(), key.model(), units, s[0], s[1], s[2], s[3], s[4], seconds));
        }
        // What the schedule did not take: the time at work less the tasks' span (first start to last end) and the roles'.
        double span = tasks.values().stream().filter(t -> t.started() != null && t.finished() != null)
                .map(t -> new double[] {t.started().toEpochMilli(), t.finished().toEpochMilli()})
                .reduce((a, b) -> new double[] {Math.min(a[0], b[0]), Math.max(a[1], b[1])})
                .map(r -> (r[1] - r[0]) / 1000.0).orElse(0.0);
        double overhead = Math.max(0, history.activeTime().toMillis() / 1000.0 - span - roles);
        return new RunRecord(run.id(), finished, run.model(), status.wire(), tasks.size(), concurrency,
                run.usage().inputTokens(), run.usage().outputTokens(), run.usage().cacheReadTokens(),
                run.usage().unpricedCalls() > 0 && run.usage().costUsd().signum() == 0 ? null : run.usage().costUsd(),
                history.activeTime().toSeconds(), overhead, agents, history.firstPlan());
    }

    /**
     * The sums read from the log, for a run whose history lacks them: a call that named no agent (an older version's)
     * is its task's agent's, or "unknown".
     */
    private static CallSums fromLog(RunStore store, Map<Integer, Task> tasks) {
        CallSums sums = CallSums.NONE;
        for (Event e : store.eventsAfter(0, EventType.LLM_CALL::equals)) {
            if (!EventType.LLM_CALL.equals(e.type()) || e.data() == null) {
                continue;
            }
            Event named = e;
            if (e.data().path("agent").asText("").isEmpty()) {
                Task t = e.task() == null ? null : tasks.get(e.task());
                ObjectNode data = e.data().isObject() ? ((ObjectNode) e.data()).deepCopy()
                        : JsonNodeFactory.instance.objectNode();
                data.put("agent", t != null ? t.agent() : "unknown");
                named = new Event(e.seq(), e.time(), e.type(), e.task(), data);
            }
            sums = sums.after(named);
        }
        return sums;
    }
}
