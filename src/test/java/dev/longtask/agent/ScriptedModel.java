package dev.longtask.agent;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.longtask.model.llm.ChatMessage;
import dev.longtask.model.llm.ChatRequest;
import dev.longtask.model.llm.ChatResponse;
import dev.longtask.model.llm.LlmClient;
import dev.longtask.model.llm.ToolCall;
import dev.longtask.model.Usage;
import java.io.UncheckedIOException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * A fake model for tests: answers from a queue of scripted replies (or a function of the request) and records
 * every request it got. Each reply costs 100 input and 10 output tokens.
 */
final class ScriptedModel implements LlmClient {
    static final ObjectMapper JSON = new ObjectMapper();
    static final Usage CALL_USAGE = Usage.unpriced(100, 10, 0, 0);

    private final Deque<Function<ChatRequest, ChatMessage.Assistant>> script = new ArrayDeque<>();
    private final List<ChatRequest> requests = new CopyOnWriteArrayList<>();
    private final AtomicInteger ids = new AtomicInteger();
    private final int window;
    private Function<ChatRequest, ChatMessage.Assistant> fallback;
    private Function<ChatRequest, ChatMessage.Assistant> compaction;

    ScriptedModel() {
        this(200_000);
    }

    ScriptedModel(int window) {
        this.window = window;
    }

    /** The next reply calls one tool; {@code json} is its arguments. */
    ScriptedModel call(String tool, String json) {
        script.add(r -> new ChatMessage.Assistant("", List.of(toolCall(tool, json))));
        return this;
    }

    /** The next reply calls several tools at once. */
    ScriptedModel calls(ToolCall... calls) {
        script.add(r -> new ChatMessage.Assistant("", List.of(calls)));
        return this;
    }

    ScriptedModel say(String text) {
        script.add(r -> new ChatMessage.Assistant(text, List.of()));
        return this;
    }

    ScriptedModel then(Function<ChatRequest, ChatMessage.Assistant> reply) {
        script.add(reply);
        return this;
    }

    /** Answers every request once the script is used up (or always, when nothing is queued). */
    ScriptedModel otherwise(Function<ChatRequest, ChatMessage.Assistant> reply) {
        this.fallback = reply;
        return this;
    }

    /** Answers summarising requests (those offering no tools) apart from the script. */
    ScriptedModel onCompaction(Function<ChatRequest, ChatMessage.Assistant> reply) {
        this.compaction = reply;
        return this;
    }

    ScriptedModel submit(boolean success, String summary) {
        return call("submit_result", "{\"success\":" + success + ",\"summary\":" + quote(summary) + "}");
    }

    ToolCall toolCall(String tool, String json) {
        return new ToolCall("call_" + ids.incrementAndGet(), tool, json == null ? null : parse(json));
    }

    @Override
    public ChatResponse chat(ChatRequest request) {
        requests.add(request);
        Function<ChatRequest, ChatMessage.Assistant> next = null;
        if (compaction != null && request.tools().isEmpty()) {
            next = compaction;
        } else {
            synchronized (script) {
                next = script.poll();
            }
        }
        if (next == null) {
            next = fallback;
        }
        if (next == null) {
            throw new AssertionError("the scripted model ran out of replies at request " + requests.size());
        }
        return new ChatResponse(next.apply(request), CALL_USAGE, "stop");
    }

    @Override
    public String modelSpec() {
        return "test:scripted";
    }

    @Override
    public int contextWindowTokens() {
        return window;
    }

    List<ChatRequest> requests() {
        return requests;
    }

    ChatRequest last() {
        return requests.get(requests.size() - 1);
    }

    static ObjectNode parse(String json) {
        try {
            return (ObjectNode) JSON.readTree(json);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String quote(String text) {
        try {
            return JSON.writeValueAsString(text);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The tool results of the last request, in order. */
    static List<ChatMessage.ToolResult> results(ChatRequest request) {
        return request.messages().stream().filter(m -> m instanceof ChatMessage.ToolResult)
                .map(m -> (ChatMessage.ToolResult) m).toList();
    }

    static ChatMessage.ToolResult lastResult(ChatRequest request) {
        List<ChatMessage.ToolResult> all = results(request);
        return all.get(all.size() - 1);
    }

    static String systemPrompt(ChatRequest request) {
        return ((ChatMessage.System) request.messages().get(0)).text();
    }
}
