package dev.longtask.engine;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits the text the synthesizer must read into parts that fit one prompt, without dropping or shortening
 * anything: a document too large for a part is cut into consecutive pieces that together are the whole of it.
 * A part's size counts everything in it, titles and framing too, so a thousand short documents make parts no
 * larger than a few long ones.
 */
final class ResultParts {
    /** What framing adds to a piece besides its title: "=== " + " ===\n" before the text, "\n\n" after. */
    private static final int FRAMING = 11;

    /** One document to read in full: a title (e.g. "task 3: Review src/store") and its text. */
    record Document(String title, String text) {
    }

    private ResultParts() {
    }

    /** The characters of every document, titles included: how much there is to read. */
    static long size(List<Document> documents) {
        return documents.stream().mapToLong(d -> d.title().length() + FRAMING + d.text().length()).sum();
    }

    /**
     * Parts of at most {@code maxChars} characters each, titles and framing included (a title longer than half a
     * part is shortened, so every piece carries text).
     */
    static List<String> split(List<Document> documents, int maxChars) {
        if (maxChars < 100) {
            throw new IllegalArgumentException("a part must hold at least 100 characters, not " + maxChars);
        }
        List<String> parts = new ArrayList<>();
        StringBuilder part = new StringBuilder();
        for (Document doc : documents) {
            String text = doc.text();
            String title = doc.title().length() > maxChars / 2 - 40
                    ? doc.title().substring(0, maxChars / 2 - 43) + "..." : doc.title();
            int offset = 0;
            while (true) {
                int left = text.length() - offset;
                if (offset == 0 && FRAMING + title.length() + left <= maxChars - part.length()) {
                    append(part, title, text, 0, text.length());
                    break;
                }
                String cutTitle = title + " (characters " + (offset + 1) + "-" + text.length() + " of " + text.length()
                        + ")";
                int room = maxChars - part.length() - FRAMING - cutTitle.length();
                // Start a fresh part rather than leave a sliver of a document at the end of a full one.
                if (part.length() > 0 && room < Math.max(1, Math.min(left, maxChars / 4))) {
                    parts.add(part.toString());
                    part.setLength(0);
                    continue;
                }
                int end = offset + Math.min(left, room);
                String pieceTitle = offset == 0 && end == text.length() ? title
                        : title + " (characters " + (offset + 1) + "-" + end + " of " + text.length() + ")";
                append(part, pieceTitle, text, offset, end);
                offset = end;
                if (offset == text.length()) {
                    break;
                }
                parts.add(part.toString());
                part.setLength(0);
            }
        }
        if (part.length() > 0) {
            parts.add(part.toString());
        }
        return parts;
    }

    private static void append(StringBuilder part, String title, String text, int from, int to) {
        part.append("=== ").append(title).append(" ===\n").append(text, from, to).append("\n\n");
    }
}
