package dev.longtask.llm;

import com.knuddels.jtokkit.Encodings;
import com.knuddels.jtokkit.api.Encoding;
import com.knuddels.jtokkit.api.EncodingType;
import dev.longtask.model.llm.ChatMessage;
import dev.longtask.model.llm.ToolCall;
import dev.longtask.model.llm.ToolSpec;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.ToIntFunction;

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
    private static final int KNOWN_LINE_LENGTH = 160;
    private static final int KNOWN_LINES = 1 << 18;
    /** More distinct tools than a runtime offers; past it the counts kept start over rather than grow. */
    private static final int KNOWN_TOOLS = 512;

    private static final EncodingType TYPE = EncodingType.CL100K_BASE;

    /** Initialised on first use (the JVM's lazy class initialisation), then shared by every counter. */
    private static final class Loaded {
        static final Encoding ENCODING = Encodings.newLazyEncodingRegistry().getEncoding(TYPE);
    }

    /** Each tool's count, or null to count every time. */
    private final Map<ToolSpec, Integer> knownTools;

    private TokenCounter(Map<ToolSpec, Integer> knownTools) {
        this.knownTools = knownTools;
    }

    private TokenCounter() {
        this(null);
    }

    /** The process's counter. */
    public static TokenCounter shared() {
        return SHARED;
    }

    /**
     * A counter for one runtime that counts each tool's spec once: every task of every run offers the same tools, and
     * their JSON schemas were a third of what the agent loop counted (the counts are the same as the shared counter's).
     */
    public static TokenCounter rememberingTools() {
        return new TokenCounter(new ConcurrentHashMap<>());
    }

    /** The encoding's name ({@code cl100k_base}), without loading it. */
    public String encodingName() {
        return TYPE.getName();
    }

    public int count(String text) {
        return text == null || text.isEmpty() ? 0 : Loaded.ENCODING.countTokensOrdinary(text);
    }

    public int count(ChatMessage message) {
        return measure(message, this::count);
    }

    public int count(ToolSpec spec) {
        if (knownTools == null) {
            return measure(spec, this::count);
        }
        Integer known = knownTools.get(spec);
        if (known == null) {
            known = measure(spec, this::count);
            if (knownTools.size() >= KNOWN_TOOLS) {
                knownTools.clear();
            }
            knownTools.put(spec, known);
        }
        return known;
    }

    /**
     * At least {@link #count(String)}, without encoding: the text's length in UTF-8, since every token of a byte-level
     * encoding stands for one byte or more. About four times the count on English prose or code, and computed a
     * hundred times faster, so a budget far from full is known to hold without counting anything.
     */
    public int upperBound(String text) {
        if (text == null) {
            return 0;
        }
        int bytes = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            // A surrogate pair is 4 bytes in UTF-8: 2 for each half.
            bytes += c < 0x80 ? 1 : c < 0x800 || Character.isSurrogate(c) ? 2 : 3;
        }
        return bytes;
    }

    /** At least {@link #count(ChatMessage)}: see {@link #upperBound(String)}. */
    public int upperBound(ChatMessage message) {
        return measure(message, this::upperBound);
    }

    /** At least {@link #count(ToolSpec)}: see {@link #upperBound(String)}. */
    public int upperBound(ToolSpec spec) {
        return measure(spec, this::upperBound);
    }

    private static int measure(ChatMessage message, ToIntFunction<String> text) {
        int tokens = PER_MESSAGE;
        if (message instanceof ChatMessage.System s) {
            tokens += text.applyAsInt(s.text());
        } else if (message instanceof ChatMessage.User u) {
            tokens += text.applyAsInt(u.text());
        } else if (message instanceof ChatMessage.Assistant a) {
            tokens += text.applyAsInt(a.text());
            for (ToolCall call : a.toolCalls()) {
                tokens += PER_MESSAGE + text.applyAsInt(call.name())
                        + text.applyAsInt(call.arguments() == null ? "" : call.arguments().toString());
            }
        } else if (message instanceof ChatMessage.ToolResult r) {
            tokens += text.applyAsInt(r.content());
        }
        return tokens;
    }

    private static int measure(ToolSpec spec, ToIntFunction<String> text) {
        return PER_MESSAGE + text.applyAsInt(spec.name()) + text.applyAsInt(spec.description())
                + text.applyAsInt(spec.parameters() == null ? "" : spec.parameters().toString());
    }

    /**
     * Tokens of each line, the line's break included; their sum is the file's token count (line by line
     * over-counts a whole-file count by about 1.5% on source code, which keeps budgets on the safe side and
     * makes any line range's count an exact sum).
     */
    public int[] countLines(String text) {
        return countLines(text, null);
    }

    /**
     * {@link #countLines(String)}, looking each line up in {@code known} first and keeping what it counts there:
     * a line's count does not depend on the lines around it, and source code repeats its lines (braces, blank and
     * comment lines, common statements), so a map of a large tree counts a third fewer. Only lines of at most
     * {@value #KNOWN_LINE_LENGTH} characters are kept, while {@code known} holds fewer than {@value #KNOWN_LINES}.
     *
     * @param known a thread-safe map the caller keeps for one job, or null to count every line
     */
    public int[] countLines(String text, Map<String, Integer> known) {
        int lines = text.isEmpty() ? 0 : (int) text.chars().filter(c -> c == '\n').count()
                + (text.endsWith("\n") ? 0 : 1);
        int[] counts = new int[lines];
        int start = 0;
        for (int k = 0; k < lines; k++) {
            int end = text.indexOf('\n', start);
            int stop = end < 0 ? text.length() : end + 1;
            String line = text.substring(start, stop);
            Integer count = known == null || line.length() > KNOWN_LINE_LENGTH ? null : known.get(line);
            if (count == null) {
                count = count(line);
                if (known != null && line.length() <= KNOWN_LINE_LENGTH && known.size() < KNOWN_LINES) {
                    known.put(line, count);
                }
            }
            counts[k] = count;
            start = stop;
        }
        return counts;
    }
}
