package dev.longtask.cli;

/**
 * The few colours longtask uses, or none: green for what completed, red for what failed, yellow for what runs or
 * waits, dim for the figures around them, bold for a run's status line.
 */
final class Palette {
    static final Palette NONE = new Palette(false);

    private final boolean on;

    private Palette(boolean on) {
        this.on = on;
    }

    static Palette of(boolean colours) {
        return colours ? new Palette(true) : NONE;
    }

    boolean on() {
        return on;
    }

    String green(String text) {
        return paint("32", text);
    }

    String red(String text) {
        return paint("31", text);
    }

    String yellow(String text) {
        return paint("33", text);
    }

    String dim(String text) {
        return paint("2", text);
    }

    String bold(String text) {
        return paint("1", text);
    }

    /** A run or task status word in its colour. */
    String status(String wire) {
        return switch (wire) {
            case "completed" -> green(wire);
            case "failed", "cancelled" -> red(wire);
            case "running", "in_progress", "planning", "paused", "interrupted" -> yellow(wire);
            default -> wire;
        };
    }

    private String paint(String code, String text) {
        return on && !text.isEmpty() ? "\u001b[" + code + "m" + text + "\u001b[0m" : text;
    }
}
