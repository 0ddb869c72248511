package dev.longtask.tools;

import dev.longtask.model.Secrets;
import java.util.Map;
import java.util.TreeMap;

/**
 * The environment of a {@code bash} command: the given one without secrets, plus settings that keep commands from
 * waiting for a human. A variable is dropped when its name, in upper case, contains one of {@link Secrets#SECRET_WORDS}, or
 * its value is a URL with a password in it ({@code scheme://user:password@host}).
 */
final class BashEnvironment {

    private BashEnvironment() {
    }

    static boolean isSecret(String name, String value) {
        return Secrets.isSecret(name, value);
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
