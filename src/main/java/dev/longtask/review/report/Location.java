package dev.longtask.review.report;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A location as the report states it: a path, and a line range (both 0 when the finding names a whole file).
 * Parses {@code file:12}, {@code file:12-20}, {@code file:12:5}, {@code file#L12-L20}, {@code file (line 12)},
 * a bare {@code file}, and {@code file:0}, which like the bare file names the whole file.
 */
record Location(String path, int startLine, int endLine) {
    private static final Pattern WITH_LINES = Pattern.compile(
            "^(.+?)(?::|#L|\\s*\\(\\s*lines?\\s+|,\\s*lines?\\s+)(\\d+)(?:\\s*(?:-|–|\\.\\.|to)\\s*L?(\\d+))?(?::\\d+)?\\s*\\)?$");

    /** No line range: the finding is about the file as a whole ({@code file}, or {@code file:0}). */
    public boolean wholeFile() {
        return startLine == 0 && endLine == 0;
    }

    /** {@code path}, {@code path:12} or {@code path:12-20}. */
    public String text() {
        if (wholeFile()) {
            return path;
        }
        return startLine == endLine ? path + ":" + startLine : path + ":" + startLine + "-" + endLine;
    }

    /** Empty when the text names no path at all. */
    public static Optional<Location> parse(String text) {
        if (text == null) {
            return Optional.empty();
        }
        String t = text.strip().replace("`", "").replace('\\', '/');
        if (t.isEmpty()) {
            return Optional.empty();
        }
        Matcher m = WITH_LINES.matcher(t);
        if (m.matches()) {
            int start = Integer.parseInt(m.group(2));
            int end = m.group(3) == null ? start : Integer.parseInt(m.group(3));
            return Optional.of(new Location(cleanPath(m.group(1)), start, end));
        }
        if (t.matches(".*:\\d*$")) {
            return Optional.of(new Location(cleanPath(t.substring(0, t.lastIndexOf(':'))), 0, 0));
        }
        return Optional.of(new Location(cleanPath(t), 0, 0));
    }

    private static String cleanPath(String path) {
        String p = path.strip();
        while (p.startsWith("./")) {
            p = p.substring(2);
        }
        return p;
    }
}
