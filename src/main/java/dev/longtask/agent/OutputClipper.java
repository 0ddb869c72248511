package dev.longtask.agent;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Cuts a long tool result so one big file or command output cannot flood the conversation. A {@code read} is cut
 * after its last whole line that fits, with the line to read on from, so paging through a file loses nothing.
 * Anything else is cut to its head and tail, with a note of what was cut in between: the head gets the larger
 * share (it holds headers and the start of a listing), the tail holds the end of a log, where errors usually are.
 */
final class OutputClipper {
    /** A line as read numbers it ("   12\ttext") and its closing line ("(end of a.txt: 40 lines)" or "(lines ..."). */
    private static final Pattern READ_LINE = Pattern.compile("^\\s*(\\d+)\t");
    private static final Pattern READ_TOTAL = Pattern.compile("(?:of |: )(\\d+)(?: lines)?(?: shown;.*)?\\)$");

    private final int maxChars;

    OutputClipper(int maxChars) {
        this.maxChars = maxChars;
    }

    String clip(String tool, String text) {
        if (text != null && text.length() > maxChars && "read".equals(tool)) {
            String paged = page(text);
            if (paged != null) {
                return paged;
            }
        }
        return clip(text);
    }

    /** A read's output cut after the last numbered line that fits, or null when it is not in read's format. */
    private String page(String text) {
        int closing = text.lastIndexOf('\n');
        Matcher total = READ_TOTAL.matcher(text.substring(closing + 1));
        Matcher first = READ_LINE.matcher(text);
        if (closing < 0 || !total.find() || !first.find()) {
            return null;
        }
        int end = text.lastIndexOf('\n', maxChars - 120);
        if (end <= 0) {
            return null;
        }
        String kept = text.substring(0, end + 1);
        String lastLine = kept.substring(kept.lastIndexOf('\n', end - 1) + 1);
        Matcher last = READ_LINE.matcher(lastLine);
        if (!last.find()) {
            return null;
        }
        int shownTo = Integer.parseInt(last.group(1));
        int of = Integer.parseInt(total.group(1));
        return kept + "(lines " + first.group(1) + "-" + shownTo + " of " + of + " shown, as much as fits here; "
                + (of - shownTo) + " more: call read with offset=" + (shownTo + 1) + ")";
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
