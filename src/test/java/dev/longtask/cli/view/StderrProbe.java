package dev.longtask.cli.view;

/** Prints what {@link TerminalSize#stderrIsTerminal()} says in this process, for LiveViewTerminalTest. */
public final class StderrProbe {
    private StderrProbe() {
    }

    public static void main(String[] args) {
        System.out.println(TerminalSize.stderrIsTerminal());
    }
}
