package dev.longtask.tools;

import dev.longtask.model.JsonMapping;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.longtask.model.Task;
import dev.longtask.model.run.RunStore;

/** {@code task_get {id}}: one task in full, as the JSON of its task file. */
final class TaskGetTool implements Tool {
    private final ObjectWriter json = JsonMapping.MAPPER.writerWithDefaultPrettyPrinter();
    private final Schema schema = Schema.object().integer("id", "Id of the task", true);

    @Override
    public String name() {
        return "task_get";
    }

    @Override
    public String description() {
        return "Shows one task in full as JSON: subject, instruction, agent, status, blockedBy, blocks, inputs, "
                + "outputs, success criteria, owner, attempts, times, usage, error.";
    }

    @Override
    public ObjectNode parameters() {
        return schema.build();
    }

    @Override
    public ToolResult execute(ObjectNode arguments, ToolContext context) {
        return Guarded.run(name(), () -> {
            int id = new Arguments(arguments).integer("id");
            RunStore store = TaskGraph.store(context);
            Task task = TaskGraph.ask(() -> store.task(id));
            try {
                return ToolResult.ok(json.writeValueAsString(task));
            } catch (JsonProcessingException e) {
                throw new IllegalStateException("task #" + id + " cannot be shown as JSON", e);
            }
        });
    }
}
