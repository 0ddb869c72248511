package dev.longtask.server;

import dev.longtask.model.Task;
import dev.longtask.model.TaskStatus;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The chain of dependent tasks that takes longest from the first to the last: the one that decides when the graph
 * drains, so the one to watch. A finished task weighs what it took; a running one what it has taken, at least the
 * mean of the finished ones; a pending one that mean (1 when nothing has finished yet, so the chain with the most
 * tasks wins). Cancelled tasks never run and are left out.
 */
final class CriticalPath {
    private CriticalPath() {
    }

    /** The task ids of the critical path, first to last; empty for a graph with no task to run. */
    static List<Integer> of(List<Task> tasks, Instant now) {
        Map<Integer, Task> byId = new TreeMap<>();
        for (Task task : tasks) {
            if (task.status() != TaskStatus.CANCELLED) {
                byId.put(task.id(), task);
            }
        }
        Map<Integer, Set<Integer>> next = edges(byId);
        double mean = tasks.stream().filter(t -> t.status() == TaskStatus.COMPLETED && t.started() != null
                        && t.finished() != null)
                .mapToLong(t -> Duration.between(t.started(), t.finished()).toMillis()).average().orElse(1);
        Map<Integer, Double> longest = new HashMap<>();
        Map<Integer, Integer> via = new HashMap<>();
        List<Integer> order = topological(byId.keySet(), next);
        for (int i = order.size() - 1; i >= 0; i--) {
            int id = order.get(i);
            double tail = 0;
            for (int successor : next.get(id)) {
                double length = longest.getOrDefault(successor, 0.0);
                if (length > tail) {
                    tail = length;
                    via.put(id, successor);
                }
            }
            // a thousandth of a millisecond a task: between chains of equal time, the one with more tasks
            longest.put(id, weight(byId.get(id), mean, now) + 0.001 + tail);
        }
        Integer start = null;
        for (int id : byId.keySet()) {
            if (start == null || longest.getOrDefault(id, 0.0) > longest.getOrDefault(start, 0.0)) {
                start = id;
            }
        }
        List<Integer> path = new ArrayList<>();
        for (Integer id = start; id != null; id = via.get(id)) {
            path.add(id);
        }
        return path;
    }

    /** Task to the tasks that wait for it, from both sides of each edge (a finished task leaves blockedBy). */
    private static Map<Integer, Set<Integer>> edges(Map<Integer, Task> byId) {
        Map<Integer, Set<Integer>> next = new HashMap<>();
        byId.keySet().forEach(id -> next.put(id, new TreeSet<>()));
        for (Task task : byId.values()) {
            for (int before : task.blockedBy()) {
                if (byId.containsKey(before)) {
                    next.get(before).add(task.id());
                }
            }
            for (int after : task.blocks()) {
                if (byId.containsKey(after)) {
                    next.get(task.id()).add(after);
                }
            }
        }
        return next;
    }

    /** Kahn's order; a task on a cycle (the store refuses those) is simply left out. */
    private static List<Integer> topological(Set<Integer> ids, Map<Integer, Set<Integer>> next) {
        Map<Integer, Integer> waiting = new HashMap<>();
        ids.forEach(id -> waiting.put(id, 0));
        next.values().forEach(successors -> successors.forEach(s -> waiting.merge(s, 1, Integer::sum)));
        Deque<Integer> ready = new ArrayDeque<>();
        ids.stream().filter(id -> waiting.get(id) == 0).forEach(ready::add);
        List<Integer> order = new ArrayList<>();
        while (!ready.isEmpty()) {
            int id = ready.poll();
            order.add(id);
            for (int successor : next.get(id)) {
                if (waiting.merge(successor, -1, Integer::sum) == 0) {
                    ready.add(successor);
                }
            }
        }
        return order;
    }

    private static double weight(Task task, double mean, Instant now) {
        if (task.started() == null) {
            return mean;
        }
        Instant end = task.finished() != null ? task.finished() : now;
        double took = Math.max(0, Duration.between(task.started(), end).toMillis());
        return task.status() == TaskStatus.IN_PROGRESS ? Math.max(took, mean) : took;
    }
}
