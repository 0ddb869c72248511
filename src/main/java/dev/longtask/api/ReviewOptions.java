package dev.longtask.api;

import dev.longtask.review.report.ReviewReportWriter;
import java.math.BigDecimal;
import java.util.List;

/**
 * How a code review is cut and priced ({@link Longtask#planReview}, {@link Longtask#previewReview}).
 *
 * @param runId        the run's id, or null for a new one (a preview shows {@code <run-id>})
 * @param focus        comma-separated focus areas ({@code bug,security}), or null for the default ones
 * @param includeTests whether test code is reviewed too
 * @param mapTokens    the token budget of the repository map every task is given
 * @param chunkTokens  code tokens per chunk at most; 0 for the default, 20,000 or what fits the agents' window
 * @param priceIn      with {@code priceOut}: USD per million tokens a preview's estimate uses instead of the model's
 *                     price; null for the model's
 * @param minSeverity  the least severity the report lists ({@code critical high medium low info}); the findings
 *                     below it are counted and scored but not listed; null lists all
 * @param top          review at most this many modules (directories as the chunks group the files), highest-ranked
 *                     first; 0 for as many as one run may hold and the run's budget allows
 * @param skip         leave out this many highest-ranked modules: the part after them is reviewed (the next part of
 *                     a repository too large for one run); 0 to start with the highest-ranked
 */
public record ReviewOptions(String runId, String focus, boolean includeTests, int mapTokens, long chunkTokens,
                            BigDecimal priceIn, BigDecimal priceOut, String minSeverity, int top, int skip) {

    /** The severities a report can be gated at ({@code minSeverity}), most severe first. */
    public static final List<String> SEVERITIES = ReviewReportWriter.SEVERITIES;

    public ReviewOptions {
        if (top < 0 || skip < 0) {
            throw new IllegalArgumentException("--top and --skip cannot be negative, were " + top + " and " + skip);
        }
    }

    public ReviewOptions(String runId, String focus, boolean includeTests, int mapTokens, long chunkTokens,
                         BigDecimal priceIn, BigDecimal priceOut, String minSeverity) {
        this(runId, focus, includeTests, mapTokens, chunkTokens, priceIn, priceOut, minSeverity, 0, 0);
    }

    public ReviewOptions(String runId, String focus, boolean includeTests, int mapTokens, long chunkTokens,
                         BigDecimal priceIn, BigDecimal priceOut) {
        this(runId, focus, includeTests, mapTokens, chunkTokens, priceIn, priceOut, null);
    }

    /** The defaults: a new run, the default focus, no tests, a map of 2,048 tokens, chunks of 20,000. */
    public static ReviewOptions defaults() {
        return new ReviewOptions(null, null, false, 2048, 0, null, null);
    }

    /** The review's run gets {@code id} (a queue that names its runs itself); null picks a new one. */
    public ReviewOptions withRunId(String id) {
        return new ReviewOptions(id, focus, includeTests, mapTokens, chunkTokens, priceIn, priceOut, minSeverity, top,
                skip);
    }

    public ReviewOptions withFocus(String areas) {
        return new ReviewOptions(runId, areas, includeTests, mapTokens, chunkTokens, priceIn, priceOut, minSeverity, top,
                skip);
    }

    /** The report lists findings of {@code severity} or above only (null for all). */
    public ReviewOptions withMinSeverity(String severity) {
        return new ReviewOptions(runId, focus, includeTests, mapTokens, chunkTokens, priceIn, priceOut, severity, top,
                skip);
    }

    /** The review of the part after the {@code skipModules} highest-ranked modules, at most {@code topModules} of them. */
    public ReviewOptions withPart(int topModules, int skipModules) {
        return new ReviewOptions(runId, focus, includeTests, mapTokens, chunkTokens, priceIn, priceOut, minSeverity,
                topModules, skipModules);
    }
}
