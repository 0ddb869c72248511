package dev.longtask.cli.view;

import dev.longtask.model.Budget;
import dev.longtask.model.Counts;
import dev.longtask.model.Durations;
import java.util.ArrayList;
import java.util.List;

/** Budget and one-line texts of the run commands (counts and durations: {@link Counts}, {@link Durations}). */
public final class Formats {
    private Formats() {
    }

    public static String budget(Budget budget) {
        List<String> parts = new ArrayList<>();
        if (budget.maxTokens() != null) {
            parts.add("tokens " + Counts.full(budget.maxTokens()));
        }
        if (budget.maxCostUsd() != null) {
            parts.add("cost $" + budget.maxCostUsd().setScale(Math.max(2, budget.maxCostUsd().scale()),
                    java.math.RoundingMode.UNNECESSARY).toPlainString());
        }
        if (budget.maxTime() != null) {
            parts.add("time " + Durations.text(budget.maxTime()));
        }
        return parts.isEmpty() ? "none" : String.join(", ", parts);
    }

    public static String cut(String text, int width) {
        String line = text.strip().replaceAll("\\s+", " ");
        return line.length() <= width ? line : line.substring(0, width - 3) + "...";
    }
}
