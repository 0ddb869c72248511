package dev.longtask.tools;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * The environment of a {@code bash} command: the given one without secrets, plus settings that keep commands from
 * waiting for a human. A variable is dropped when its name, in upper case, contains one of {@link #SECRET_WORDS}, or
 * its value is a URL with a password in it ({@code scheme://user:password@host}).
 */
final class BashEnvironment {
    static final List<String> SECRET_WORDS = List.of("KEY", "TOKEN", "SECRET", "PASSWORD", "PASSWD", "PASSPHRASE",
            "CREDENTIAL", "AUTH", "COOKIE");
    private static final Pattern URL_WITH_PASSWORD = Pattern.compile("[a-zA-Z][a-zA-Z0-9+.-]*://[^/@\\s:]*:[^/@\\s]+@");

    private BashEnvironment() {
    }

    static boolean isSecret(String name, String value) {
        String upper = name.toUpperCase(Locale.ROOT);
        for (String word : SECRET_WORDS) {
            if (upper.contains(word)) {
                return true;
            }
        }
        return value != null && URL_WITH_PASSWORD.matcher(value).find();
    }

    static Map<String, String> of(Map<String, String> given) {
        Map<String, String> env = new TreeMap<>();
        given.forEach((name, value) -> {
            if (!isSecret(name, value)) {
                env.put(name, value);
            }
        });
        env.put("GIT_TERMINAL_PROMPT", "0");
        env.put("PAGER", "cat");
        env.put("GIT_PAGER", "cat");
        env.putIfAbsent("TERM", "dumb");
        return env;
    }
}
