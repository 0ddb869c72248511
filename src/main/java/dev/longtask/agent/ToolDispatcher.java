package dev.longtask.agent;

import com.fasterxml.jackson.databind.JsonNode;
import dev.longtask.model.Secrets;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.longtask.model.llm.ToolCall;
import dev.longtask.tools.OutsideWorkspaceException;
import dev.longtask.tools.Tool;
import dev.longtask.tools.ToolContext;
import dev.longtask.tools.ToolResult;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs one work-tool call through the guardrails and returns what the model gets back. In order: arguments
 * must be a JSON object; the tool must be on the agent's whitelist; a repeated read may be refused; the
 * arguments must fit the tool's schema; then the tool runs. Its output has secrets redacted, is cut to head
 * and tail, shown once if identical to an earlier one (×N), checked for a stuck repeat, and may carry the
 * note reminder (for an agent that has note). Every mistake of the model becomes a tool error; nothing it does is thrown.
 */
final class ToolDispatcher {
    private static final Logger LOG = LoggerFactory.getLogger(ToolDispatcher.class);
    /** Claude Code's name for the file argument; accepted wherever a tool takes {@code path}. */
    static final String FILE_PATH = "file_path";

    /** What goes back to the model; {@code stuck} says the task must stop now. */
    record Dispatched(String content, boolean error, boolean stuck) {
    }

    private final String agent;
    private final Map<String, Tool> whitelisted = new LinkedHashMap<>();
    private final Map<String, SchemaCheck> schemas = new HashMap<>();
    private final LoopCaches caches;
    private final PermissionGate gate;
    /** The last call the permission gate refused, said as a task's failure names it; null when none was. */
    private String permissionRefusal;
    private final ToolContext context;
    private final Secrets redactor;
    private final OutputClipper clipper;
    private final ReadGuard reads;
    private final ResultDeduper dedup = new ResultDeduper();
    private final StuckDetector stuck;
    private final ViewReminder reminder;

    /**
     * @param whitelist the agent's tools that exist here (the note tool included), in the order offered
     * @param caches    the runtime's: the secrets redacted from output, the tools' compiled schemas
     */
    ToolDispatcher(String agent, List<Tool> whitelist, ToolContext context, LoopSettings settings, LoopCaches caches,
                   PermissionGate gate) {
        this.caches = caches;
        this.gate = gate;
        this.agent = agent;
        whitelist.forEach(t -> whitelisted.put(t.name(), t));
        this.context = context;
        this.redactor = caches.secrets();
        this.clipper = new OutputClipper(settings.maxOutputChars());
        this.reads = new ReadGuard(settings.readsPerPath());
        this.stuck = new StuckDetector(settings.repeatLimit());
        this.reminder = new ViewReminder(settings.viewCharsPerNote());
    }

    Dispatched dispatch(ToolCall call, int step) {
        String name = call.name() == null ? "" : call.name();
        ObjectNode args = call.invalidArguments().isPresent() ? null : call.arguments();
        String aliasProblem = null;
        if (args != null && args.has(FILE_PATH) && takesPathAlias(whitelisted.get(name))) {
            aliasProblem = bothPaths(args);
            args = aliasProblem == null ? withPath(args) : args;
        }
        String path = args == null ? null : pathKey(args);
        ToolResult raw = aliasProblem != null ? ToolResult.error(aliasProblem) : run(name, args, path, call);
        String content = clipper.clip(name, redactor.redact(raw.content()));
        boolean isStuck = stuck.record(name, Json.canonical(args), content, raw.error());
        String shown = dedup.show(name, content, raw.error(), step);
        String remind = whitelisted.containsKey(NoteTool.NAME) ? reminder.after(name, path, raw.error(), shown)
                : null;
        if (remind != null) {
            shown = shown + "\n\n" + remind;
        }
        return new Dispatched(shown, raw.error(), isStuck);
    }

    /**
     * After a compaction earlier results may be gone: repeats are shown in full again, and files read before may
     * be read again (what they said may have been summarised away).
     */
    void compacted() {
        dedup.reset();
        reads.reset();
    }

    /** Records a terminal call that was refused, so repeating it unchanged counts as being stuck. */
    boolean terminalRefused(ToolCall call, String content) {
        return stuck.record(call.name(), Json.canonical(call.arguments()), content, true);
    }

    private ToolResult run(String name, ObjectNode args, String path, ToolCall call) {
        Tool tool = whitelisted.get(name);
        if (tool == null) {
            return ToolResult.error("tool '" + name + "' is not available to agent '" + agent
                    + "'; its tools are: " + String.join(", ", whitelisted.keySet()) + " (and its terminal tool)");
        }
        if (args == null) {
            return ToolResult.error(invalidArguments(call));
        }
        List<String> problems = schemas.computeIfAbsent(name, n -> caches.schema(tool.parameters())).problems(args);
        if (!problems.isEmpty()) {
            return ToolResult.error("invalid arguments for " + name + ": " + String.join("; ", problems)
                    + ". Expected: " + tool.parameters());
        }
        if (!(tool instanceof NoteTool)) {
            String refusal = gate.check(agent, name, args, context);
            if (refusal != null) {
                permissionRefusal = callShown(name, args) + " (" + refusal.replaceFirst("^refused: ", "") + ")";
                return ToolResult.error(refusal);
            }
        }
        if (name.equals("read")) {
            String refusal = reads.check(path, args);
            if (refusal != null) {
                return ToolResult.error(refusal);
            }
        }
        ToolResult result;
        try {
            result = tool.execute(args, context);
        } catch (OutsideWorkspaceException e) {
            return ToolResult.error(e.getMessage());
        } catch (RuntimeException e) {
            // A tool should return errors, not throw; the run goes on, and the bug is logged for us.
            LOG.warn("tool {} threw instead of returning an error", name, e);
            return ToolResult.error(name + " failed: " + e.getMessage());
        }
        if (result == null) {
            return ToolResult.error(name + " returned nothing");
        }
        if (name.equals("read") && !result.error()) {
            reads.record(path, args);
        }
        return result;
    }

    /** A call in a few words: the tool and the path or command it names, else its arguments cut short. */
    private static String callShown(String name, ObjectNode args) {
        for (String key : List.of("path", "file_path", "command")) {
            if (args.path(key).isTextual()) {
                return name + " " + key + "=" + clipped(args.path(key).asText());
            }
        }
        return name + " " + clipped(Json.canonical(args));
    }

    private static String clipped(String text) {
        String line = text.replaceAll("\\s+", " ");
        return line.length() <= 120 ? line : line.substring(0, 119) + "…";
    }

    /** The last call of this task the permissions refused ("write path=a.md (refused by the rule ...)"), if any. */
    java.util.Optional<String> permissionRefusal() {
        return java.util.Optional.ofNullable(permissionRefusal);
    }

    /**
     * Whether {@code file_path} (Claude Code's name) stands for {@code path} in calls of {@code tool}: it takes a
     * path and has no file_path of its own. The renamed call passes the same checks as any other.
     */
    private static boolean takesPathAlias(Tool tool) {
        JsonNode properties = tool == null || tool.parameters() == null ? null : tool.parameters().get("properties");
        return properties != null && properties.has("path") && !properties.has(FILE_PATH);
    }

    /** Null when the call names its file once, else what is wrong. */
    private static String bothPaths(ObjectNode args) {
        if (args.hasNonNull("path") && !args.get("path").equals(args.get(FILE_PATH))) {
            return "give the file as path or as file_path, not both: path is " + args.get("path")
                    + " and file_path is " + args.get(FILE_PATH);
        }
        return null;
    }

    /** The arguments with {@code file_path} renamed to {@code path}, in its place. */
    private static ObjectNode withPath(ObjectNode args) {
        ObjectNode renamed = args.objectNode();
        args.fields().forEachRemaining(e -> {
            if (e.getKey().equals(FILE_PATH)) {
                renamed.set("path", e.getValue());
            } else if (!e.getKey().equals("path")) {
                renamed.set(e.getKey(), e.getValue());
            }
        });
        return renamed;
    }

    /** What the model is told when its arguments were not a JSON object, quoting what it sent. */
    static String invalidArguments(ToolCall call) {
        String sent = call.invalidArguments().orElse("");
        String shown = sent.length() <= 200 ? sent : sent.substring(0, 200) + "...";
        return "the arguments of this " + call.name() + " call were not a valid JSON object"
                + (shown.isEmpty() ? "" : " (you sent: " + shown + ")")
                + "; call it again with a JSON object that fits its schema";
    }

    /** The workspace-relative form of the call's path argument, so "a.txt" and "./a.txt" count as one. */
    private String pathKey(ObjectNode args) {
        if (!args.hasNonNull("path")) {
            return null;
        }
        String path = args.get("path").asText();
        try {
            return context.workspace().relative(context.workspace().resolveInside(path));
        } catch (OutsideWorkspaceException e) {
            return path;
        }
    }
}
