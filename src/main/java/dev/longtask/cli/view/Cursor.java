package dev.longtask.cli.view;

/**
 * The escape sequences a live view redraws with. Rows are cleared one by one ("erase line"), never with "erase to
 * the end of the screen": from the top-left corner that clears the whole screen, which tmux (scroll-on-clear) and
 * some terminals answer by pushing the screen into the scrollback, leaving a copy of what was being erased.
 */
public final class Cursor {
    private static final String ESC = "\u001b[";

    private Cursor() {
    }

    /** From the start of the line below them: clears the {@code rows} rows above and leaves the cursor on the first. */
    public static String clearRowsAbove(int rows) {
        if (rows <= 0) {
            return "\r";
        }
        StringBuilder b = new StringBuilder("\r").append(ESC).append(rows).append('A');
        for (int i = 0; i < rows; i++) {
            b.append(ESC).append("2K");
            if (i < rows - 1) {
                b.append(ESC).append("1B");
            }
        }
        if (rows > 1) {
            b.append(ESC).append(rows - 1).append('A');
        }
        return b.toString();
    }
}
