package dev.longtask.model;

import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The one secrets policy: which environment variables hold secrets, and how their values are kept out of what
 * longtask writes or shows. A variable is a secret when its name, in upper case, contains one of
 * {@link #SECRET_WORDS}, or its value is a URL with a password in it ({@code scheme://user:password@host}). Such
 * variables never reach {@code bash}; their values are replaced wherever they appear in tool output, transcripts,
 * events and the run directory. Values shorter than 8 characters or without a letter are not replaced there: they
 * would redact ordinary text and JSON structure, not secrets.
 *
 * @param secrets the values to replace, longest first (so a secret containing another is replaced whole)
 */
public record Secrets(List<Secret> secrets) {
    public static final List<String> SECRET_WORDS = List.of("KEY", "TOKEN", "SECRET", "PASSWORD", "PASSWD",
            "PASSPHRASE", "CREDENTIAL", "AUTH", "COOKIE");
    public static final Secrets NONE = new Secrets(List.of());
    private static final Pattern URL_WITH_PASSWORD = Pattern.compile("[a-zA-Z][a-zA-Z0-9+.-]*://[^/@\\s:]*:[^/@\\s]+@");
    private static final int SHORTEST = 8;
    private static final String UNNAMED = "";

    /** One secret value, with the variable it came from ("" when it was given without a name). */
    public record Secret(String name, String value) {
    }

    public Secrets {
        secrets = secrets.stream().filter(s -> worthReplacing(s.value()))
                .sorted(Comparator.comparingInt((Secret s) -> s.value().length()).reversed()).toList();
    }

    /** Whether the variable {@code name} with {@code value} holds a secret. */
    public static boolean isSecret(String name, String value) {
        String upper = name.toUpperCase(Locale.ROOT);
        for (String word : SECRET_WORDS) {
            if (upper.contains(word)) {
                return true;
            }
        }
        return value != null && URL_WITH_PASSWORD.matcher(value).find();
    }

    /** The secrets among {@code environment}'s variables. */
    public static Secrets fromEnvironment(Map<String, String> environment) {
        return new Secrets(environment.entrySet().stream()
                .filter(e -> e.getValue() != null && isSecret(e.getKey(), e.getValue()))
                .map(e -> new Secret(e.getKey(), e.getValue().strip())).toList());
    }

    /** Secret values given without their variables' names. */
    public static Secrets ofValues(List<String> values) {
        return new Secrets(values.stream().map(v -> new Secret(UNNAMED, v)).toList());
    }

    /** The values that are replaced. */
    public List<String> values() {
        return secrets.stream().map(Secret::value).distinct().toList();
    }

    /** {@code text} with every secret value replaced by {@code [redacted NAME]} (or {@code [REDACTED]}). */
    public String redact(String text) {
        if (text == null || secrets.isEmpty()) {
            return text;
        }
        String out = text;
        for (Secret secret : secrets) {
            if (out.contains(secret.value())) {
                out = out.replace(secret.value(), secret.name().isEmpty() ? "[REDACTED]"
                        : "[redacted " + secret.name() + "]");
            }
        }
        return out;
    }

    private static boolean worthReplacing(String value) {
        return value != null && value.length() >= SHORTEST && value.chars().anyMatch(Character::isLetter);
    }
}
