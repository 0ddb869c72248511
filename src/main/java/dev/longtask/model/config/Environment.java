package dev.longtask.model.config;

import java.nio.file.Path;
import java.util.Map;

/**
 * What the settings read from outside the workspace: the environment variables and the user's config file
 * ({@code $XDG_CONFIG_HOME/longtask/config.yaml}, else {@code $HOME/.config/longtask/config.yaml}; Java's own idea
 * of the home only when {@code HOME} is unset, as a shell user expects).
 * Tests build one by hand instead of touching the real environment.
 */
public record Environment(Map<String, String> variables, Path userConfigFile) {

    public Environment {
        variables = Map.copyOf(variables);
    }

    public static Environment system() {
        return of(System.getenv());
    }

    /** The environment of these variables, with the user's config file where they put it. */
    public static Environment of(Map<String, String> env) {
        String xdg = env.get("XDG_CONFIG_HOME");
        Path home = home(env);
        Path base = xdg != null && !xdg.isBlank() ? Path.of(xdg) : home == null ? null : home.resolve(".config");
        return new Environment(env, base == null ? Path.of(".config", "longtask", "config.yaml")
                : base.resolve("longtask").resolve("config.yaml"));
    }

    /** The user's home: {@code $HOME}, else Java's {@code user.home}; null when neither is set. */
    public static Path home(Map<String, String> env) {
        String home = env.get("HOME");
        if (home == null || home.isBlank()) {
            home = System.getProperty("user.home");
        }
        return home == null || home.isBlank() ? null : Path.of(home).toAbsolutePath().normalize();
    }

    /** The variable's value, or null when it is unset or blank. */
    public String get(String name) {
        String value = variables.get(name);
        return value == null || value.isBlank() ? null : value;
    }
}
