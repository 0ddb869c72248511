package dev.longtask.model.run;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/** A page of a transcript: its entries from line {@code offset}, and where the next page starts (null: none). */
public record TranscriptPage(int offset, List<JsonNode> entries, Integer nextOffset) {
    public TranscriptPage {
        entries = List.copyOf(entries);
    }
}
