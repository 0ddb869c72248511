package dev.longtask.config;

import java.nio.file.Path;
import java.util.Map;

/**
 * What the settings read from outside the workspace: the environment variables and the user's config file
 * ({@code $XDG_CONFIG_HOME/longtask/config.yaml}, else {@code ~/.config/longtask/config.yaml}).
 * Tests build one by hand instead of touching the real environment.
 */
public record Environment(Map<String, String> variables, Path userConfigFile) {

    public Environment {
        variables = Map.copyOf(variables);
    }

    public static Environment system() {
        Map<String, String> env = System.getenv();
        String xdg = env.get("XDG_CONFIG_HOME");
        Path base = xdg != null && !xdg.isBlank()
                ? Path.of(xdg)
                : Path.of(System.getProperty("user.home"), ".config");
        return new Environment(env, base.resolve("longtask").resolve("config.yaml"));
    }

    /** The variable's value, or null when it is unset or blank. */
    public String get(String name) {
        String value = variables.get(name);
        return value == null || value.isBlank() ? null : value;
    }
}
