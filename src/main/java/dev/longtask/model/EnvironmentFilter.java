package dev.longtask.model;

import java.util.List;

/**
 * Which environment variables {@code bash} gets: all but the secrets ({@link Secrets#isSecret}), with the user's
 * exceptions from {@code env.allow} (kept although they look secret) and {@code env.deny} (dropped although they do
 * not). A name is given whole ({@code NPM_TOKEN}) or as a prefix ending in {@code *} ({@code MY_APP_*}); deny wins.
 */
public record EnvironmentFilter(List<String> allow, List<String> deny) {
    public static final EnvironmentFilter SECRETS_ONLY = new EnvironmentFilter(List.of(), List.of());

    public EnvironmentFilter {
        allow = List.copyOf(allow);
        deny = List.copyOf(deny);
    }

    /** Whether bash gets the variable. */
    public boolean keeps(String name, String value) {
        if (deny.stream().anyMatch(p -> matches(p, name))) {
            return false;
        }
        return allow.stream().anyMatch(p -> matches(p, name)) || !Secrets.isSecret(name, value);
    }

    private static boolean matches(String pattern, String name) {
        return pattern.endsWith("*") ? name.startsWith(pattern.substring(0, pattern.length() - 1))
                : pattern.equals(name);
    }
}
