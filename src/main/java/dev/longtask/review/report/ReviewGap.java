package dev.longtask.review.report;

import java.util.List;

/**
 * A chunk the report could not take findings from - its review task failed or was cancelled, or its issues
 * file is missing or malformed - with the reason. Its code is not counted as reviewed, so the score does not
 * claim it.
 */
record ReviewGap(String chunk, String module, List<String> files, String reason) {
    public ReviewGap {
        files = List.copyOf(files);
    }
}
