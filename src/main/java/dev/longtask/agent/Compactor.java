package dev.longtask.agent;

import dev.longtask.llm.TokenCounter;
import dev.longtask.model.llm.ChatMessage;
import dev.longtask.model.llm.ChatRequest;
import dev.longtask.model.llm.ChatResponse;
import dev.longtask.model.llm.LlmClient;
import dev.longtask.model.llm.ToolCall;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Keeps a conversation inside the model's context window. Before a call whose request is estimated above
 * {@code compactAt} of the window, the older turns are summarised by the model, told the agent's task so that the
 * summary keeps what the task needs (one call, or a few folded calls when the old part is itself too big for one),
 * and replaced by that summary; the system prompt (with the task contract), the kickoff and the newest turns stay as
 * they were.
 */
final class Compactor {
    static final String INSTRUCTIONS = """
            You compact the working memory of an AI agent that is partway through a task. You get its task, \
            the summary of its work so far (if any) and its newer turns: its messages, the tool calls it made \
            and their results. Write the summary it will continue from, replacing the old one. Keep:
            - what it has done, in order, and the outcome of each step that mattered;
            - every fact it learned that the task may need, with exact file paths, line numbers, identifiers, \
            numbers, commands and error messages;
            - the files it wrote or changed, and how; which of the task's required outputs are written and \
            which are still missing;
            - what remains to do for the task and what it was about to do next.
            Drop chatter and anything superseded. Never invent facts. Write Markdown bullets, at most about \
            700 words. Reply with the summary only.""";

    /** Above this share of the window after compaction, the task cannot go on. */
    static final double OVERFLOW_AT = 0.9;
    private static final int CALL_CHARS = 1_000;
    private static final int RESULT_CHARS = 3_000;
    /** The task as the summariser sees it: a role agent's brief can be long, and its head says what it is for. */
    static final int TASK_CHARS = 4_000;

    /** Told of each summarising call, for usage accounting. */
    @FunctionalInterface
    interface Meter {
        void called(ChatResponse response, Instant started);
    }

    /**
     * What happened: nothing needed, compacted (and whether it now fits), or too big to fix. When nothing was needed,
     * {@code before} and {@code after} may be an upper bound of the request's tokens rather than their count.
     */
    record Result(boolean compacted, boolean fits, String summary, int turnsSummarised, int before, int after) {
    }

    private final LlmClient llm;
    private final TokenCounter tokens;
    private final LoopSettings settings;
    private final Clock clock;
    private final String task;

    /** @param task the agent's task as its instructions give it (the contract), so the summary keeps what it needs */
    Compactor(LlmClient llm, TokenCounter tokens, LoopSettings settings, Clock clock, String task) {
        this.llm = llm;
        this.tokens = tokens;
        this.settings = settings;
        this.clock = clock;
        this.task = "The agent's task:\n" + clip(task.strip(), TASK_CHARS) + "\n\n";
    }

    /**
     * @param origin who the summarising calls are made for
     * @throws dev.longtask.model.llm.LlmException when the summarising call fails
     */
    Result ensureFits(Conversation conversation, ToolSpecs tools, ChatRequest.Origin origin, Meter meter) {
        int window = llm.contextWindowTokens();
        int bound = conversation.tokenBound() + tools.tokenBound();
        if (bound <= settings.compactAt() * window) {
            return new Result(false, true, "", 0, bound, bound);
        }
        // On a small window the byte bound says little; what the counter remembers of the prompt says more.
        int known = conversation.knownBound() + tools.tokenBound();
        if (known <= settings.compactAt() * window) {
            return new Result(false, true, "", 0, known, known);
        }
        int toolTokens = tools.tokens();
        int before = conversation.tokens() + toolTokens;
        if (before <= settings.compactAt() * window) {
            return new Result(false, true, "", 0, before, before);
        }
        int keepFrom = keepFrom(conversation, (int) (settings.keepRecentShare() * window));
        if (keepFrom == 0) {
            // Nothing old to fold away: the fixed part is what is big.
            return new Result(false, before <= OVERFLOW_AT * window, "", 0, before, before);
        }
        List<ChatMessage> old = conversation.turnMessages(0, keepFrom);
        int turns = (int) old.stream().filter(m -> m instanceof ChatMessage.Assistant).count();
        String summary = summarise(conversation.summary(), old, window, origin, meter);
        conversation.compact(keepFrom, summary);
        int after = conversation.tokens() + toolTokens;
        return new Result(true, after <= OVERFLOW_AT * window, summary, turns, before, after);
    }

    /** The first turn message kept: the newest whole turns that fit in {@code budget} tokens. */
    private static int keepFrom(Conversation conversation, int budget) {
        List<Integer> starts = conversation.turnStarts();
        int keepFrom = conversation.size();
        for (int i = starts.size() - 1; i >= 0; i--) {
            if (conversation.tokensFrom(starts.get(i)) > budget) {
                break;
            }
            keepFrom = starts.get(i);
        }
        return keepFrom;
    }

    private String summarise(String previous, List<ChatMessage> old, int window, ChatRequest.Origin origin,
                             Meter meter) {
        int outputTokens = Math.max(256, Math.min(2_048, window / 8));
        int chunkBudget = Math.max(500, window / 2 - tokens.count(INSTRUCTIONS) - tokens.count(task) - outputTokens);
        String summary = previous;
        int summaryTokens = tokens.count(summary);
        StringBuilder chunk = new StringBuilder();
        int chunkTokens = 0;
        for (ChatMessage message : old) {
            String entry = render(message);
            int entryTokens = tokens.count(entry);
            if (chunk.length() > 0 && chunkTokens + entryTokens + summaryTokens > chunkBudget) {
                summary = call(summary, chunk.toString(), outputTokens, origin, meter);
                summaryTokens = tokens.count(summary);
                chunk.setLength(0);
                chunkTokens = 0;
            }
            chunk.append(entry).append("\n\n");
            chunkTokens += entryTokens;
        }
        if (chunk.length() > 0) {
            summary = call(summary, chunk.toString(), outputTokens, origin, meter);
        }
        return summary;
    }

    private String call(String previous, String turns, int outputTokens, ChatRequest.Origin origin, Meter meter) {
        String user = task
                + (previous.isBlank() ? "Summary so far: (none)\n\n" : "Summary so far:\n" + previous + "\n\n")
                + "Newer turns:\n\n" + turns;
        Instant started = clock.instant();
        ChatResponse response = llm.chat(new ChatRequest(
                List.of(new ChatMessage.System(INSTRUCTIONS), new ChatMessage.User(user)), List.of(), outputTokens,
                null, false, origin));
        meter.called(response, started);
        String text = response.message() == null ? "" : response.message().text().strip();
        if (text.isEmpty()) {
            return previous + (previous.isBlank() ? "" : "\n") + "- (Some earlier turns were dropped; their summary "
                    + "came back empty. Re-check anything you need with the tools.)";
        }
        return text;
    }

    static String render(ChatMessage message) {
        if (message instanceof ChatMessage.Assistant a) {
            List<String> lines = new ArrayList<>();
            if (!a.text().isBlank()) {
                lines.add("AGENT: " + a.text().strip());
            }
            for (ToolCall call : a.toolCalls()) {
                lines.add("CALL " + call.name() + " " + clip(String.valueOf(call.arguments()), CALL_CHARS));
            }
            return String.join("\n", lines);
        }
        if (message instanceof ChatMessage.ToolResult r) {
            return "RESULT of " + r.toolName() + (r.error() ? " (error)" : "") + ":\n" + clip(r.content(), RESULT_CHARS);
        }
        if (message instanceof ChatMessage.User u) {
            return "NOTICE: " + u.text();
        }
        return "";
    }

    private static String clip(String text, int max) {
        return text.length() <= max ? text : text.substring(0, max) + " [... " + (text.length() - max) + " chars]";
    }
}
