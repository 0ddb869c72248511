package dev.longtask.engine;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * A task's result.json as the synthesizer reads it: what the agent handed in (success, summary, details, findings,
 * artifacts, next steps), its working notes where they add to the findings, and why a task that did not hand
 * anything in ended. The bookkeeping (ids, attempt, usage, steps, duration) and what repeats the rest (the rendered
 * output, the declared outputs, shown as their own documents) are left out; the file itself stays whole on disk.
 */
final class ResultText {
    private ResultText() {
    }

    static String of(JsonNode result) {
        StringBuilder b = new StringBuilder();
        String ending = result.path("ending").asText("");
        if (!ending.isEmpty() && !ending.equals("submitted")) {
            b.append("ended: ").append(ending).append('\n');
        }
        if (result.has("success")) {
            b.append("success: ").append(result.path("success").asBoolean()).append('\n');
        }
        field(b, "reason", result.path("reason"));
        if (!result.path("summary").asText("").equals(result.path("reason").asText(""))) {
            field(b, "summary", result.path("summary"));
        }
        field(b, "details", result.path("details"));
        Set<String> findings = list(b, "findings", result.path("findings"), Set.of());
        list(b, "notes", result.path("notes"), findings);
        JsonNode artifacts = result.path("artifacts");
        if (artifacts.isObject() && !artifacts.isEmpty()) {
            b.append("artifacts:\n");
            for (Iterator<Map.Entry<String, JsonNode>> it = artifacts.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> a = it.next();
                b.append("- ").append(a.getKey()).append(": ").append(a.getValue().asText()).append('\n');
            }
        }
        list(b, "next steps", result.path("next_steps"), Set.of());
        return b.toString().strip();
    }

    private static void field(StringBuilder b, String name, JsonNode value) {
        String text = value.isTextual() ? value.asText().strip() : "";
        if (!text.isEmpty()) {
            b.append(name).append(text.contains("\n") ? ":\n" : ": ").append(text).append('\n');
        }
    }

    /** The items not already shown in {@code shown}, under {@code name}; returns every item of the list. */
    private static Set<String> list(StringBuilder b, String name, JsonNode items, Set<String> shown) {
        Set<String> all = new LinkedHashSet<>();
        items.forEach(i -> all.add(i.asText().strip()));
        Set<String> fresh = new LinkedHashSet<>(all);
        fresh.removeAll(shown);
        fresh.remove("");
        if (!fresh.isEmpty()) {
            b.append(name).append(":\n");
            fresh.forEach(i -> b.append("- ").append(i).append('\n'));
        }
        return all;
    }
}
