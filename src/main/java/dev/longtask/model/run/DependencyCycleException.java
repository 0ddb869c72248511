package dev.longtask.model.run;

import java.util.List;
import java.util.stream.Collectors;

/** Refused edge: {@code taskId} waiting for {@code blockedById} would close a cycle (or is a self edge). */
public final class DependencyCycleException extends StoreException {
    private final int taskId;
    private final int blockedById;
    private final List<Integer> cycle;

    /** @param cycle the tasks of the cycle in waits-for order, starting and ending with {@code taskId} */
    public DependencyCycleException(int taskId, int blockedById, List<Integer> cycle) {
        super(taskId == blockedById
                ? "task " + taskId + " cannot wait for itself"
                : "task " + taskId + " cannot wait for task " + blockedById + ": that would close the cycle "
                        + cycle.stream().map(String::valueOf).collect(Collectors.joining(" -> "))
                        + " (a -> b: a waits for b)");
        this.taskId = taskId;
        this.blockedById = blockedById;
        this.cycle = List.copyOf(cycle);
    }

    public int taskId() {
        return taskId;
    }

    public int blockedById() {
        return blockedById;
    }

    public List<Integer> cycle() {
        return cycle;
    }
}
