package dev.longtask.agent;

/**
 * The guardrails' numbers. {@link #DEFAULTS} suits real models; tests shrink them.
 *
 * @param maxOutputChars      a tool result longer than this is cut (a read at a line, with where to read on; other
 *                            output to its head and tail); at most, see {@link #forWindow}
 * @param readsPerPath        reads of one path allowed before further whole reads are refused
 * @param viewCharsPerNote    characters shown by view actions (read/glob/grep/ls) after which the agent is told to
 *                            record findings with note; at most, see {@link #forWindow}
 * @param repeatLimit         the same call with the same result this often, with no progress between, stops the task
 * @param compactAt           compact when the request is estimated above this share of the context window
 * @param keepRecentShare     share of the window the recent turns kept verbatim by compaction may use
 * @param maxOutputTokens     passed to the model per call; null leaves the provider's default
 */
public record LoopSettings(
        int maxOutputChars,
        int readsPerPath,
        int viewCharsPerNote,
        int repeatLimit,
        double compactAt,
        double keepRecentShare,
        Integer maxOutputTokens) {

    public static final LoopSettings DEFAULTS = new LoopSettings(20_000, 2, 30_000, 3, 0.75, 0.25, null);

    public LoopSettings {
        if (maxOutputChars < 200 || readsPerPath < 1 || viewCharsPerNote < 1 || repeatLimit < 2
                || compactAt <= 0 || compactAt > 1 || keepRecentShare <= 0 || keepRecentShare >= compactAt) {
            throw new IllegalArgumentException("loop settings out of range: " + this);
        }
    }

    /** Share of the context window one tool result may take: well below what compaction keeps of the newest turns. */
    static final double RESULT_SHARE = 0.15;
    /** Characters a token stands for, counted low (code and JSON run about 3 to 4). */
    static final int CHARS_PER_TOKEN = 3;

    /** Share of the context window an agent may read before it is reminded to note what it learned. */
    static final double READ_PER_NOTE_SHARE = 0.125;

    /** Share of the context window the run's memory (plan head, findings and progress tails) may take in all. */
    static final double MEMORY_SHARE = 0.10;

    /** Characters each of the three memory sections may take on a window of {@code windowTokens}. */
    static int memoryCharsPerSection(int windowTokens) {
        return (int) Math.min(RunMemory.MAX_CHARS, (long) (windowTokens * MEMORY_SHARE) * CHARS_PER_TOKEN / 3);
    }

    /**
     * These settings for a model with a context window of {@code windowTokens}: a tool result is cut at
     * {@link #RESULT_SHARE} of the window when that is less than {@code maxOutputChars}, so on a small window one
     * large read cannot fill the conversation (and be summarised away by the compaction it causes); and the note
     * reminder comes after {@link #READ_PER_NOTE_SHARE} of the window when that is less than {@code viewCharsPerNote},
     * so a small model notes what it read well before compaction summarises it.
     */
    public LoopSettings forWindow(int windowTokens) {
        int chars = (int) Math.min(maxOutputChars, Math.max(1_000, (long) (windowTokens * RESULT_SHARE) * CHARS_PER_TOKEN));
        int perNote = (int) Math.min(viewCharsPerNote,
                Math.max(1_000, (long) (windowTokens * READ_PER_NOTE_SHARE) * CHARS_PER_TOKEN));
        return chars == maxOutputChars && perNote == viewCharsPerNote ? this
                : new LoopSettings(chars, readsPerPath, perNote, repeatLimit, compactAt, keepRecentShare,
                        maxOutputTokens);
    }

    public LoopSettings withMaxOutputChars(int chars) {
        return new LoopSettings(chars, readsPerPath, viewCharsPerNote, repeatLimit, compactAt, keepRecentShare,
                maxOutputTokens);
    }
}
