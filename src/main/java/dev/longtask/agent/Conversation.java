package dev.longtask.agent;

import dev.longtask.llm.TokenCounter;
import dev.longtask.llm.ChatMessage;
import java.util.ArrayList;
import java.util.List;

/**
 * The messages of one agent's conversation with their token estimates. It always starts with the system
 * prompt (agent, memory and task contract) and the kickoff message; then come turns, each an assistant
 * message with the tool results and notices that answer it. Compaction replaces older turns by a summary
 * carried in the kickoff message and keeps the newest turns as they were.
 */
final class Conversation {
    static final String SUMMARY_HEADING = "## Summary of your earlier work on this task (older turns were compacted)";

    private final TokenCounter tokens;
    private final ChatMessage.System system;
    private final String kickoff;
    private String summary = "";
    private final List<ChatMessage> turns = new ArrayList<>();
    private final List<Integer> turnTokens = new ArrayList<>();
    private int headTokens;

    Conversation(TokenCounter tokens, String systemPrompt, String kickoff) {
        this.tokens = tokens;
        this.system = new ChatMessage.System(systemPrompt);
        this.kickoff = kickoff;
        this.headTokens = tokens.count(system) + tokens.count(head());
    }

    void add(ChatMessage message) {
        turns.add(message);
        turnTokens.add(tokens.count(message));
    }

    List<ChatMessage> messages() {
        List<ChatMessage> all = new ArrayList<>(turns.size() + 2);
        all.add(system);
        all.add(head());
        all.addAll(turns);
        return all;
    }

    int tokens() {
        return headTokens + turnTokens.stream().mapToInt(Integer::intValue).sum();
    }

    /** Tokens of the part compaction always keeps: system prompt and kickoff (with the current summary). */
    int headTokens() {
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
        return turnTokens.subList(from, turnTokens.size()).stream().mapToInt(Integer::intValue).sum();
    }

    int size() {
        return turns.size();
    }

    /** Drops the turn messages before {@code keepFrom} and carries {@code newSummary} in the kickoff instead. */
    void compact(int keepFrom, String newSummary) {
        turns.subList(0, keepFrom).clear();
        turnTokens.subList(0, keepFrom).clear();
        summary = newSummary == null ? "" : newSummary.strip();
        headTokens = tokens.count(system) + tokens.count(head());
    }

    private ChatMessage.User head() {
        return new ChatMessage.User(summary.isEmpty() ? kickoff : kickoff + "\n\n" + SUMMARY_HEADING + "\n" + summary);
    }
}
