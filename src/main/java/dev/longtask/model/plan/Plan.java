package dev.longtask.model.plan;

import java.util.List;

/** The planner's graph: tasks in the order given, dependencies by key. */
public record Plan(List<PlannedTask> tasks) {
    public Plan {
        tasks = List.copyOf(tasks);
    }
}
