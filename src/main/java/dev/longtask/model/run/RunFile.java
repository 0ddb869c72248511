package dev.longtask.model.run;

/**
 * A document a run writes whole: the synthesis and, for a code review, its manifest and checked report.
 * Code outside the store names one by its kind and reads or writes it through the store ({@link RunStore#read},
 * {@link RunStore#write}, and the read-only readers of the API); only the store knows where it keeps it.
 */
public enum RunFile {
    /** The synthesis in Markdown, written with {@link #FINAL_RESULT} by {@link RunStore#writeReport}. */
    REPORT,
    /** The synthesis as JSON, written with {@link #REPORT} by {@link RunStore#writeReport}. */
    FINAL_RESULT,
    /** A code review's checked report in Markdown. */
    REVIEW_REPORT,
    /** A code review's checked report as JSON. */
    REVIEW_JSON,
    /**
     * What a code review was set up to do (its chunks and the files their tasks write), written when the run is
     * created, so whichever process finishes the run builds the same checked report.
     */
    REVIEW_MANIFEST;

    /** Whether code outside the store may write it with {@link RunStore#write}; the report has its own method. */
    public boolean writable() {
        return this != REPORT && this != FINAL_RESULT;
    }
}
