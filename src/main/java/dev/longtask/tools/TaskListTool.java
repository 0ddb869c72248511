package dev.longtask.tools;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.longtask.model.Task;
import dev.longtask.model.TaskStatus;
import dev.longtask.model.run.RunStore;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;

/** {@code task_list {}}: every task of the run as a marker line, {@code [x] #3: subject (blocked by: 1, 2)}. */
final class TaskListTool implements Tool {
    private final Schema schema = Schema.object();

    @Override
    public String name() {
        return "task_list";
    }

    @Override
    public String description() {
        return "Lists every task of the run, one line each: [ ] pending, [>] in progress, [x] completed, [!] failed, "
                + "[-] cancelled, with the ids still blocking it. Use task_get for one task in full.";
    }

    @Override
    public ObjectNode parameters() {
        return schema.build();
    }

    @Override
    public ToolResult execute(ObjectNode arguments, ToolContext context) {
        return Guarded.run(name(), () -> {
            RunStore store = TaskGraph.store(context);
            List<Task> tasks = TaskGraph.ask(store::tasks).stream()
                    .sorted(Comparator.comparingInt(Task::id)).toList();
            if (tasks.isEmpty()) {
                return ToolResult.ok("(no tasks yet; add one with task_create)");
            }
            StringBuilder out = new StringBuilder();
            Map<TaskStatus, Integer> counts = new EnumMap<>(TaskStatus.class);
            for (Task task : tasks) {
                out.append(task.line()).append('\n');
                counts.merge(task.status(), 1, Integer::sum);
            }
            StringJoiner summary = new StringJoiner(", ", "(" + tasks.size() + (tasks.size() == 1 ? " task: " : " tasks: "), ")");
            counts.forEach((status, n) -> summary.add(n + " " + status.wire().replace('_', ' ')));
            return ToolResult.ok(out.append(summary).toString());
        });
    }
}
