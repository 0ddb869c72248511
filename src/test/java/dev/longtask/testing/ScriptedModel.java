package dev.longtask.testing;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.longtask.model.llm.ChatMessage;
import dev.longtask.model.llm.ChatRequest;
import dev.longtask.model.llm.ChatResponse;
import dev.longtask.model.llm.LlmClient;
import dev.longtask.model.llm.LlmException;
import dev.longtask.model.llm.ToolCall;
import dev.longtask.model.llm.ToolSpec;
import dev.longtask.model.Usage;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A fake model for engine and review tests, behind the {@link LlmClient} port: it answers by who is asking (the
 * planner, the director, the synthesizer, or the agent of the task whose subject the contract names) and how far
 * that conversation has got, so answers do not depend on the order in which parallel tasks call it. Test scope
 * only: the product never ships a canned answer.
 */
public final class ScriptedModel implements LlmClient {
    public static final ObjectMapper JSON = new ObjectMapper();
    public static final Usage CALL_USAGE = new Usage(1000, 100, 0, 0, new BigDecimal("0.0100"), 0);
    private static final Pattern SUBJECT = Pattern.compile("^Subject: (.*)$", Pattern.MULTILINE);

    /** Who a request comes from, and what it has said so far. */
    public record Turn(String role, String subject, int step, ChatRequest request) {
        public String system() {
            return ((ChatMessage.System) request.messages().get(0)).text();
        }

        /** The text of the last tool result, or "" at the first step. */
        public String lastResult() {
            for (int i = request.messages().size() - 1; i >= 0; i--) {
                if (request.messages().get(i) instanceof ChatMessage.ToolResult r) {
                    return r.content();
                }
            }
            return "";
        }
    }

    private final Function<Turn, ChatMessage.Assistant> brain;
    private final int window;
    private final Map<String, AtomicInteger> calls = new ConcurrentHashMap<>();
    public final List<Turn> turns = new CopyOnWriteArrayList<>();

    public ScriptedModel(Function<Turn, ChatMessage.Assistant> brain) {
        this(brain, 200_000);
    }

    /** A scripted model whose context window is {@code window} tokens (a small model's, to test fitting to it). */
    public ScriptedModel(Function<Turn, ChatMessage.Assistant> brain, int window) {
        this.brain = brain;
        this.window = window;
    }

    @Override
    public ChatResponse chat(ChatRequest request) {
        Turn turn = turnOf(request);
        turns.add(turn);
        calls.computeIfAbsent(turn.role() + ":" + turn.subject(), k -> new AtomicInteger()).incrementAndGet();
        ChatMessage.Assistant answer = brain.apply(turn);
        if (answer == null) {
            throw new LlmException("the script has no answer for " + turn.role() + " '" + turn.subject() + "' step "
                    + turn.step(), 400, false, null);
        }
        return new ChatResponse(answer, CALL_USAGE, answer.hasToolCalls() ? "tool_use" : "end_turn");
    }

    @Override
    public String modelSpec() {
        return "test:scripted";
    }

    @Override
    public int contextWindowTokens() {
        return window;
    }

    public int calls(String role, String subject) {
        AtomicInteger n = calls.get(role + ":" + subject);
        return n == null ? 0 : n.get();
    }

    public static Turn turnOf(ChatRequest request) {
        List<String> tools = request.tools().stream().map(ToolSpec::name).toList();
        String role = tools.contains("submit_plan") ? "planner" : tools.contains("decide") ? "director"
                : tools.contains("submit_report") ? "synthesizer" : "task";
        String system = ((ChatMessage.System) request.messages().get(0)).text();
        Matcher m = SUBJECT.matcher(system);
        String subject = m.find() ? m.group(1).strip() : "";
        int step = 1 + (int) request.messages().stream().filter(msg -> msg instanceof ChatMessage.Assistant).count();
        return new Turn(role, subject, step, request);
    }

    public static ChatMessage.Assistant call(String tool, ObjectNode args) {
        return new ChatMessage.Assistant("", List.of(new ToolCall("call_" + System.nanoTime(), tool, args)));
    }

    public static ObjectNode object() {
        return JSON.createObjectNode();
    }

    public static ChatMessage.Assistant submitResult(boolean success, String summary, String... findings) {
        ObjectNode args = object().put("success", success).put("summary", summary).put("details", summary);
        args.set("findings", JSON.valueToTree(List.of(findings)));
        args.set("artifacts", object());
        args.set("next_steps", JSON.createArrayNode());
        return call("submit_result", args);
    }

    public static ChatMessage.Assistant write(String path, String content) {
        return call("write", object().put("path", path).put("content", content));
    }

    public static ChatMessage.Assistant decide(String action, String reason) {
        return call("decide", object().put("action", action).put("reason", reason));
    }

    public static ChatMessage.Assistant report(String title, String markdown) {
        return call("submit_report", object().put("title", title).put("summary", "summary of " + title)
                .put("markdown", markdown));
    }
}
