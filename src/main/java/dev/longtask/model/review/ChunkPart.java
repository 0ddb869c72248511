package dev.longtask.model.review;

import com.fasterxml.jackson.annotation.JsonProperty;

/** A file, or a line range of a file too large for one chunk, that one chunk covers. Lines are 1-based, inclusive. */
public record ChunkPart(
        String path,
        @JsonProperty("start_line") int startLine,
        @JsonProperty("end_line") int endLine,
        long tokens,
        @JsonProperty("whole_file") boolean wholeFile) {

    /** {@code path} for a whole file, {@code path:start-end} for a range, as a task instruction names it. */
    public String location() {
        return wholeFile ? path : path + ":" + startLine + "-" + endLine;
    }

    public int lines() {
        return endLine - startLine + 1;
    }
}
