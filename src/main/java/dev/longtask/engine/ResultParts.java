package dev.longtask.engine;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits the text the synthesizer must read into parts that fit one prompt, without dropping or shortening
 * anything: a document too large for a part is cut into consecutive pieces that together are the whole of it.
 */
final class ResultParts {

    /** One document to read in full: a title (e.g. "task 3: Review src/store") and its text. */
    record Document(String title, String text) {
    }

    private ResultParts() {
    }

    /** Parts of at most {@code maxChars} characters of document text each (titles are added on top). */
    static List<String> split(List<Document> documents, int maxChars) {
        if (maxChars < 100) {
            throw new IllegalArgumentException("a part must hold at least 100 characters, not " + maxChars);
        }
        List<String> parts = new ArrayList<>();
        StringBuilder part = new StringBuilder();
        int used = 0;
        for (Document doc : documents) {
            String text = doc.text();
            int offset = 0;
            do {
                int room = maxChars - used;
                // Start a fresh part rather than leave a sliver of a document at the end of a full one.
                if (used > 0 && room < Math.min(text.length() - offset, maxChars / 4)) {
                    parts.add(part.toString());
                    part.setLength(0);
                    used = 0;
                    room = maxChars;
                }
                int end = Math.min(text.length(), offset + room);
                String title = offset == 0 && end == text.length() ? doc.title()
                        : doc.title() + " (characters " + (offset + 1) + "-" + end + " of " + text.length() + ")";
                part.append("=== ").append(title).append(" ===\n").append(text, offset, end).append("\n\n");
                used += end - offset;
                offset = end;
                if (used >= maxChars) {
                    parts.add(part.toString());
                    part.setLength(0);
                    used = 0;
                }
            } while (offset < text.length());
        }
        if (part.length() > 0) {
            parts.add(part.toString());
        }
        return parts;
    }
}
