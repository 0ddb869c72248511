package dev.longtask.review.report;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * One module of the report: a directory (a chunk's module), its size, what its review said about it (may be
 * empty), and the score its reviewer gave it (null when none was given). The reviewer's score is the model's
 * opinion, shown beside the report's own score, which is computed from the checked findings alone.
 */
record ModuleSummary(String module, int files, long lines, String summary,
                            @JsonProperty("reviewer_score") Integer reviewerScore) {

    public ModuleSummary(String module, int files, long lines, String summary) {
        this(module, files, lines, summary, null);
    }
}
