package dev.longtask.agent;

import dev.longtask.model.Secrets;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.longtask.llm.ToolCall;
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
 * 2-action reminder. Every mistake of the model becomes a tool error; nothing it does is thrown.
 */
final class ToolDispatcher {
    private static final Logger LOG = LoggerFactory.getLogger(ToolDispatcher.class);

    /** What goes back to the model; {@code stuck} says the task must stop now. */
    record Dispatched(String content, boolean error, boolean stuck) {
    }

    private final String agent;
    private final Map<String, Tool> whitelisted = new LinkedHashMap<>();
    private final Map<String, SchemaCheck> schemas = new HashMap<>();
    private final ToolContext context;
    private final Secrets redactor;
    private final OutputClipper clipper;
    private final ReadGuard reads;
    private final ResultDeduper dedup = new ResultDeduper();
    private final StuckDetector stuck;
    private final ViewReminder reminder;

    /** @param whitelist the agent's tools that exist here (the note tool included), in the order offered */
    ToolDispatcher(String agent, List<Tool> whitelist, ToolContext context, LoopSettings settings, Secrets redactor) {
        this.agent = agent;
        whitelist.forEach(t -> whitelisted.put(t.name(), t));
        this.context = context;
        this.redactor = redactor;
        this.clipper = new OutputClipper(settings.maxOutputChars());
        this.reads = new ReadGuard(settings.readsPerPath());
        this.stuck = new StuckDetector(settings.repeatLimit());
        this.reminder = new ViewReminder(settings.viewActionsPerNote());
    }

    Dispatched dispatch(ToolCall call, int step) {
        String name = call.name() == null ? "" : call.name();
        ObjectNode args = call.invalidArguments().isPresent() ? null : call.arguments();
        String path = args == null ? null : pathKey(args);
        ToolResult raw = run(name, args, path, call);
        String content = clipper.clip(redactor.redact(raw.content()));
        boolean isStuck = stuck.record(name, Json.canonical(args), content, raw.error());
        String shown = dedup.show(name, content, raw.error(), step);
        String remind = reminder.after(name, path, raw.error());
        if (remind != null) {
            shown = shown + "\n\n" + remind;
        }
        return new Dispatched(shown, raw.error(), isStuck);
    }

    /** After a compaction earlier results may be gone, so repeats are shown in full again. */
    void compacted() {
        dedup.reset();
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
        if (name.equals("read")) {
            String refusal = reads.check(path, args);
            if (refusal != null) {
                return ToolResult.error(refusal);
            }
        }
        List<String> problems = schemas.computeIfAbsent(name, n -> new SchemaCheck(tool.parameters())).problems(args);
        if (!problems.isEmpty()) {
            return ToolResult.error("invalid arguments for " + name + ": " + String.join("; ", problems)
                    + ". Expected: " + tool.parameters());
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
