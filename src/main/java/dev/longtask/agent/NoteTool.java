package dev.longtask.agent;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.longtask.model.EventData;
import dev.longtask.tools.Tool;
import dev.longtask.tools.ToolContext;
import dev.longtask.tools.ToolResult;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code note {text}}: how an agent records what it learned while it works (the 2-action rule asks for it).
 * Inside a run each note becomes a {@code finding.added} event, so it lands in findings.md at once; every
 * note is also kept for the task's outcome. Offered to every agent by the loop, whatever its whitelist.
 */
final class NoteTool implements Tool {
    static final String NAME = "note";

    private final String agent;
    private final List<String> notes = new ArrayList<>();

    NoteTool(String agent) {
        this.agent = agent;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "Records facts you learned (with path:line) in the run's findings, for later tasks and the report. "
                + "Short and specific.";
    }

    @Override
    public ObjectNode parameters() {
        return Json.parseObject("""
                {"type": "object",
                 "properties": {"text": {"type": "string", "description": "the facts to record, one per line"}},
                 "required": ["text"],
                 "additionalProperties": false}
                """);
    }

    @Override
    public ToolResult execute(ObjectNode arguments, ToolContext context) {
        String text = arguments.path("text").asText("").strip();
        if (text.isEmpty()) {
            return ToolResult.error("note needs a non-empty text");
        }
        if (context.store() != null) {
            EventData.FindingAdded data = new EventData.FindingAdded(text, agent, NAME);
            Uninterrupted.run(() -> context.store().append(context.taskId(), data));
        }
        notes.add(text);
        return ToolResult.ok("Noted (" + notes.size() + (notes.size() == 1 ? " note" : " notes")
                + " in this task).");
    }

    List<String> notes() {
        return List.copyOf(notes);
    }
}
