package dev.longtask.agent;

import dev.longtask.llm.TokenCounter;
import dev.longtask.model.llm.ChatMessage;
import java.util.ArrayList;
import java.util.List;

/**
 * The messages of one agent's conversation with their token estimates. It always starts with the system
 * prompt (agent, memory and task contract) and the kickoff message; then come turns, each an assistant
 * message with the tool results and notices that answer it. Compaction replaces older turns by a summary
 * carried in the kickoff message and keeps the newest turns as they were.
 *
 * <p>Counting tokens is the costliest thing a step does besides the model call, and a conversation is far from
 * its window for most of its life: each message's count is taken the first time {@link #tokens} needs it, and
 * {@link #tokenBound} answers whether there is room without counting.
 */
final class Conversation {
    static final String SUMMARY_HEADING = "## Summary of your earlier work on this task (older turns were compacted)";

    private final TokenCounter tokens;
    private final ChatMessage.System system;
    private final String kickoff;
    private String summary = "";
    private final List<ChatMessage> turns = new ArrayList<>();
    /** Each turn message's token count, null until counted. */
    private final List<Integer> turnTokens = new ArrayList<>();
    /** Each turn message's {@link TokenCounter#knownBound}, null until taken. */
    private final List<Integer> turnKnown = new ArrayList<>();
    private int turnBounds;
    /** Null until counted. */
    private Integer headTokens;
    /** The head's {@link TokenCounter#knownBound}, null until taken. */
    private Integer headKnown;
    private int headBound;

    Conversation(TokenCounter tokens, String systemPrompt, String kickoff) {
        this.tokens = tokens;
        this.system = new ChatMessage.System(systemPrompt);
        this.kickoff = kickoff;
        this.headBound = tokens.upperBound(system) + tokens.upperBound(head());
    }

    void add(ChatMessage message) {
        turns.add(message);
        turnTokens.add(null);
        turnKnown.add(null);
        turnBounds += tokens.upperBound(message);
    }

    List<ChatMessage> messages() {
        List<ChatMessage> all = new ArrayList<>(turns.size() + 2);
        all.add(system);
        all.add(head());
        all.addAll(turns);
        return all;
    }

    int tokens() {
        return headTokens() + tokensFrom(0);
    }

    /** At least {@link #tokens}, known without counting. */
    int tokenBound() {
        return headBound + turnBounds;
    }

    /**
     * At least {@link #tokens} and at most {@link #tokenBound}, without encoding: the counts taken so far, what the
     * counter remembers of the rest, and the upper bound of what it has not seen. Every task of a role starts from
     * much the same system prompt, so this comes close to the count while the new lines of a task are not counted.
     */
    int knownBound() {
        if (headKnown == null) {
            headKnown = headTokens != null ? headTokens : tokens.knownBound(system) + tokens.knownBound(head());
        }
        int sum = headKnown;
        for (int i = 0; i < turns.size(); i++) {
            Integer known = turnTokens.get(i) != null ? turnTokens.get(i) : turnKnown.get(i);
            if (known == null) {
                known = tokens.knownBound(turns.get(i));
                turnKnown.set(i, known);
            }
            sum += known;
        }
        return sum;
    }

    /** Tokens of the part compaction always keeps: system prompt and kickoff (with the current summary). */
    int headTokens() {
        if (headTokens == null) {
            headTokens = tokens.count(system) + tokens.count(head());
            headKnown = headTokens;
        }
        return headTokens;
    }

    String summary() {
        return summary;
    }

    /** Indexes into the turn list where each turn (an assistant message) starts. */
    List<Integer> turnStarts() {
        List<Integer> starts = new ArrayList<>();
        for (int i = 0; i < turns.size(); i++) {
            if (turns.get(i) instanceof ChatMessage.Assistant) {
                starts.add(i);
            }
        }
        return starts;
    }

    List<ChatMessage> turnMessages(int from, int to) {
        return List.copyOf(turns.subList(from, to));
    }

    int tokensFrom(int from) {
        int sum = 0;
        for (int i = from; i < turns.size(); i++) {
            Integer counted = turnTokens.get(i);
            if (counted == null) {
                counted = tokens.count(turns.get(i));
                turnTokens.set(i, counted);
            }
            sum += counted;
        }
        return sum;
    }

    int size() {
        return turns.size();
    }

    /** Drops the turn messages before {@code keepFrom} and carries {@code newSummary} in the kickoff instead. */
    void compact(int keepFrom, String newSummary) {
        turns.subList(0, keepFrom).clear();
        turnTokens.subList(0, keepFrom).clear();
        turnKnown.subList(0, keepFrom).clear();
        turnBounds = turns.stream().mapToInt(tokens::upperBound).sum();
        summary = newSummary == null ? "" : newSummary.strip();
        headTokens = null;
        headKnown = null;
        headBound = tokens.upperBound(system) + tokens.upperBound(head());
    }

    private ChatMessage.User head() {
        return new ChatMessage.User(summary.isEmpty() ? kickoff : kickoff + "\n\n" + SUMMARY_HEADING + "\n" + summary);
    }
}
