package dev.longtask.tools;

import dev.longtask.model.EnvironmentFilter;
import java.util.Map;
import java.util.TreeMap;

/**
 * The environment of a {@code bash} command: the given one without secrets ({@link EnvironmentFilter}: what
 * {@link dev.longtask.model.Secrets} calls a secret, with the user's {@code env.allow} and {@code env.deny}), plus
 * settings that keep commands from waiting for a human.
 */
final class BashEnvironment {

    private BashEnvironment() {
    }

    static Map<String, String> of(Map<String, String> given, EnvironmentFilter filter) {
        Map<String, String> env = new TreeMap<>();
        given.forEach((name, value) -> {
            if (filter.keeps(name, value)) {
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
