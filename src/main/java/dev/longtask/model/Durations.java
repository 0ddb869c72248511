package dev.longtask.model;

import java.time.Duration;
import java.util.Locale;

/**
 * The one way longtask writes a span of time, everywhere a person reads one: {@code 350ms}, {@code 1.5s},
 * {@code 45s}, {@code 3m 05s}, {@code 30m}, {@code 1h 05m}, {@code 2h}. Two units at most, the second padded so
 * a live figure does not jitter; the second unit is left out when it is zero.
 */
public final class Durations {
    private Durations() {
    }

    public static String text(Duration d) {
        long millis = Math.max(0, d.toMillis());
        if (millis < 1000) {
            return millis + "ms";
        }
        if (millis < 10_000 && millis % 1000 != 0) {
            return String.format(Locale.ROOT, "%.1fs", millis / 1000.0);
        }
        return text(millis / 1000);
    }

    public static String text(long seconds) {
        long s = Math.max(0, seconds);
        if (s < 60) {
            return s + "s";
        }
        if (s < 3600) {
            return s % 60 == 0 ? s / 60 + "m" : String.format(Locale.ROOT, "%dm %02ds", s / 60, s % 60);
        }
        long minutes = s % 3600 / 60;
        return minutes == 0 ? s / 3600 + "h" : String.format(Locale.ROOT, "%dh %02dm", s / 3600, minutes);
    }
}
