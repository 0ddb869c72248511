package dev.longtask.review.plan;

/**
 * The figures an estimate rests on, stated so a user can judge them. Each chunk becomes an analysis task and
 * a review task; each is an agent loop that reads the chunk's parts one tool call at a time, so every call
 * resends the conversation so far: call j of a task sends the system prompt (with the repo map the task's
 * instruction carries) plus everything read before it. The plan is made in code, so no planner is asked.
 *
 * @param systemPromptTokens       agent prompt, plan head, findings tail and task contract, per call (without the map)
 * @param focusTokensPerArea       review instructions added per focus area
 * @param toolCallTokens           one read call and its framing, in and out
 * @param analysisOutputTokens     what an analysis task writes in the end
 * @param reviewOutputTokens       what a review task writes in the end (its findings)
 * @param reportOutputTokens       the final report
 * @param synthesisBatchTokens     results the synthesizer reads in one call before summarising
 * @param synthesisSummaryTokens   a partial summary per synthesizer batch
 * @param directorTokensPerTask    what the director reads per task
 * @param outputTokensPerSecond    model generation speed
 * @param inputTokensPerSecond     model prompt processing speed
 * @param secondsPerCall           fixed latency of one model call
 */
public record EstimateAssumptions(
        int systemPromptTokens,
        int focusTokensPerArea,
        int toolCallTokens,
        int analysisOutputTokens,
        int reviewOutputTokens,
        int reportOutputTokens,
        int synthesisBatchTokens,
        int synthesisSummaryTokens,
        int directorTokensPerTask,
        double outputTokensPerSecond,
        double inputTokensPerSecond,
        double secondsPerCall) {

    public EstimateAssumptions {
        if (outputTokensPerSecond <= 0 || inputTokensPerSecond <= 0 || synthesisBatchTokens <= 0) {
            throw new IllegalArgumentException("speeds and the synthesis batch must be positive");
        }
    }

    public static EstimateAssumptions defaults() {
        return new EstimateAssumptions(2_500, 40, 80, 800, 1_500, 3_000, 40_000, 800, 60, 60.0, 4_000.0, 2.0);
    }

    /** One line for the estimate's "assumptions". */
    public String describe() {
        return String.format("analysis + review task per chunk, each reading its parts one call at a time (prompt"
                        + " ~%,d tokens + the repo map + what was read so far); ~%,d/%,d output tokens per"
                        + " analysis/review; no planner (the plan is made from the chunks), one director call and a"
                        + " synthesizer reading results in batches of %,d tokens; %.0f output and %,.0f input tokens/s,"
                        + " %.1f s latency per call; no prompt caching",
                systemPromptTokens, analysisOutputTokens, reviewOutputTokens, synthesisBatchTokens,
                outputTokensPerSecond, inputTokensPerSecond, secondsPerCall);
    }
}
