package dev.longtask.cli;

/** The options of the {@code longtask} command itself, which every subcommand inherits. */
public record GlobalOptions(ColorMode color, boolean verbose, boolean debug) {
    public static final GlobalOptions DEFAULTS = new GlobalOptions(ColorMode.AUTO, false, false);
}
