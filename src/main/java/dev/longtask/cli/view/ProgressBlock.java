package dev.longtask.cli.view;

import dev.longtask.model.plan.ProgressSnapshot;
import dev.longtask.model.Counts;
import dev.longtask.model.Durations;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.UnaryOperator;

/**
 * The live block of a run on a terminal, laid out for a width: a line with the bar and the task counts, a line
 * with time at work, ETA, tokens and cost (two when one is too narrow), and a line per running task. Every line
 * takes fewer columns than the terminal has (so none wraps and the block can be erased exactly): numbers turn
 * compact, then the figures take a second line, before anything is cut; what still does not fit is cut with "…".
 * With more running tasks than rows, the last line says how many more.
 */
final class ProgressBlock {
    /** A piece of a line and its colour. */
    private record Part(String text, UnaryOperator<String> paint) {
    }

    private final Palette palette;
    private final boolean priced;

    /** @param priced whether the run's model has a price */
    ProgressBlock(Palette palette, boolean priced) {
        this.palette = palette;
        this.priced = priced;
    }

    /**
     * The block's lines for a terminal of {@code columns} x {@code rows}, with colour codes when the palette has
     * them; {@code eta} is the ETA as it is to be shown.
     */
    List<String> lines(ProgressSnapshot s, String eta, int columns, int rows) {
        int width = Math.max(10, columns - 1);
        List<String> lines = new ArrayList<>();
        lines.add(fit(counts(s, width), width));
        List<String> figures = figures(s, eta, width);
        lines.addAll(figures);
        int room = Math.max(1, rows - 3 - figures.size());
        List<ProgressSnapshot.RunningTask> tasks = s.tasks();
        for (int i = 0; i < tasks.size(); i++) {
            if (i == room - 1 && tasks.size() > room) {
                lines.add(fit(List.of(new Part("  … and " + (tasks.size() - i) + " more running", palette::dim)),
                        width));
                break;
            }
            lines.add(task(tasks.get(i), width));
        }
        return lines;
    }

    private List<Part> counts(ProgressSnapshot s, int width) {
        int barWidth = Math.max(10, Math.min(30, width / 4));
        int filled = (int) Math.round(Math.min(100, Math.max(0, s.percent())) / 100.0 * barWidth);
        List<Part> parts = new ArrayList<>();
        parts.add(new Part("[", UnaryOperator.identity()));
        parts.add(new Part("#".repeat(filled), palette::green));
        parts.add(new Part("-".repeat(barWidth - filled), palette::dim));
        parts.add(new Part("] " + String.format(Locale.ROOT, "%5.1f%%", s.percent()) + "  ", UnaryOperator.identity()));
        parts.add(new Part(s.completed() + "/" + s.total() + " done", palette::green));
        if (s.failed() > 0) {
            parts.add(new Part(", ", UnaryOperator.identity()));
            parts.add(new Part(s.failed() + " failed", palette::red));
        }
        parts.add(new Part(", " + s.running() + " running, " + s.pending() + " pending"
                + (s.cancelled() > 0 ? ", " + s.cancelled() + " cancelled" : ""), UnaryOperator.identity()));
        return parts;
    }

    /**
     * The time, ETA, tokens and cost: on one line with full numbers when they fit, else with compact ones, else on
     * two lines (time and ETA, then tokens and cost), so the cost, the figure users watch most, is never cut.
     */
    private List<String> figures(ProgressSnapshot s, String eta, int width) {
        String time = (s.workSeconds() != null ? "at work " + Durations.text(s.workSeconds())
                : "elapsed " + Durations.text(s.elapsedSeconds())) + " · ETA " + eta;
        for (boolean full : new boolean[] {true, false}) {
            String line = time + " · " + usage(s, full);
            if (TextWidth.of(line) <= width) {
                return List.of(palette.dim(line));
            }
        }
        return List.of(fit(List.of(new Part(time, palette::dim)), width),
                fit(List.of(new Part(usage(s, false), palette::dim)), width));
    }

    private String usage(ProgressSnapshot s, boolean full) {
        String in = full ? Counts.full(s.usage().inputTokens()) : Counts.compact(s.usage().inputTokens());
        String out = full ? Counts.full(s.usage().outputTokens()) : Counts.compact(s.usage().outputTokens());
        return "tokens " + in + " in, " + out + " out · cost " + Figures.cost(s.usage(), priced);
    }

    private String task(ProgressSnapshot.RunningTask t, int width) {
        String head = "  > #" + t.id() + " ";
        String tail = " (" + t.agent() + ", " + Durations.text(t.elapsedSeconds())
                + (t.attempts() > 1 ? ", attempt " + t.attempts() : "") + ")";
        int room = width - TextWidth.of(head) - TextWidth.of(tail);
        String subject = t.subject().replaceAll("\\s+", " ").strip();
        if (room < 8) {
            return fit(List.of(new Part(head + subject + tail, palette::yellow)), width);
        }
        return palette.yellow(head) + TextWidth.cut(subject, room) + palette.dim(tail);
    }

    /** The parts in at most {@code width} columns: the part that overflows is cut with "…", those after it dropped. */
    private String fit(List<Part> parts, int width) {
        StringBuilder out = new StringBuilder();
        int used = 0;
        for (Part part : parts) {
            int w = TextWidth.of(part.text());
            if (used + w <= width) {
                out.append(part.paint().apply(part.text()));
                used += w;
                continue;
            }
            out.append(part.paint().apply(TextWidth.cut(part.text(), width - used)));
            break;
        }
        return out.toString();
    }
}
