package dev.longtask.model.review;

import java.util.List;

/**
 * A unit of review work: files and file ranges of one module (the common directory of its parts), whose
 * code tokens together stay within the chunker's budget. The engine turns each chunk into tasks.
 */
public record Chunk(String id, String module, List<ChunkPart> parts, long tokens) {

    /** The directories of the chunk's parts, in order. */
    public List<String> directories() {
        return parts.stream().map(p -> p.path().contains("/") ? p.path().substring(0, p.path().lastIndexOf('/')) : ".")
                .distinct().toList();
    }

    public int lines() {
        return parts.stream().mapToInt(ChunkPart::lines).sum();
    }
}
