package dev.longtask.cli.view;

import dev.longtask.model.plan.ProgressSnapshot;
import dev.longtask.model.Event;
import java.io.PrintWriter;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * On a terminal: a live block (bar, counts, ETA, tokens, cost, a line per running task) redrawn in place, with the
 * notable events scrolling above it, wrapped to the width. The block's lines never wrap ({@link ProgressBlock}), so
 * erasing it is exact: the cursor goes up as many rows as the block takes and clears them ({@link Cursor}). After
 * a resize a terminal that reflows has split the old lines at the new width, so the rows are counted again at the
 * new width before erasing; then the block is drawn for the new size. Closing erases the block: what the run ended
 * with is printed after it.
 */
final class TerminalProgressView implements ProgressView {
    private final RepeatedErrors errors = new RepeatedErrors();
    private final PrintWriter out;
    private final TerminalSize size;
    private final ProgressBlock block;
    private final Palette palette;
    private List<String> drawn = List.of();
    private ProgressSnapshot last;
    private boolean closed;
    private final PlanClock.Tracker plan;
    private final List<String> held = new ArrayList<>();
    private boolean holding;

    TerminalProgressView(PrintWriter out, TerminalSize size, Palette palette, PlanClock.Tracker plan, boolean priced) {
        this.plan = plan;
        this.out = out;
        this.size = size;
        this.block = new ProgressBlock(palette, priced);
        this.palette = palette;
        size.onResize(this::resized);
    }

    @Override
    public synchronized void onEvent(Event event, ProgressSnapshot snapshot) {
        if (closed) {
            return;
        }
        plan.see(event, snapshot);
        String what = PlainProgressView.describe(event);
        if (what != null) {
            what = errors.shorten(event, what);
        }
        last = snapshot;
        if (holding) {
            if (what != null) {
                held.add(what);
            }
            return;
        }
        erase();
        if (what != null) {
            for (String line : TextWidth.wrap(what, Math.max(10, size.columns() - 1), "    ")) {
                out.println(line);
            }
        }
        draw(snapshot);
    }

    @Override
    public synchronized void tick(ProgressSnapshot snapshot) {
        if (!closed) {
            last = snapshot;
            if (holding) {
                return;
            }
            erase();
            draw(snapshot);
        }
    }

    private synchronized void resized() {
        if (!closed && !holding && last != null) {
            erase();
            draw(last);
        }
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
        if (!closed && last != null) {
            draw(last);
        }
        out.flush();
    }

    @Override
    public synchronized void close() {
        if (!closed) {
            erase();
            closed = true;
            size.close();
        }
        out.flush();
    }

    @Override
    public int columns() {
        return size.columns();
    }

    @Override
    public Palette palette() {
        return palette;
    }

    /** Clears every row the block takes at the present width, and leaves the cursor where it began. */
    private void erase() {
        int columns = Math.max(1, size.columns());
        int rows = 0;
        for (String line : drawn) {
            rows += Math.max(1, (TextWidth.of(stripStyles(line)) + columns - 1) / columns);
        }
        out.print(Cursor.clearRowsAbove(rows));
        drawn = List.of();
    }

    private void draw(ProgressSnapshot s) {
        last = s;
        drawn = block.lines(s, plan.eta(s, Instant.now()), size.columns(), size.rows());
        for (String line : drawn) {
            out.println(line);
        }
        out.flush();
    }

    private static String stripStyles(String line) {
        return line.replaceAll("\u001b\\[[0-9;]*m", "");
    }
}
