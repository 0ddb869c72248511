package dev.longtask.review;

import java.util.List;

/**
 * A unit of review work: files and file ranges of one module (the common directory of its parts), whose
 * code tokens together stay within the chunker's budget. The engine turns each chunk into tasks.
 */
public record Chunk(String id, String module, List<ChunkPart> parts, long tokens) {

    public int lines() {
        return parts.stream().mapToInt(ChunkPart::lines).sum();
    }
}
