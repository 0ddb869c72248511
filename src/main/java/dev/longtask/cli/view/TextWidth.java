package dev.longtask.cli.view;

import java.util.ArrayList;
import java.util.List;

/**
 * How many terminal columns text takes (East Asian wide characters and most emoji take two, combining marks
 * none), and text fitted to a width: cut with an ellipsis, or wrapped at spaces with a hanging indent.
 */
public final class TextWidth {
    public static final String ELLIPSIS = "…";

    private TextWidth() {
    }

    public static int of(String text) {
        int width = 0;
        for (int i = 0; i < text.length(); ) {
            int escape = escapeEnd(text, i);
            if (escape > i) {
                i = escape;
                continue;
            }
            int cp = text.codePointAt(i);
            width += columns(cp);
            i += Character.charCount(cp);
        }
        return width;
    }

    /** The text in at most {@code width} columns, ending in "…" when cut. */
    public static String cut(String text, int width) {
        if (of(text) <= width) {
            return text;
        }
        if (width <= 0) {
            return "";
        }
        StringBuilder out = new StringBuilder();
        int used = 0;
        for (int i = 0; i < text.length(); ) {
            int cp = text.codePointAt(i);
            int w = columns(cp);
            if (used + w > width - 1) {
                break;
            }
            out.appendCodePoint(cp);
            used += w;
            i += Character.charCount(cp);
        }
        return out + ELLIPSIS;
    }

    /** The line cut to {@code columns - 1} columns (colour codes kept out of the count), or whole when 0. */
    public static String fit(String line, int columns) {
        if (columns <= 0) {
            return line;
        }
        String plain = line.replaceAll("\u001b\\[[0-9;]*m", "");
        return of(plain) < columns ? line : cut(plain, columns - 1);
    }

    /** Lines of at most {@code width} columns, broken at spaces where possible; continuation lines indented. */
    public static List<String> wrap(String text, int width, String indent) {
        List<String> lines = new ArrayList<>();
        for (String paragraph : text.split("\n", -1)) {
            String rest = paragraph;
            String prefix = "";
            while (of(prefix + rest) > width && width > of(prefix) + 1) {
                int room = width - of(prefix);
                int cut = breakAt(rest, room);
                lines.add(prefix + rest.substring(0, cut).stripTrailing());
                rest = rest.substring(cut).stripLeading();
                prefix = leading(paragraph) + indent;
            }
            lines.add(prefix + rest);
        }
        return lines;
    }

    /** Where to break {@code text} so the first piece takes at most {@code room} columns: the last space, if any. */
    private static int breakAt(String text, int room) {
        int used = 0;
        int lastSpace = -1;
        int i = 0;
        while (i < text.length()) {
            int escape = escapeEnd(text, i);
            if (escape > i) {
                i = escape;
                continue;
            }
            int cp = text.codePointAt(i);
            int w = columns(cp);
            if (used + w > room) {
                break;
            }
            if (cp == ' ') {
                lastSpace = i;
            }
            used += w;
            i += Character.charCount(cp);
        }
        return lastSpace > 0 ? lastSpace : Math.max(1, i);
    }

    /** The index after a colour code (ESC [ ... m) starting at {@code i}, which takes no column; else {@code i}. */
    private static int escapeEnd(String text, int i) {
        if (text.charAt(i) != '\u001b' || i + 1 >= text.length() || text.charAt(i + 1) != '[') {
            return i;
        }
        int j = i + 2;
        while (j < text.length() && (Character.isDigit(text.charAt(j)) || text.charAt(j) == ';')) {
            j++;
        }
        return j < text.length() && text.charAt(j) == 'm' ? j + 1 : i;
    }

    private static String leading(String line) {
        int i = 0;
        while (i < line.length() && line.charAt(i) == ' ') {
            i++;
        }
        return line.substring(0, i);
    }

    private static int columns(int cp) {
        int type = Character.getType(cp);
        if (type == Character.NON_SPACING_MARK || type == Character.ENCLOSING_MARK || type == Character.FORMAT
                || cp == 0x200B) {
            return 0;
        }
        if (cp < 0x1100) {
            return 1;
        }
        boolean wide = cp <= 0x115F
                || cp >= 0x2E80 && cp <= 0xA4CF && cp != 0x303F
                || cp >= 0xAC00 && cp <= 0xD7A3
                || cp >= 0xF900 && cp <= 0xFAFF
                || cp >= 0xFE30 && cp <= 0xFE4F
                || cp >= 0xFF00 && cp <= 0xFF60
                || cp >= 0xFFE0 && cp <= 0xFFE6
                || cp >= 0x1F300 && cp <= 0x1F64F
                || cp >= 0x1F900 && cp <= 0x1F9FF
                || cp >= 0x20000 && cp <= 0x3FFFD;
        return wide ? 2 : 1;
    }
}
