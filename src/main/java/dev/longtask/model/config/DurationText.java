package dev.longtask.model.config;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reads "90s", "30m", "2h", "1h30m", "500ms", "1d", an ISO-8601 "PT30M", or a bare number of seconds. */
public final class DurationText {
    private static final Pattern PART = Pattern.compile("(\\d+)(ms|s|m|h|d)");

    private DurationText() {
    }

    public static Duration parse(String text) {
        String t = text.trim().toLowerCase(java.util.Locale.ROOT).replace(" ", "");
        if (t.matches("\\d+")) {
            return Duration.ofSeconds(Long.parseLong(t));
        }
        if (t.startsWith("p")) {
            try {
                return positive(Duration.parse(t.toUpperCase(java.util.Locale.ROOT)), text);
            } catch (DateTimeParseException e) {
                throw bad(text);
            }
        }
        Matcher m = PART.matcher(t);
        Duration total = Duration.ZERO;
        int end = 0;
        while (m.find() && m.start() == end) {
            long n = Long.parseLong(m.group(1));
            total = total.plus(switch (m.group(2)) {
                case "ms" -> Duration.ofMillis(n);
                case "s" -> Duration.ofSeconds(n);
                case "m" -> Duration.ofMinutes(n);
                case "h" -> Duration.ofHours(n);
                default -> Duration.ofDays(n);
            });
            end = m.end();
        }
        if (end == 0 || end != t.length()) {
            throw bad(text);
        }
        return positive(total, text);
    }

    private static Duration positive(Duration d, String text) {
        if (d.isNegative() || d.isZero()) {
            throw bad(text);
        }
        return d;
    }

    private static IllegalArgumentException bad(String text) {
        return new IllegalArgumentException("must be a duration like 90s, 30m, 2h or 1h30m, got '" + text + "'");
    }
}
