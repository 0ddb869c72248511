package dev.longtask.agent;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.longtask.model.llm.ToolSpec;
import dev.longtask.tools.Tool;
import dev.longtask.tools.Toolbox;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * What a model reads of every tool it can be offered: each tool and each field says what it is for, and every
 * object is closed (a name-to-path map states the type of its values instead).
 */
class ToolSchemasTest {

    @Test
    void everyToolAndEveryFieldIsDescribedAndEveryObjectIsClosed() throws IOException {
        Map<String, ToolSpec> specs = new LinkedHashMap<>();
        for (Tool t : Toolbox.builtIn().select(Toolbox.BUILT_IN)) {
            specs.put(t.name(), new ToolSpec(t.name(), t.description(), t.parameters()));
        }
        NoteTool note = new NoteTool("any");
        specs.put(note.name(), new ToolSpec(note.name(), note.description(), note.parameters()));
        specs.put(SubmitResult.NAME, SubmitResult.spec());
        for (String role : List.of("submit_plan", "decide", "submit_report")) {
            try (InputStream in = ToolSchemasTest.class.getResourceAsStream("/schemas/" + role + ".json")) {
                specs.put(role, new ToolSpec(role, "role tool", (ObjectNode) Json.parseObject(new String(
                        in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8))));
            }
        }

        List<String> problems = new ArrayList<>();
        specs.forEach((name, spec) -> {
            if (spec.description() == null || spec.description().isBlank()) {
                problems.add(name + ": no description");
            }
            check(name, spec.parameters(), true, problems);
        });

        assertThat(specs).hasSizeGreaterThanOrEqualTo(15);
        assertThat(problems).isEmpty();
    }

    private static void check(String where, JsonNode schema, boolean top, List<String> problems) {
        if (!top && !schema.path("description").isTextual()) {
            problems.add(where + ": no description");
        }
        if (schema.has("properties")) {
            if (!schema.path("additionalProperties").isBoolean() || schema.get("additionalProperties").asBoolean()) {
                problems.add(where + ": not closed (additionalProperties: false)");
            }
            for (Iterator<Map.Entry<String, JsonNode>> it = schema.get("properties").fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> p = it.next();
                check(where + "." + p.getKey(), p.getValue(), false, problems);
            }
        }
        JsonNode items = schema.path("items");
        if (items.has("properties")) {
            check(where + "[]", items, true, problems);
        }
    }
}
