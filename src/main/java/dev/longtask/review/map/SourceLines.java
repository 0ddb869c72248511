package dev.longtask.review.map;

/** One definition of "lines of a file" for the map, the chunker and the location checker alike. */
public final class SourceLines {
    private SourceLines() {
    }

    /** Lines of a text: its line breaks, plus one for a last line without a break; 0 for an empty text. */
    public static int count(String text) {
        if (text.isEmpty()) {
            return 0;
        }
        int breaks = 0;
        for (int k = 0; k < text.length(); k++) {
            if (text.charAt(k) == '\n') {
                breaks++;
            }
        }
        return text.charAt(text.length() - 1) == '\n' ? breaks : breaks + 1;
    }
}
