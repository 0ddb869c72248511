package dev.longtask.agent;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.longtask.model.llm.ToolSpec;
import dev.longtask.tools.OutsideWorkspaceException;
import dev.longtask.tools.Workspace;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** The task agents' terminal tool: its schema, the output-file check and the text its arguments render to. */
final class SubmitResult implements Terminal.Check {
    static final String NAME = "submit_result";

    private final Workspace workspace;
    private final Map<String, String> requiredOutputs;

    SubmitResult(Workspace workspace, Map<String, String> requiredOutputs) {
        this.workspace = workspace;
        this.requiredOutputs = new TreeMap<>(requiredOutputs);
    }

    static ToolSpec spec() {
        ObjectNode schema = Json.parseObject("""
                {"type": "object",
                 "properties": {
                   "success": {"type": "boolean", "description": "true only when the task is done and its success criteria met"},
                   "summary": {"type": "string", "minLength": 1, "description": "Two or three sentences: what you did, what came of it"},
                   "details": {"type": "string", "description": "The result in Markdown, with evidence as path:line"},
                   "findings": {"type": "array", "items": {"type": "string"}, "description": "Facts later tasks should know, one self-contained sentence each"},
                   "artifacts": {"type": "object", "additionalProperties": {"type": "string"}, "description": "Files you wrote: name -> path"},
                   "next_steps": {"type": "array", "items": {"type": "string"}, "description": "Work that remains or that you recommend"}
                 },
                 "required": ["success", "summary"],
                 "additionalProperties": false}
                """);
        // What to do when refused, or when the task cannot be done, the system prompt and the refusal say.
        return new ToolSpec(NAME, "Finishes the task and hands in its result, once, at the end. Refused while a "
                + "required output file is missing or an artifact is not a file.", schema);
    }

    @Override
    public List<String> problems(ObjectNode args) {
        List<String> problems = new ArrayList<>();
        if (succeeded(args)) {
            List<String> missing = new ArrayList<>();
            requiredOutputs.forEach((name, path) -> {
                if (!isFile(path)) {
                    missing.add(path + " (" + name + ")");
                }
            });
            if (!missing.isEmpty()) {
                problems.add("required output file" + (missing.size() > 1 ? "s are" : " is") + " missing: "
                        + String.join(", ", missing));
            }
        }
        JsonNode artifacts = args.path("artifacts");
        for (Iterator<Map.Entry<String, JsonNode>> it = artifacts.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> artifact = it.next();
            String path = artifact.getValue().asText();
            if (!isFile(path)) {
                problems.add("artifact '" + artifact.getKey() + "': " + path
                        + " is not a file in the workspace; list only files you wrote, by workspace-relative path.");
            }
        }
        return problems;
    }

    private boolean isFile(String path) {
        try {
            Path resolved = workspace.resolveInside(path);
            return Files.isRegularFile(resolved);
        } catch (OutsideWorkspaceException e) {
            return false;
        }
    }

    static boolean succeeded(ObjectNode args) {
        return args.path("success").asBoolean(false);
    }

    /** The whole result as text; never shortened, because a chain passes it on as {@code {previous}}. */
    static String render(ObjectNode args) {
        StringBuilder out = new StringBuilder(args.path("summary").asText("").strip());
        String details = args.path("details").asText("").strip();
        if (!details.isEmpty()) {
            out.append("\n\n").append(details);
        }
        list(out, "Findings", args.path("findings"));
        JsonNode artifacts = args.path("artifacts");
        if (artifacts.size() > 0) {
            out.append("\n\nArtifacts:");
            new TreeMap<>(Json.MAPPER.convertValue(artifacts, Map.class)).forEach((name, path) ->
                    out.append("\n- ").append(name).append(": ").append(path));
        }
        list(out, "Next steps", args.path("next_steps"));
        return out.toString();
    }

    private static void list(StringBuilder out, String title, JsonNode items) {
        if (items.size() == 0) {
            return;
        }
        out.append("\n\n").append(title).append(':');
        items.forEach(item -> out.append("\n- ").append(item.asText()));
    }
}
