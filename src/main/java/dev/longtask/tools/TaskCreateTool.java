package dev.longtask.tools;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.longtask.model.Task;
import dev.longtask.model.TaskDraft;
import dev.longtask.model.run.RunStore;
import java.util.List;
import java.util.Map;

/** {@code task_create {subject, instruction?, agent?, blocked_by?}}: adds a task to the run's graph. */
final class TaskCreateTool implements Tool {
    private final Schema schema = Schema.object()
            .string("subject", "Short title of the task", true)
            .string("instruction", "What the agent doing the task should do", false)
            .string("agent", "Agent that should do it (default general)", false)
            .integers("blocked_by", "Ids of tasks that must complete before this one can start");

    @Override
    public String name() {
        return "task_create";
    }

    @Override
    public String description() {
        return "Adds a task to the run's task graph and returns its id. blocked_by lists tasks that must complete "
                + "first; cycles and unknown ids are refused.";
    }

    @Override
    public ObjectNode parameters() {
        return schema.build();
    }

    @Override
    public ToolResult execute(ObjectNode arguments, ToolContext context) {
        return Guarded.run(name(), () -> create(new Arguments(arguments), TaskGraph.store(context)));
    }

    private static ToolResult create(Arguments args, RunStore store) {
        String subject = args.string("subject");
        if (subject.isBlank()) {
            return ToolResult.error("subject is empty; give the task a short title");
        }
        List<Integer> blockedBy = args.integers("blocked_by");
        TaskDraft draft = new TaskDraft(subject, args.optionalString("instruction").orElse(""),
                args.optionalString("agent").orElse(null), blockedBy, Map.of(), Map.of(), List.of());
        Task task = TaskGraph.ask(() -> store.createTask(draft));
        return ToolResult.ok("created task #" + task.id() + "\n" + task.line());
    }
}
