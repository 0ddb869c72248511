package dev.longtask.llm;

import com.knuddels.jtokkit.Encodings;
import com.knuddels.jtokkit.api.Encoding;
import com.knuddels.jtokkit.api.EncodingType;
import dev.longtask.model.llm.ChatMessage;
import dev.longtask.model.llm.ToolCall;
import dev.longtask.model.llm.ToolSpec;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
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
    /** The longest piece of text whose count is kept, and the characters kept in all before they start over. */
    private static final int KNOWN_PIECE_LENGTH = 4_096;
    private static final long KNOWN_PIECE_CHARS = 1 << 21;

    private static final EncodingType TYPE = EncodingType.CL100K_BASE;

    /** Initialised on first use (the JVM's lazy class initialisation), then shared by every counter. */
    private static final class Loaded {
        static final Encoding ENCODING = Encodings.newLazyEncodingRegistry().getEncoding(TYPE);
    }

    /** Each tool's count, or null to count every time. */
    private final Map<ToolKey, Integer> knownTools;
    /** Each piece of text's count (see {@link #count(String)}), or null to count every time. */
    private final Map<String, Integer> knownPieces;
    private final AtomicLong knownPieceChars = new AtomicLong();

    private TokenCounter(Map<ToolKey, Integer> knownTools, Map<String, Integer> knownPieces) {
        this.knownTools = knownTools;
        this.knownPieces = knownPieces;
    }

    private TokenCounter() {
        this(null, null);
    }

    /** The process's counter. */
    public static TokenCounter shared() {
        return SHARED;
    }

    /**
     * A counter for one runtime that counts each tool's spec once, and each piece of text it has seen once: every task of
     * every run offers the same tools, and their JSON schemas were a third of what the agent loop counted; every task
     * of a role starts from the same system prompt, and the run's memory in it changes by a few lines between tasks.
     * The counts are the same as the shared counter's.
     */
    public static TokenCounter rememberingTools() {
        return new TokenCounter(new ConcurrentHashMap<>(), new ConcurrentHashMap<>());
    }

    /** The encoding's name ({@code cl100k_base}), without loading it. */
    public String encodingName() {
        return TYPE.getName();
    }

    /**
     * The text's tokens. A remembering counter cuts the text into pieces where a line break is followed by a character
     * that is not white space: the encoding's pre-tokenizer always ends a token there (a run of white space ending in
     * a line break is one piece of it, and it never looks behind), so the pieces' counts add up to the text's exactly;
     * each piece's count is looked up before it is counted.
     */
    public int count(String text) {
        if (text == null || text.isEmpty()) {
            return 0;
        }
        if (knownPieces == null) {
            return Loaded.ENCODING.countTokensOrdinary(text);
        }
        return pieces(text, this::piece);
    }

    /**
     * At least {@link #count(String)} and at most {@link #upperBound(String)}, without encoding anything: the counts
     * this counter remembers of the text's pieces (see {@link #count(String)}), and the UTF-8 length of the pieces it
     * has not counted yet. A counter that remembers nothing answers the upper bound. The pieces are not remembered by
     * this: a budget that holds with this bound needs no count at all.
     */
    public int knownBound(String text) {
        if (text == null || text.isEmpty()) {
            return 0;
        }
        if (knownPieces == null) {
            return upperBound(text);
        }
        return pieces(text, piece -> {
            Integer known = piece.length() > KNOWN_PIECE_LENGTH ? null : knownPieces.get(piece);
            return known != null ? known : upperBound(piece);
        });
    }

    /** The sum of {@code each} over the text's pieces (see {@link #count(String)}). */
    private static int pieces(String text, ToIntFunction<String> each) {
        int sum = 0;
        int start = 0;
        int length = text.length();
        for (int i = text.indexOf('\n'); i >= 0 && i + 1 < length; i = text.indexOf('\n', i + 1)) {
            if (!Character.isWhitespace(text.charAt(i + 1))) {
                sum += each.applyAsInt(text.substring(start, i + 1));
                start = i + 1;
            }
        }
        return sum + each.applyAsInt(start == 0 ? text : text.substring(start));
    }

    private int piece(String piece) {
        if (piece.length() > KNOWN_PIECE_LENGTH) {
            return Loaded.ENCODING.countTokensOrdinary(piece);
        }
        Integer known = knownPieces.get(piece);
        if (known == null) {
            known = Loaded.ENCODING.countTokensOrdinary(piece);
            if (knownPieceChars.addAndGet(piece.length()) > KNOWN_PIECE_CHARS) {
                knownPieces.clear();
                knownPieceChars.set(piece.length());
            }
            knownPieces.put(piece, known);
        }
        return known;
    }

    public int count(ChatMessage message) {
        return measure(message, this::count);
    }

    public int count(ToolSpec spec) {
        if (knownTools == null) {
            return measure(spec, this::count);
        }
        ToolKey key = new ToolKey(spec);
        Integer known = knownTools.get(key);
        if (known == null) {
            known = measure(spec, this::count);
            if (knownTools.size() >= KNOWN_TOOLS) {
                knownTools.clear();
            }
            knownTools.put(key.kept(), known);
        }
        return known;
    }

    /** {@link #count(ToolSpec)} when this counter remembers it, else {@link #upperBound(ToolSpec)}. */
    public int knownBound(ToolSpec spec) {
        Integer known = knownTools == null ? null : knownTools.get(new ToolKey(spec));
        return known != null ? known : upperBound(spec);
    }

    /**
     * At least {@link #count(ChatMessage)} and at most {@link #upperBound(ChatMessage)}: see
     * {@link #knownBound(String)}.
     */
    public int knownBound(ChatMessage message) {
        return measure(message, this::knownBound);
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

    /**
     * A tool as a key: equal as the spec is, hashed by its name and description alone, since hashing a spec walks its
     * whole schema and every step of every task looks its tools up. A kept key holds a copy of the schema, so a node
     * the caller changes later never stands for its old count.
     */
    private record ToolKey(ToolSpec spec) {
        @Override
        public int hashCode() {
            return Objects.hash(spec.name(), spec.description());
        }

        ToolKey kept() {
            return new ToolKey(spec.detached());
        }
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
                // Not through the pieces: a map of a large tree would push out what the agent loops keep there.
                count = Loaded.ENCODING.countTokensOrdinary(line);
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
