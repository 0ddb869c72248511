package dev.longtask.agent;

/**
 * The guardrails' numbers. {@link #DEFAULTS} suits real models; tests shrink them.
 *
 * @param maxOutputChars      a tool result longer than this is cut to its head and tail
 * @param readsPerPath        reads of one path allowed before further whole reads are refused
 * @param viewActionsPerNote  view actions (read/glob/grep/ls) after which the agent is told to record findings
 * @param repeatLimit         the same call with the same result this often, with no progress between, stops the task
 * @param compactAt           compact when the request is estimated above this share of the context window
 * @param keepRecentShare     share of the window the recent turns kept verbatim by compaction may use
 * @param maxOutputTokens     passed to the model per call; null leaves the provider's default
 */
public record LoopSettings(
        int maxOutputChars,
        int readsPerPath,
        int viewActionsPerNote,
        int repeatLimit,
        double compactAt,
        double keepRecentShare,
        Integer maxOutputTokens) {

    public static final LoopSettings DEFAULTS = new LoopSettings(20_000, 2, 2, 3, 0.75, 0.25, null);

    public LoopSettings {
        if (maxOutputChars < 200 || readsPerPath < 1 || viewActionsPerNote < 1 || repeatLimit < 2
                || compactAt <= 0 || compactAt > 1 || keepRecentShare <= 0 || keepRecentShare >= compactAt) {
            throw new IllegalArgumentException("loop settings out of range: " + this);
        }
    }

    public LoopSettings withMaxOutputChars(int chars) {
        return new LoopSettings(chars, readsPerPath, viewActionsPerNote, repeatLimit, compactAt, keepRecentShare,
                maxOutputTokens);
    }
}
