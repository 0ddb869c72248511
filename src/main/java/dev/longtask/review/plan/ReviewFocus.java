package dev.longtask.review.plan;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/** What the review looks for. Without a choice: bugs, security, performance and style, the report's issue types. */
public record ReviewFocus(List<String> areas) {
    public static final List<String> KNOWN = List.of("bug", "security", "performance", "style", "maintainability",
            "concurrency", "error-handling", "testing", "documentation");
    private static final Map<String, String> ALIASES = Map.of("bugs", "bug", "correctness", "bug", "perf", "performance",
            "sec", "security", "tests", "testing", "docs", "documentation", "errors", "error-handling");

    public ReviewFocus {
        areas = List.copyOf(areas);
    }

    public static ReviewFocus defaults() {
        return new ReviewFocus(List.of("bug", "security", "performance", "style"));
    }

    /**
     * Parses a comma-separated list such as {@code security,performance}; blank means the defaults.
     *
     * @throws IllegalArgumentException naming the unknown area and the known ones
     */
    public static ReviewFocus parse(String text) {
        if (text == null || text.isBlank()) {
            return defaults();
        }
        Set<String> areas = new LinkedHashSet<>();
        List<String> unknown = new ArrayList<>();
        for (String raw : text.split(",")) {
            String area = raw.trim().toLowerCase(Locale.ROOT);
            if (area.isEmpty()) {
                continue;
            }
            area = ALIASES.getOrDefault(area, area);
            if (KNOWN.contains(area)) {
                areas.add(area);
            } else {
                unknown.add(raw.trim());
            }
        }
        if (!unknown.isEmpty()) {
            throw new IllegalArgumentException("unknown focus " + String.join(", ", unknown) + "; choose from "
                    + String.join(", ", KNOWN));
        }
        return areas.isEmpty() ? defaults() : new ReviewFocus(new ArrayList<>(areas));
    }

    public String text() {
        return String.join(", ", areas);
    }
}
