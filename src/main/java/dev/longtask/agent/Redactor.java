package dev.longtask.agent;

import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Replaces the values of secret-looking environment variables (API keys, tokens, passwords) wherever they
 * appear, so a tool output that echoes one (an {@code env} in bash, a config file) never reaches the model
 * or the transcript.
 */
final class Redactor {
    private static final Pattern SECRET_NAME =
            Pattern.compile("(?i).*(API_?KEY|SECRET|TOKEN|PASSWORD|PASSWD|CREDENTIAL|PRIVATE_KEY).*");
    /** Shorter values would match ordinary text. */
    private static final int MIN_LENGTH = 8;

    private record Secret(String name, String value) {
    }

    private final List<Secret> secrets;

    private Redactor(List<Secret> secrets) {
        this.secrets = secrets;
    }

    static Redactor fromEnvironment(Map<String, String> env) {
        return new Redactor(env.entrySet().stream()
                .filter(e -> SECRET_NAME.matcher(e.getKey()).matches())
                .filter(e -> e.getValue() != null && e.getValue().strip().length() >= MIN_LENGTH)
                .map(e -> new Secret(e.getKey(), e.getValue().strip()))
                // The longest first, so a secret containing another is replaced whole.
                .sorted(Comparator.comparingInt((Secret s) -> s.value().length()).reversed())
                .toList());
    }

    static Redactor none() {
        return new Redactor(List.of());
    }

    String redact(String text) {
        if (text == null || secrets.isEmpty()) {
            return text;
        }
        String out = text;
        for (Secret secret : secrets) {
            if (out.contains(secret.value())) {
                out = out.replace(secret.value(), "[redacted " + secret.name() + "]");
            }
        }
        return out;
    }
}
