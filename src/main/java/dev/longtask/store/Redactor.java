package dev.longtask.store;

import java.util.List;

/** Replaces every known secret with {@code [REDACTED]} before text reaches a file of the run directory. */
final class Redactor {
    static final String MARK = "[REDACTED]";
    private final List<String> secrets;

    Redactor(List<String> secrets) {
        this.secrets = List.copyOf(secrets);
    }

    String apply(String text) {
        String result = text;
        for (String secret : secrets) {
            if (result.contains(secret)) {
                result = result.replace(secret, MARK);
            }
        }
        return result;
    }
}
