package dev.longtask.agent;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.longtask.llm.ModelSpec;
import dev.longtask.model.McpNames;
import dev.longtask.model.agent.AgentProblem;
import dev.longtask.model.agent.AgentSource;
import dev.longtask.model.agent.AgentSpec;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * Parses one agent definition: Markdown whose YAML frontmatter holds {@code name, description, tools, model,
 * max_steps} and whose body is the system prompt. Every problem names the file and the field; a definition
 * with an error is skipped, one with only warnings is kept.
 */
final class AgentFile {

    /** Tools the loop itself offers (terminal tools and {@code note}); accepted in {@code tools}, never needed there. */
    static final Set<String> RUNTIME_TOOLS = Set.of("submit_result", "submit_plan", "decide", "submit_report",
            NoteTool.NAME);

    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,63}");
    private static final int MAX_STEPS_LIMIT = 1000;

    /** Claude Code's tool names and ours; Claude tools missing here have no equivalent in longtask. */
    private static final Map<String, String> CLAUDE_TOOLS = Map.of(
            "read", "read", "write", "write", "edit", "edit", "multiedit", "edit",
            "glob", "glob", "grep", "grep", "ls", "ls", "bash", "bash");

    private static final YAMLMapper YAML = new YAMLMapper();

    /** The outcome of parsing one file: the definition unless an error skipped it, and every problem found. */
    record Parsed(Optional<AgentSpec> spec, List<AgentProblem> problems) {
    }

    private final String fileLabel;
    private final AgentSource source;
    private final Set<String> knownTools;
    private final List<AgentProblem> problems = new ArrayList<>();
    private boolean broken;

    private AgentFile(String fileLabel, AgentSource source, Set<String> knownTools) {
        this.fileLabel = fileLabel;
        this.source = source;
        this.knownTools = knownTools;
    }

    /**
     * @param file       where the text came from (null for built-ins, which are labelled "built-in:" + hint)
     * @param knownTools the work tools this runtime has; a definition naming another tool is skipped
     */
    static Parsed parse(String text, AgentSource source, Path file, String hint, Set<String> knownTools) {
        String label = file != null ? file.toString() : "built-in:" + hint;
        return new AgentFile(label, source, knownTools).parse(text, file);
    }

    private Parsed parse(String text, Path file) {
        String[] parts = split(text);
        if (parts == null) {
            return done();
        }
        JsonNode front = yaml(parts[0]);
        if (front == null) {
            return done();
        }
        String name = name(front.get("name"));
        String description = description(front.get("description"));
        List<String> tools = tools(front.get("tools"));
        String model = model(front.get("model"));
        int maxSteps = maxSteps(front.get("max_steps"));
        String body = parts[1].strip();
        if (body.isEmpty()) {
            error("body", "the system prompt (the Markdown after the frontmatter) is empty; write what the agent does");
        }
        if (broken) {
            return done();
        }
        return new Parsed(Optional.of(new AgentSpec(name, description, tools, model, maxSteps, body, source, file)),
                List.copyOf(problems));
    }

    private Parsed done() {
        return new Parsed(Optional.empty(), List.copyOf(problems));
    }

    /** Frontmatter text and body, or null (with the problem recorded) when the file has no frontmatter. */
    private String[] split(String text) {
        String t = text.startsWith("\uFEFF") ? text.substring(1) : text;
        List<String> lines = t.lines().toList();
        if (lines.isEmpty() || !lines.get(0).strip().equals("---")) {
            error("frontmatter", "the file must start with a YAML frontmatter block between two '---' lines");
            return null;
        }
        for (int i = 1; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.equals("---") || line.equals("...")) {
                return new String[] {
                        String.join("\n", lines.subList(1, i)),
                        String.join("\n", lines.subList(i + 1, lines.size()))};
            }
        }
        error("frontmatter", "the YAML frontmatter is not closed by a '---' line");
        return null;
    }

    private JsonNode yaml(String front) {
        JsonNode node;
        try {
            node = YAML.readTree(front);
        } catch (JsonProcessingException e) {
            JsonLocation at = e.getLocation();
            // The frontmatter starts on line 2 of the file.
            String where = at == null || at.getLineNr() < 1 ? "" : " at line " + (at.getLineNr() + 1);
            error("yaml", "bad YAML" + where + ": " + e.getOriginalMessage());
            return null;
        }
        if (node == null || !node.isObject()) {
            error("yaml", "the frontmatter must be a mapping of fields (name: ..., description: ...)");
            return null;
        }
        return node;
    }

    private String name(JsonNode node) {
        if (node == null || node.isNull() || (node.isTextual() && node.asText().isBlank())) {
            error("name", "missing; add 'name: <agent-name>' to the frontmatter");
            return null;
        }
        String name = node.isValueNode() ? node.asText().strip() : "";
        if (!NAME.matcher(name).matches()) {
            error("name", "'" + node + "' is not a valid name; use letters, digits, '-', '_' or '.' (at most 64)");
            return null;
        }
        return name;
    }

    private String description(JsonNode node) {
        if (node == null || node.isNull() || node.asText().isBlank()) {
            warn("description", "missing; the planner chooses agents by their description, so add one");
            return "";
        }
        if (!node.isValueNode()) {
            error("description", "must be text");
            return "";
        }
        return node.asText().strip().replaceAll("\\s+", " ");
    }

    /**
     * The whitelist: a comma list or a YAML list; omitted means every work tool, the configured MCP servers' included,
     * as in Claude Code.
     */
    private List<String> tools(JsonNode node) {
        if (node == null || node.isNull()) {
            return List.copyOf(new TreeSet<>(knownTools));
        }
        List<String> given = new ArrayList<>();
        if (node.isArray()) {
            for (JsonNode item : node) {
                if (!item.isTextual()) {
                    error("tools", "list item " + item + " is not a tool name");
                    continue;
                }
                given.add(item.asText());
            }
        } else if (node.isTextual()) {
            for (String item : node.asText().split(",")) {
                if (!item.isBlank()) {
                    given.add(item);
                }
            }
        } else {
            error("tools", "must be a comma-separated list or a YAML list of tool names");
            return List.of();
        }
        Set<String> whitelist = new LinkedHashSet<>();
        List<String> unknown = new ArrayList<>();
        List<String> dropped = new ArrayList<>();
        for (String raw : given) {
            String tool = raw.strip();
            String lower = tool.toLowerCase(Locale.ROOT);
            if (McpNames.isMcp(tool)) {
                // mcp__server or mcp__server__tool of a configured server; the server says at run time which tools
                // it has. Names are kept as written: MCP tool names are case-sensitive.
                if (McpNames.server(tool).map(server -> knownTools.contains(McpNames.PREFIX + server)).orElse(false)) {
                    whitelist.add(tool);
                } else if (source == AgentSource.CLAUDE) {
                    dropped.add(tool);
                } else {
                    unknown.add(tool);
                }
            } else if (knownTools.contains(lower)) {
                whitelist.add(lower);
            } else if (RUNTIME_TOOLS.contains(lower)) {
                continue;
            } else if (source == AgentSource.CLAUDE && CLAUDE_TOOLS.containsKey(lower)
                    && knownTools.contains(CLAUDE_TOOLS.get(lower))) {
                whitelist.add(CLAUDE_TOOLS.get(lower));
            } else if (source == AgentSource.CLAUDE) {
                dropped.add(tool);
            } else {
                unknown.add(tool);
            }
        }
        if (!unknown.isEmpty()) {
            error("tools", "unknown tool" + (unknown.size() > 1 ? "s " : " ") + String.join(", ", unknown)
                    + "; known tools: " + String.join(", ", new TreeSet<>(knownTools))
                    + (unknown.stream().anyMatch(McpNames::isMcp) ? " (an mcp__<server> tool needs that server in"
                    + " .mcp.json or mcp_servers: of a config file)" : ""));
        }
        if (!dropped.isEmpty()) {
            warn("tools", "Claude Code tool" + (dropped.size() > 1 ? "s " : " ") + String.join(", ", dropped)
                    + " have no longtask equivalent" + (dropped.stream().anyMatch(McpNames::isMcp)
                    ? " or name an MCP server not configured here" : "") + " and are left out");
        }
        return List.copyOf(whitelist);
    }

    private String model(JsonNode node) {
        if (node == null || node.isNull() || node.asText().isBlank()) {
            return null;
        }
        String model = node.asText().strip();
        try {
            return ModelSpec.parse(model).toString();
        } catch (RuntimeException e) {
            // ModelSpec says what is wrong (its ConfigException; config is not a layer agent may use).
            if (source == AgentSource.CLAUDE) {
                // Claude Code writes aliases (sonnet, opus, haiku, inherit) that name no exact model.
                if (!model.equals("inherit")) {
                    warn("model", "Claude Code alias '" + model + "' is ignored; the run's model is used");
                }
                return null;
            }
            error("model", e.getMessage() + "; or leave it out to use the run's model");
            return null;
        }
    }

    private int maxSteps(JsonNode node) {
        if (node == null || node.isNull()) {
            return AgentSpec.DEFAULT_MAX_STEPS;
        }
        if (node.canConvertToInt() && node.isIntegralNumber()
                && node.asInt() >= 1 && node.asInt() <= MAX_STEPS_LIMIT) {
            return node.asInt();
        }
        error("max_steps", "'" + node.asText() + "' is not a whole number from 1 to " + MAX_STEPS_LIMIT);
        return AgentSpec.DEFAULT_MAX_STEPS;
    }

    private void error(String field, String message) {
        broken = true;
        problems.add(new AgentProblem(fileLabel, field, message, true));
    }

    private void warn(String field, String message) {
        problems.add(new AgentProblem(fileLabel, field, message, false));
    }
}
