package dev.longtask.cli.view;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * The size of the terminal the user watches, asked of the terminal itself ({@code stty size} on
 * {@code /dev/tty}), then {@code COLUMNS}/{@code LINES}, then 80x24; and, while open, told again on every resize
 * (SIGWINCH) so a live view can redraw at the new width.
 */
public final class TerminalSize implements AutoCloseable {
    private static final Signal WINCH = new Signal("WINCH");
    static final int DEFAULT_COLUMNS = 80;
    static final int DEFAULT_ROWS = 24;

    private volatile int columns;
    private volatile int rows;
    private volatile Runnable onResize = () -> { };
    private final SignalHandler previous;

    private TerminalSize(boolean watch) {
        measure();
        SignalHandler replaced = null;
        if (watch) {
            try {
                replaced = Signal.handle(WINCH, signal -> {
                    measure();
                    onResize.run();
                });
            } catch (IllegalArgumentException notOnThisPlatform) {
                replaced = null; // no resize signal: the size read at the start stays
            }
        }
        this.previous = replaced;
    }

    /** The width of the terminal stdout is, or 0 when it is not one (a pipe, a file: lines are left whole). */
    public static int columnsOfStdout() {
        return System.console() == null ? 0 : new TerminalSize(false).columns();
    }

    /**
     * Whether standard error is a terminal, as Linux's {@code /proc} tells (Java asks only of stdin and stdout);
     * false where it cannot be told.
     */
    public static boolean stderrIsTerminal() {
        try {
            String device = Files.readSymbolicLink(Path.of("/proc/self/fd/2")).toString();
            return device.startsWith("/dev/pts/") || device.startsWith("/dev/tty");
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            return false;
        }
    }

    /** Measures now and follows resizes until closed. */
    public static TerminalSize watch() {
        return new TerminalSize(true);
    }

    public int columns() {
        return columns;
    }

    int rows() {
        return rows;
    }

    /** Runs {@code action} after each resize, on the signal's thread. */
    void onResize(Runnable action) {
        this.onResize = action == null ? () -> { } : action;
    }

    private void measure() {
        int[] size = stty();
        if (size == null) {
            size = new int[] {number(System.getenv("LINES"), DEFAULT_ROWS), number(System.getenv("COLUMNS"),
                    DEFAULT_COLUMNS)};
        }
        rows = size[0];
        columns = size[1];
    }

    /** {@code stty size < /dev/tty}: "rows columns", or null where there is no terminal to ask. */
    private static int[] stty() {
        File tty = new File("/dev/tty");
        if (!tty.exists()) {
            return null;
        }
        try {
            Process p = new ProcessBuilder("stty", "size").redirectInput(tty)
                    .redirectError(ProcessBuilder.Redirect.DISCARD).start();
            String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.US_ASCII).strip();
            if (!p.waitFor(2, TimeUnit.SECONDS) || p.exitValue() != 0) {
                p.destroyForcibly();
                return null;
            }
            String[] parts = text.split("\\s+");
            int r = Integer.parseInt(parts[0]);
            int c = Integer.parseInt(parts[1]);
            return r > 0 && c > 0 ? new int[] {r, c} : null;
        } catch (IOException | RuntimeException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    private static int number(String text, int otherwise) {
        try {
            int n = text == null ? 0 : Integer.parseInt(text.strip());
            return n > 0 ? n : otherwise;
        } catch (NumberFormatException e) {
            return otherwise;
        }
    }

    @Override
    public void close() {
        if (previous != null) {
            Signal.handle(WINCH, previous);
        }
    }
}
