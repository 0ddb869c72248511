package dev.longtask.model;

import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The one secrets policy: which environment variables hold secrets, and how their values are kept out of what
 * longtask writes or shows. A variable is a secret when its name, in upper case, contains one of
 * {@link #SECRET_WORDS}; or one of the parts between non-letters ({@code _}, digits, ...) of its name is one of the
 * short {@link #SECRET_PARTS} ({@code GITHUB_PAT}, {@code STRIPE_SK}, {@code DB_PASS}, {@code SSH_AUTH_SOCK},
 * {@code MYSQL_PWD}); or it is one of the
 * {@link #PROVIDER_VARIABLES}; or its value is a URL with a password in it ({@code scheme://user:password@host}).
 * The short words count only as whole parts, so {@code PATH}, {@code TASK}, {@code DISK}, {@code PASSIVE},
 * {@code COMPASS}, {@code PWD} and {@code GIT_AUTHOR_NAME} are no secrets. Such variables never reach {@code bash}; their values are replaced wherever
 * they appear in tool output, transcripts, events and the run directory. Values shorter than 8 characters or
 * without a letter are not replaced there: they would redact ordinary text and JSON structure, not secrets.
 *
 * @param secrets the values to replace, longest first (so a secret containing another is replaced whole)
 */
public record Secrets(List<Secret> secrets) {
    /** Words that mark a secret anywhere in a name. */
    public static final List<String> SECRET_WORDS = List.of("KEY", "TOKEN", "SECRET", "PASSWORD", "PASSWD",
            "PASSPHRASE", "CREDENTIAL", "CREDS", "COOKIE", "WEBHOOK", "DSN", "AUTHORIZATION", "PRIVATE");
    /** Short words that mark a secret only as a whole part of a name. */
    public static final List<String> SECRET_PARTS = List.of("PAT", "SK", "PASS", "AUTH", "PWD", "PW", "JWT");
    /** Secrets of known providers whose names say nothing of it (and prefixes, ending in {@code _}). */
    public static final List<String> PROVIDER_VARIABLES = List.of("BW_SESSION", "OP_SESSION_", "SONAR_LOGIN",
            "CI_JOB_JWT_V2", "VAULT_UNSEAL", "NGROK_AUTHTOKEN");
    /** Names the short words would catch that hold none: the working directories of the shell. */
    private static final List<String> NOT_SECRETS = List.of("PWD", "OLDPWD");
    private static final Pattern NAME_PARTS = Pattern.compile("[^A-Z]+");
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
        return secretName(name) || value != null && URL_WITH_PASSWORD.matcher(value).find();
    }

    /** Whether the name alone marks a secret, whatever the value. */
    public static boolean secretName(String name) {
        String upper = name.toUpperCase(Locale.ROOT);
        if (NOT_SECRETS.contains(upper)) {
            return false;
        }
        if (SECRET_WORDS.stream().anyMatch(upper::contains)) {
            return true;
        }
        if (PROVIDER_VARIABLES.stream().anyMatch(p -> p.endsWith("_") ? upper.startsWith(p) : upper.equals(p))) {
            return true;
        }
        for (String part : NAME_PARTS.split(upper)) {
            if (SECRET_PARTS.contains(part)) {
                return true;
            }
        }
        return false;
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
