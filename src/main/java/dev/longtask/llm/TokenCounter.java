package dev.longtask.llm;

import com.knuddels.jtokkit.Encodings;
import com.knuddels.jtokkit.api.Encoding;
import com.knuddels.jtokkit.api.EncodingType;

/**
 * Counts tokens, the one counter of the process: the agent loop's context budget, the estimates, the repo map.
 * jtokkit's cl100k_base encoding: it has a hand-written fast path, counts within about 1% of o200k_base on prose
 * and source code, and no encoding is the exact tokenizer of every provider, so counts are estimates (the loop
 * keeps a margin below the window). Loading the encoding takes a noticeable fraction of a second, so it is loaded
 * once per JVM, on the first count: commands that count nothing ({@code status}, {@code runs}) never pay for it.
 * Special-token text such as {@code <|endoftext|>} is counted as ordinary text. Thread-safe.
 */
public final class TokenCounter {
    /** What a message costs beyond its text: role markers and separators. */
    private static final int PER_MESSAGE = 4;
    private static final TokenCounter SHARED = new TokenCounter();

    /** Initialised on first use (the JVM's lazy class initialisation), then shared by every counter. */
    private static final class Loaded {
        static final Encoding ENCODING = Encodings.newLazyEncodingRegistry().getEncoding(EncodingType.CL100K_BASE);
    }

    private TokenCounter() {
    }

    /** The process's counter. */
    public static TokenCounter shared() {
        return SHARED;
    }

    public String encodingName() {
        return Loaded.ENCODING.getName();
    }

    public int count(String text) {
        return text == null || text.isEmpty() ? 0 : Loaded.ENCODING.countTokensOrdinary(text);
    }

    public int count(ChatMessage message) {
        int tokens = PER_MESSAGE;
        if (message instanceof ChatMessage.System s) {
            tokens += count(s.text());
        } else if (message instanceof ChatMessage.User u) {
            tokens += count(u.text());
        } else if (message instanceof ChatMessage.Assistant a) {
            tokens += count(a.text());
            for (ToolCall call : a.toolCalls()) {
                tokens += PER_MESSAGE + count(call.name())
                        + count(call.arguments() == null ? "" : call.arguments().toString());
            }
        } else if (message instanceof ChatMessage.ToolResult r) {
            tokens += count(r.content());
        }
        return tokens;
    }

    public int count(ToolSpec spec) {
        return PER_MESSAGE + count(spec.name()) + count(spec.description())
                + count(spec.parameters() == null ? "" : spec.parameters().toString());
    }

    /**
     * Tokens of each line, the line's break included; their sum is the file's token count (line by line
     * over-counts a whole-file count by about 1.5% on source code, which keeps budgets on the safe side and
     * makes any line range's count an exact sum).
     */
    public int[] countLines(String text) {
        int lines = text.isEmpty() ? 0 : (int) text.chars().filter(c -> c == '\n').count()
                + (text.endsWith("\n") ? 0 : 1);
        int[] counts = new int[lines];
        int start = 0;
        for (int k = 0; k < lines; k++) {
            int end = text.indexOf('\n', start);
            int stop = end < 0 ? text.length() : end + 1;
            counts[k] = count(text.substring(start, stop));
            start = stop;
        }
        return counts;
    }
}
