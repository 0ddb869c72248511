package dev.longtask.engine;

import com.fasterxml.jackson.databind.JsonNode;
import dev.longtask.model.Event;
import dev.longtask.model.EventType;
import dev.longtask.model.Run;
import dev.longtask.model.Task;
import dev.longtask.model.run.RunHistory;
import dev.longtask.model.run.RunStore;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What a run took, per agent and model, read from its own log: every {@code llm.call} (its agent, model, task and
 * usage) and each task's start and end. A task agent's unit is a task, whose seconds are its wall time from its last
 * start to its end (its tools included); a role's unit is the run, whose seconds are its calls' time.
 */
final class RunActuals {
    private RunActuals() {
    }

    /**
     * @param status   the status the run is ending with (set after it is recorded)
     * @param finished when it ends
     */
    static RunRecord of(RunStore store, int concurrency, dev.longtask.model.RunStatus status, java.time.Instant finished) {
        Run run = store.run();
        RunHistory history = store.history(RunHistory.NONE);
        Map<Integer, Task> tasks = new HashMap<>();
        store.tasks().forEach(t -> tasks.put(t.id(), t));
        record Key(String agent, String model) {
        }
        Map<Key, long[]> sums = new LinkedHashMap<>();
        Map<Key, Set<Integer>> worked = new HashMap<>();
        Map<Key, Double> roleSeconds = new HashMap<>();
        for (Event e : store.eventsAfter(0, EventType.LLM_CALL::equals)) {
            if (!EventType.LLM_CALL.equals(e.type()) || e.data() == null) {
                continue;
            }
            JsonNode d = e.data();
            String agent = d.path("agent").asText("");
            if (agent.isEmpty()) {
                Task t = e.task() == null ? null : tasks.get(e.task());
                agent = t != null ? t.agent() : "unknown";
            }
            Key key = new Key(agent, d.path("model").isTextual() ? d.path("model").asText() : run.model());
            JsonNode u = d.path("usage");
            long[] s = sums.computeIfAbsent(key, k -> new long[5]);
            s[0]++;
            s[1] += u.path("input_tokens").asLong();
            s[2] += u.path("output_tokens").asLong();
            s[3] += u.path("cache_read_tokens").asLong();
            s[4] += u.path("cache_write_tokens").asLong();
            if (e.task() != null && !Priors.isRole(agent)) {
                worked.computeIfAbsent(key, k -> new HashSet<>()).add(e.task());
            } else {
                roleSeconds.merge(key, d.path("duration_ms").asLong() / 1000.0, Double::sum);
            }
        }
        List<AgentFigures> agents = new ArrayList<>();
        sums.forEach((key, s) -> {
            Set<Integer> ids = worked.get(key);
            int units = ids == null ? 1 : ids.size();
            double seconds = ids == null ? roleSeconds.getOrDefault(key, 0.0) : ids.stream().map(tasks::get)
                    .filter(t -> t != null && t.started() != null && t.finished() != null)
                    .mapToDouble(t -> Duration.between(t.started(), t.finished()).toMillis() / 1000.0).sum();
            agents.add(new AgentFigures(key.agent(), key.model(), units, s[0], s[1], s[2], s[3], s[4], seconds));
        });
        // What the schedule did not take: the time at work less the tasks' span (first start to last end) and the roles'.
        double span = tasks.values().stream().filter(t -> t.started() != null && t.finished() != null)
                .map(t -> new double[] {t.started().toEpochMilli(), t.finished().toEpochMilli()})
                .reduce((a, b) -> new double[] {Math.min(a[0], b[0]), Math.max(a[1], b[1])})
                .map(r -> (r[1] - r[0]) / 1000.0).orElse(0.0);
        double roles = roleSeconds.values().stream().mapToDouble(Double::doubleValue).sum();
        double overhead = Math.max(0, history.activeTime().toMillis() / 1000.0 - span - roles);
        return new RunRecord(run.id(), finished, run.model(), status.wire(), tasks.size(), concurrency,
                run.usage().inputTokens(), run.usage().outputTokens(), run.usage().cacheReadTokens(),
                run.usage().unpricedCalls() > 0 && run.usage().costUsd().signum() == 0 ? null : run.usage().costUsd(),
                history.activeTime().toSeconds(), overhead, agents, history.firstPlan());
    }
}
