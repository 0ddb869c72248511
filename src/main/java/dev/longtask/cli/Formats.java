package dev.longtask.cli;

import dev.longtask.model.Budget;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Number and budget texts of the run commands. */
final class Formats {
    private Formats() {
    }

    static String count(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }

    /** 950, 12.3k, 4.5M: short enough for a table column. */
    static String shortCount(long n) {
        if (n >= 1_000_000) {
            return String.format(Locale.ROOT, "%.1fM", n / 1_000_000.0);
        }
        if (n >= 1_000) {
            return String.format(Locale.ROOT, "%.1fk", n / 1000.0);
        }
        return Long.toString(n);
    }

    static String budget(Budget budget) {
        List<String> parts = new ArrayList<>();
        if (budget.maxTokens() != null) {
            parts.add("tokens " + count(budget.maxTokens()));
        }
        if (budget.maxCostUsd() != null) {
            parts.add("cost $" + budget.maxCostUsd().setScale(Math.max(2, budget.maxCostUsd().scale()),
                    java.math.RoundingMode.UNNECESSARY).toPlainString());
        }
        if (budget.maxTime() != null) {
            parts.add("time " + duration(budget.maxTime()));
        }
        return parts.isEmpty() ? "none" : String.join(", ", parts);
    }

    static String duration(Duration d) {
        long s = d.getSeconds();
        StringBuilder text = new StringBuilder();
        if (s >= 3600) {
            text.append(s / 3600).append('h');
        }
        if (s % 3600 >= 60) {
            text.append(s % 3600 / 60).append('m');
        }
        if (s % 60 != 0 || text.length() == 0) {
            text.append(s % 60).append('s');
        }
        return text.toString();
    }

    static String cut(String text, int width) {
        String line = text.strip().replaceAll("\\s+", " ");
        return line.length() <= width ? line : line.substring(0, width - 3) + "...";
    }
}
