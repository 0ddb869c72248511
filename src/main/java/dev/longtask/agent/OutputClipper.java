package dev.longtask.agent;

/**
 * Cuts a long tool result to its head and tail, with a note of what was cut in between, so one big file or
 * command output cannot flood the conversation. The head gets the larger share: it holds headers and the
 * start of a listing; the tail holds the end of a log, where errors usually are.
 */
final class OutputClipper {
    private final int maxChars;

    OutputClipper(int maxChars) {
        this.maxChars = maxChars;
    }

    String clip(String text) {
        if (text == null || text.length() <= maxChars) {
            return text == null ? "" : text;
        }
        int budget = maxChars - 200;
        int headEnd = lineBoundaryBefore(text, budget * 3 / 5);
        int tailStart = lineBoundaryAfter(text, text.length() - (budget - headEnd));
        String cut = text.substring(headEnd, tailStart);
        long lines = cut.chars().filter(c -> c == '\n').count();
        return text.substring(0, headEnd)
                + "\n[... " + cut.length() + " characters (" + lines + " lines) cut from the middle of this output."
                + " Narrow it: read with offset/limit, grep for what you need, or filter the command ...]\n"
                + text.substring(tailStart);
    }

    /** The end of the last whole line within {@code limit}, or {@code limit} when a line is longer than half. */
    private static int lineBoundaryBefore(String text, int limit) {
        int nl = text.lastIndexOf('\n', limit - 1);
        return nl >= limit / 2 ? nl + 1 : limit;
    }

    private static int lineBoundaryAfter(String text, int from) {
        int nl = text.indexOf('\n', from);
        return nl >= 0 && nl - from < 200 ? nl + 1 : from;
    }
}
