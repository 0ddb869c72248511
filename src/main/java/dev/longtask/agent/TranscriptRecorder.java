package dev.longtask.agent;

import dev.longtask.model.Secrets;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.longtask.model.agent.AgentOutcome;
import dev.longtask.model.llm.ChatMessage;
import dev.longtask.model.llm.ToolCall;
import dev.longtask.model.Usage;
import dev.longtask.model.run.Transcript;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Writes the task's conversation to its transcript as it happens, one JSON object a line:
 * {@code time, step, kind (system|user|assistant|tool_call|tool_result|compaction|outcome), role, content,
 * tool, call_id, args, error}. Secret values are redacted from every string.
 */
final class TranscriptRecorder {
    private final Transcript sink;
    private final Clock clock;
    private final Secrets redactor;

    TranscriptRecorder(Transcript sink, Clock clock, Secrets redactor) {
        this.sink = sink;
        this.clock = clock;
        this.redactor = redactor;
    }

    /** The system prompt and the first user message, written together (one write where the store can). */
    void opening(String system, String user) {
        writeAll(List.of(entry("system", 0).put("role", "system").put("content", system),
                entry("user", 0).put("role", "user").put("content", user)));
    }

    void user(String text, int step) {
        write(entry("user", step).put("role", "user").put("content", text));
    }

    /** The answer and the tool calls it asks for, written together (one write where the store can). */
    void assistant(ChatMessage.Assistant message, int step) {
        List<ObjectNode> entries = new ArrayList<>(1 + message.toolCalls().size());
        entries.add(entry("assistant", step).put("role", "assistant").put("content", message.text()));
        for (ToolCall call : message.toolCalls()) {
            ObjectNode entry = entry("tool_call", step).put("role", "assistant").put("tool", call.name())
                    .put("call_id", call.id());
            entry.set("args", call.arguments() == null ? null : call.arguments().deepCopy());
            entries.add(entry);
        }
        writeAll(entries);
    }

    void toolResult(ToolCall call, String content, boolean error, int step) {
        write(entry("tool_result", step).put("role", "tool").put("tool", call.name()).put("call_id", call.id())
                .put("content", content).put("error", error));
    }

    void compaction(String summary, int turnsSummarised, int tokensBefore, int tokensAfter, int step) {
        write(entry("compaction", step).put("content", summary).put("turns_summarised", turnsSummarised)
                .put("tokens_before", tokensBefore).put("tokens_after", tokensAfter));
    }

    void outcome(AgentOutcome outcome) {
        ObjectNode entry = entry("outcome", outcome.steps()).put("ending", outcome.ending().name().toLowerCase())
                .put("success", outcome.success()).put("reason", outcome.reason());
        entry.set("usage", Json.MAPPER.valueToTree(outcome.usage() == null ? Usage.ZERO : outcome.usage()));
        write(entry);
    }

    private ObjectNode entry(String kind, int step) {
        return Json.object().put("time", clock.instant().toString()).put("step", step).put("kind", kind);
    }

    private void write(ObjectNode entry) {
        ObjectNode line = (ObjectNode) redact(entry);
        Uninterrupted.run(() -> sink.append(line));
    }

    private void writeAll(List<ObjectNode> entries) {
        List<ObjectNode> lines = new ArrayList<>(entries.size());
        entries.forEach(entry -> lines.add((ObjectNode) redact(entry)));
        Uninterrupted.run(() -> sink.appendAll(lines));
    }

    private JsonNode redact(JsonNode node) {
        if (node == null) {
            return null;
        }
        if (node.isTextual()) {
            return TextNode.valueOf(redactor.redact(node.asText()));
        }
        if (node.isObject()) {
            ObjectNode object = (ObjectNode) node;
            for (Iterator<Map.Entry<String, JsonNode>> it = object.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> field = it.next();
                field.setValue(redact(field.getValue()));
            }
        } else if (node.isArray()) {
            ArrayNode array = (ArrayNode) node;
            for (int i = 0; i < array.size(); i++) {
                array.set(i, redact(array.get(i)));
            }
        }
        return node;
    }
}
