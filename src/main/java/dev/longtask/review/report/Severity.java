package dev.longtask.review.report;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/** Severity of a finding, most severe first. Models' synonyms map onto these; anything else is MEDIUM. */
enum Severity {
    CRITICAL(10), HIGH(5), MEDIUM(2), LOW(0.5), INFO(0);

    /** Points a verified finding of this severity takes off the score's density. */
    final double penalty;

    Severity(double penalty) {
        this.penalty = penalty;
    }

    @JsonValue
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Severity parse(String text) {
        String s = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
        return switch (s) {
            case "critical", "blocker", "severe" -> CRITICAL;
            case "high", "major", "error", "important" -> HIGH;
            case "low", "minor", "trivial" -> LOW;
            case "info", "informational", "note", "nit", "nitpick", "suggestion" -> INFO;
            default -> MEDIUM;
        };
    }
}
