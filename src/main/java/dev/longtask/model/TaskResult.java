package dev.longtask.model;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A task's {@code result.json} as a reader takes it: the fields the runtime writes and the agent submits, typed, and
 * the whole object as written ({@code json}), whose other fields an agent may have added. Read leniently: a field of
 * another type than expected reads as absent, never as an error, since an agent wrote part of it.
 *
 * @param taskId   the task's id (0 when the file does not say)
 * @param ending   how the agent's loop ended ({@code submitted}, {@code max_steps}, ...), or "" when not said
 * @param success  what the agent reported, or null when the file does not say
 * @param reason   why the loop ended when it ended otherwise than by a submission, or ""
 * @param summary  the agent's summary (or why it ended without one), or ""
 * @param json     the whole result as the file holds it; null when the file is not JSON
 * @param text     the file's text exactly as written
 */
public record TaskResult(int taskId, String subject, String agent, int attempt, String ending, Boolean success,
                         String reason, String summary, String details, List<String> findings,
                         Map<String, String> artifacts, List<String> nextSteps, JsonNode json, String text) {

    public TaskResult {
        findings = List.copyOf(findings);
        artifacts = Map.copyOf(artifacts);
        nextSteps = List.copyOf(nextSteps);
    }

    /** The result {@code text} holds, as {@code parsed} (null when the text is not a JSON object) reads. */
    public static TaskResult of(JsonNode parsed, String text) {
        if (parsed == null || !parsed.isObject()) {
            return new TaskResult(0, "", "", 0, "", null, "", "", "", List.of(), Map.of(), List.of(), null, text);
        }
        JsonNode success = parsed.path("success");
        return new TaskResult(parsed.path("task_id").asInt(0), parsed.path("subject").asText(""),
                parsed.path("agent").asText(""), parsed.path("attempt").asInt(0), parsed.path("ending").asText(""),
                success.isBoolean() ? success.asBoolean() : null, parsed.path("reason").asText(""),
                parsed.path("summary").asText(""), parsed.path("details").asText(""), texts(parsed.path("findings")),
                names(parsed.path("artifacts")), texts(parsed.path("next_steps")), parsed, text);
    }

    private static List<String> texts(JsonNode array) {
        List<String> texts = new ArrayList<>();
        if (array.isArray()) {
            array.forEach(item -> texts.add(item.asText("")));
        }
        return texts;
    }

    private static Map<String, String> names(JsonNode object) {
        Map<String, String> names = new LinkedHashMap<>();
        if (object.isObject()) {
            object.fields().forEachRemaining(field -> names.put(field.getKey(), field.getValue().asText("")));
        }
        return names;
    }
}
