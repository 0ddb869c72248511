package dev.longtask.model;

import java.util.Locale;

/**
 * The one way longtask writes a count: {@code 17,000} where there is room, {@code 17.0k} / {@code 4.5M} where
 * there is not (never a bare {@code 487200}, never a {@code ~}), and {@code 1 file} / {@code 2 files}.
 */
public final class Counts {
    private Counts() {
    }

    /** {@code 17,000}. */
    public static String full(long n) {
        // what String.format(Locale.ROOT, "%,d", n) makes, without parsing a format at every call
        String digits = Long.toString(n);
        int sign = n < 0 ? 1 : 0;
        int count = digits.length() - sign;
        if (count <= 3) {
            return digits;
        }
        StringBuilder out = new StringBuilder(digits.length() + (count - 1) / 3);
        out.append(digits, 0, sign);
        int head = count % 3 == 0 ? 3 : count % 3;
        out.append(digits, sign, sign + head);
        for (int i = sign + head; i < digits.length(); i += 3) {
            out.append(',').append(digits, i, i + 3);
        }
        return out.toString();
    }

    /** {@code 950}, {@code 17.0k}, {@code 4.5M}, {@code 1.2B}: at most six characters for any count below 10^12. */
    public static String compact(long n) {
        long a = Math.abs(n);
        if (a < 1_000) {
            return Long.toString(n);
        }
        String[] units = {"k", "M", "B"};
        double value = n / 1_000.0;
        int unit = 0;
        while (Math.abs(value) >= 999.95 && unit < units.length - 1) {
            value /= 1_000.0;
            unit++;
        }
        return String.format(Locale.ROOT, "%.1f%s", value, units[unit]);
    }

    /** {@link #full} when it fits in {@code width} characters, else {@link #compact}. */
    public static String fit(long n, int width) {
        String full = full(n);
        return full.length() <= width ? full : compact(n);
    }

    /** {@code 1 file}, {@code 2 files}, {@code 1,000 files}, {@code 3 entries}. */
    public static String plural(long n, String noun) {
        return full(n) + " " + (n == 1 ? noun : plural(noun));
    }

    private static String plural(String noun) {
        if (noun.endsWith("y") && noun.length() > 1 && "aeiou".indexOf(noun.charAt(noun.length() - 2)) < 0) {
            return noun.substring(0, noun.length() - 1) + "ies";
        }
        if (noun.endsWith("s") || noun.endsWith("x") || noun.endsWith("ch") || noun.endsWith("sh")) {
            return noun + "es";
        }
        return noun + "s";
    }
}
