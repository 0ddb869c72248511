package dev.longtask.tools;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.longtask.model.Task;
import dev.longtask.model.TaskStatus;
import dev.longtask.model.run.RunStore;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code task_update {id, status?, add_blocked_by?, add_blocks?, owner?, subject?, instruction?, agent?, reason?}}:
 * changes one task. Steps run in order (fields, dependencies, status); a refused step stops the rest, and the error
 * says which steps were already made. An agent cannot change its own task's status: that task ends through
 * submit_result, which the runtime checks.
 */
final class TaskUpdateTool implements Tool {
    private static final List<String> FIELDS = List.of("subject", "instruction", "agent", "owner");

    private final Schema schema = Schema.object()
            .integer("id", "Id of the task to change", true)
            .choice("status", "New status", "pending", "in_progress", "completed", "failed", "cancelled")
            .integers("add_blocked_by", "Ids of tasks that must complete before this one")
            .integers("add_blocks", "Ids of tasks that must wait for this one")
            .string("owner", "Who works on the task", false)
            .string("subject", "New title", false)
            .string("instruction", "New instruction", false)
            .string("agent", "New agent", false)
            .string("reason", "Why the status changes (kept in the run's log)", false);

    @Override
    public String name() {
        return "task_update";
    }

    @Override
    public String description() {
        return "Changes a task: its status, its dependencies (add_blocked_by, add_blocks; both sides are kept in step, "
                + "cycles are refused), owner, subject, instruction or agent. Completing a task unblocks the tasks "
                + "waiting for it.";
    }

    @Override
    public ObjectNode parameters() {
        return schema.build();
    }

    @Override
    public ToolResult execute(ObjectNode arguments, ToolContext context) {
        return Guarded.run(name(), () -> update(new Arguments(arguments), context));
    }

    private static ToolResult update(Arguments args, ToolContext context) {
        int id = args.integer("id");
        RunStore store = TaskGraph.store(context);
        ObjectNode fields = JsonNodeFactory.instance.objectNode();
        for (String field : FIELDS) {
            args.optionalString(field).ifPresent(value -> fields.put(field, value));
        }
        List<Integer> blockedBy = args.integers("add_blocked_by");
        List<Integer> blocks = args.integers("add_blocks");
        TaskStatus status = args.optionalString("status").map(TaskUpdateTool::status).orElse(null);
        if (fields.isEmpty() && blockedBy.isEmpty() && blocks.isEmpty() && status == null) {
            return ToolResult.error("nothing to change; give status, add_blocked_by, add_blocks, owner, subject, "
                    + "instruction or agent");
        }
        if (status != null && context.taskId() > 0 && id == context.taskId()) {
            return ToolResult.error("task #" + id + " is your own task: its status is set by the runtime when you call "
                    + "submit_result");
        }
        TaskGraph.ask(() -> store.task(id));
        List<String> done = new ArrayList<>();
        try {
            if (!fields.isEmpty()) {
                TaskGraph.ask(() -> store.updateTask(id, fields));
                done.add("set " + String.join(", ", iterable(fields)));
            }
            for (int other : blockedBy) {
                TaskGraph.tell(() -> store.addDependency(id, other));
                done.add("#" + id + " now waits for #" + other);
            }
            for (int other : blocks) {
                TaskGraph.tell(() -> store.addDependency(other, id));
                done.add("#" + other + " now waits for #" + id);
            }
            if (status != null) {
                String reason = args.optionalString("reason").orElse(context.taskId() > 0
                        ? "set by the agent of task #" + context.taskId() : "set with task_update");
                TaskGraph.ask(() -> store.setStatus(id, status, reason));
                done.add("status " + status.wire());
            }
        } catch (ToolMistake e) {
            return ToolResult.error("task #" + id + ": " + e.getMessage()
                    + (done.isEmpty() ? "; nothing was changed" : "; already done: " + String.join("; ", done)));
        }
        Task now = TaskGraph.ask(() -> store.task(id));
        return ToolResult.ok("updated task #" + id + ": " + String.join("; ", done) + "\n" + now.line());
    }

    private static TaskStatus status(String text) {
        try {
            return TaskStatus.fromWire(text);
        } catch (IllegalArgumentException e) {
            throw new ToolMistake(e.getMessage());
        }
    }

    private static List<String> iterable(ObjectNode fields) {
        List<String> names = new ArrayList<>();
        fields.fieldNames().forEachRemaining(names::add);
        return names;
    }
}
