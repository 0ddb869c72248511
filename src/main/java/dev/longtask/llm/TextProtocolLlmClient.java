package dev.longtask.llm;

import dev.longtask.model.Usage;
import dev.longtask.model.llm.ChatMessage;
import dev.longtask.model.llm.ChatRequest;
import dev.longtask.model.llm.ChatResponse;
import dev.longtask.model.llm.LlmClient;
import dev.longtask.model.llm.ToolSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Gives tool calling to a model that has none (see {@link TextProtocol}): the tools go into the system
 * prompt, earlier tool calls and results into text, and the answer's protocol lines come back as the same
 * {@link ChatResponse} a native model gives; a {@code FINAL} line is a call of the request's finishing tool, and
 * where a native model would be forced to call it, the last message says so. An unreadable answer is sent back
 * with a correction in the exact syntax, at most {@code maxCorrections} times; after that the answer is returned
 * as plain text without tool calls.
 * The usage returned is the sum over all the calls made.
 */
final class TextProtocolLlmClient implements LlmClient {
    static final int MAX_CORRECTIONS = 2;

    private final LlmClient inner;
    private final int maxCorrections;

    TextProtocolLlmClient(LlmClient inner, int maxCorrections) {
        this.inner = inner;
        this.maxCorrections = maxCorrections;
    }

    @Override
    public ChatResponse chat(ChatRequest request) {
        if (request.tools().isEmpty()) {
            return inner.chat(new ChatRequest(asText(request.messages(), null), List.of(),
                    request.maxOutputTokens(), null, false, request.origin()));
        }
        Set<String> names = request.tools().stream().map(ToolSpec::name).collect(Collectors.toSet());
        int firstId = 1 + (int) request.messages().stream()
                .filter(m -> m instanceof ChatMessage.Assistant)
                .mapToLong(m -> ((ChatMessage.Assistant) m).toolCalls().size()).sum();
        List<ChatMessage> messages = asText(request.messages(),
                TextProtocol.instructions(request.tools(), request.finishingTool()));
        if (request.finishNow()) {
            messages = withLastWord(messages, TextProtocol.finishNow(request.tools().stream()
                    .filter(t -> t.name().equals(request.finishingTool())).findFirst().orElseThrow()));
        }
        Usage usage = Usage.ZERO;
        for (int corrections = 0; ; corrections++) {
            ChatResponse answer = inner.chat(new ChatRequest(messages, List.of(), request.maxOutputTokens(), null,
                    false, request.origin()));
            usage = usage.plus(answer.usage());
            String text = answer.message().text();
            TextProtocol.Parsed parsed = TextProtocol.parse(text, names, request.finishingTool(), firstId);
            if (parsed.ok()) {
                String finish = parsed.calls().isEmpty() ? answer.finishReason() : "tool_calls";
                return new ChatResponse(new ChatMessage.Assistant(parsed.text(), parsed.calls()), usage, finish);
            }
            if (corrections >= maxCorrections) {
                return new ChatResponse(new ChatMessage.Assistant(text, List.of()), usage, answer.finishReason());
            }
            messages = new ArrayList<>(messages);
            messages.add(new ChatMessage.Assistant(text, List.of()));
            messages.add(new ChatMessage.User(TextProtocol.correction(parsed.problem(), request.tools(),
                    request.finishingTool())));
        }
    }

    /** The messages with {@code word} at the end of the last user message (or in a new one). */
    private static List<ChatMessage> withLastWord(List<ChatMessage> messages, String word) {
        List<ChatMessage> out = new ArrayList<>(messages);
        int last = out.size() - 1;
        if (out.get(last) instanceof ChatMessage.User u) {
            out.set(last, new ChatMessage.User(u.text() + "\n\n" + word));
        } else {
            out.add(new ChatMessage.User(word));
        }
        return out;
    }

    /**
     * The conversation in plain text: tool calls rendered as protocol lines, consecutive tool results folded
     * into one user message, and the protocol instructions added to the system prompt (when given).
     */
    private static List<ChatMessage> asText(List<ChatMessage> messages, String instructions) {
        List<ChatMessage> out = new ArrayList<>();
        boolean instructed = instructions == null;
        StringBuilder results = null;
        for (ChatMessage m : messages) {
            if (m instanceof ChatMessage.ToolResult r) {
                results = results == null ? new StringBuilder() : results.append("\n\n");
                results.append(TextProtocol.render(r));
                continue;
            }
            if (results != null) {
                out.add(new ChatMessage.User(results.toString()));
                results = null;
            }
            if (m instanceof ChatMessage.System s && !instructed) {
                out.add(new ChatMessage.System(s.text() + "\n\n" + instructions));
                instructed = true;
            } else if (m instanceof ChatMessage.Assistant a) {
                out.add(new ChatMessage.Assistant(TextProtocol.render(a), List.of()));
            } else {
                out.add(m);
            }
        }
        if (results != null) {
            out.add(new ChatMessage.User(results.toString()));
        }
        if (!instructed) {
            out.add(0, new ChatMessage.System(instructions));
        }
        return out;
    }

    @Override
    public String modelSpec() {
        return inner.modelSpec();
    }

    @Override
    public int contextWindowTokens() {
        return inner.contextWindowTokens();
    }
}
