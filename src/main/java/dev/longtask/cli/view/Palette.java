package dev.longtask.cli.view;

import dev.longtask.cli.Main;

/**
 * The few colours longtask uses, or none: green for what completed, red for what failed, yellow for what runs or
 * waits, dim for the figures around them, bold for a run's status line.
 */
public final class Palette {
    public static final Palette NONE = new Palette(false);

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

    public String green(String text) {
        return paint("32", text);
    }

    public String red(String text) {
        return paint("31", text);
    }

    public String yellow(String text) {
        return paint("33", text);
    }

    public String dim(String text) {
        return paint("2", text);
    }

    public String bold(String text) {
        return paint("1", text);
    }

    /** A run or task status word in its colour. */
    public String status(String wire) {
        return switch (wire) {
            case "completed" -> green(wire);
            case "failed", "cancelled" -> red(wire);
            case "running", "in_progress", "planning", "paused", "interrupted" -> yellow(wire);
            default -> wire;
        };
    }

    /** A status word in its colour, padded to {@code width} columns (the padding outside the colour). */
    public String statusCell(String wire, int width) {
        return status(wire) + " ".repeat(Math.max(0, width - wire.length()));
    }

    /** Colours decided for a command's output: on a terminal per --color and NO_COLOR, elsewhere only if always. */
    public static Palette forCommand(picocli.CommandLine.Model.CommandSpec spec) {
        dev.longtask.model.config.Environment environment = dev.longtask.model.config.Environment.system();
        boolean terminal = System.console() != null;
        return of(Main.globals(spec).color().colours(environment, terminal));
    }

    private String paint(String code, String text) {
        return on && !text.isEmpty() ? "\u001b[" + code + "m" + text + "\u001b[0m" : text;
    }
}
