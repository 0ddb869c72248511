package dev.longtask.cli;

import dev.longtask.engine.ProgressSnapshot;
import dev.longtask.model.Event;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * On a terminal: a live block (bar, percent, counts, ETA, tokens, cost, a line per running task) redrawn in
 * place, with the notable events scrolling above it.
 */
final class TerminalProgressView implements ProgressView {
    private static final String CLEAR_LINE = "\u001b[2K";
    private final PrintWriter out;
    private final List<String> held = new ArrayList<>();
    private int drawnLines;
    private boolean holding;
    private ProgressSnapshot last;

    TerminalProgressView(PrintWriter out) {
        this.out = out;
    }

    @Override
    public synchronized void onEvent(Event event, ProgressSnapshot snapshot) {
        String what = PlainProgressView.describe(event);
        last = snapshot;
        if (holding) {
            if (what != null) {
                held.add(what);
            }
            return;
        }
        erase();
        if (what != null) {
            out.println(what);
        }
        draw(snapshot);
    }

    @Override
    public synchronized void tick(ProgressSnapshot snapshot) {
        last = snapshot;
        if (holding) {
            return;
        }
        erase();
        draw(snapshot);
    }

    @Override
    public synchronized void hold() {
        erase();
        out.flush();
        holding = true;
    }

    @Override
    public synchronized void release() {
        holding = false;
        held.forEach(out::println);
        held.clear();
        if (last != null) {
            draw(last);
        }
        out.flush();
    }

    @Override
    public synchronized void close() {
        out.flush();
    }

    private void erase() {
        for (int i = 0; i < drawnLines; i++) {
            out.print("\u001b[1A" + CLEAR_LINE + "\r");
        }
        drawnLines = 0;
    }

    private void draw(ProgressSnapshot s) {
        out.println(CLEAR_LINE + Figures.bar(s.percent(), 30) + String.format(" %5.1f%%  ", s.percent())
                + "elapsed " + ProgressSnapshot.durationText(s.elapsedSeconds()));
        out.println(CLEAR_LINE + Figures.counts(s));
        drawnLines = 2;
        for (ProgressSnapshot.RunningTask t : s.tasks()) {
            out.println(CLEAR_LINE + "  > #" + t.id() + " " + PlainProgressView.oneLine(t.subject(), 60) + " ("
                    + t.agent() + ", " + ProgressSnapshot.durationText(t.elapsedSeconds())
                    + (t.attempts() > 1 ? ", attempt " + t.attempts() : "") + ")");
            drawnLines++;
        }
        out.flush();
    }
}
