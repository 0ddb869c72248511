package dev.longtask.engine;

import dev.longtask.model.Task;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Chooses what runs next: ready tasks (pending, nothing blocking), longest remaining path first, so the
 * chain that decides the makespan starts as early as it can. Ties go to the lower id (plan order).
 */
final class Scheduler {

    /** Up to {@code freeSlots} ready tasks in the order they should start. */
    public List<Task> nextReady(List<Task> tasks, int freeSlots) {
        return nextReady(tasks, freeSlots, Set.of());
    }

    /** Up to {@code freeSlots} ready tasks in the order they should start, none of {@code taken}. */
    public List<Task> nextReady(List<Task> tasks, int freeSlots, Set<Integer> taken) {
        if (freeSlots <= 0) {
            return List.of();
        }
        Map<Integer, Integer> remaining = remainingPathLengths(tasks);
        return tasks.stream()
                .filter(t -> t.isReady() && !taken.contains(t.id()))
                .sorted(Comparator.comparingInt((Task t) -> -remaining.getOrDefault(t.id(), 1))
                        .thenComparingInt(Task::id))
                .limit(freeSlots)
                .toList();
    }

    /**
     * For every unfinished task, the number of unfinished tasks on the longest chain that starts with it and
     * follows its dependents; a task nothing waits for has length 1.
     */
    public Map<Integer, Integer> remainingPathLengths(List<Task> tasks) {
        Map<Integer, Task> byId = new HashMap<>();
        tasks.forEach(t -> byId.put(t.id(), t));
        Map<Integer, Integer> memo = new HashMap<>();
        for (Task task : tasks) {
            if (!task.status().isTerminal()) {
                length(task, byId, memo);
            }
        }
        return memo;
    }

    private static int length(Task task, Map<Integer, Task> byId, Map<Integer, Integer> memo) {
        Integer known = memo.get(task.id());
        if (known != null) {
            return known;
        }
        memo.put(task.id(), 1); // guards against a cycle the store should never have let in
        int longest = 0;
        for (int dependentId : task.blocks()) {
            Task dependent = byId.get(dependentId);
            if (dependent != null && !dependent.status().isTerminal()) {
                longest = Math.max(longest, length(dependent, byId, memo));
            }
        }
        memo.put(task.id(), 1 + longest);
        return 1 + longest;
    }
}
