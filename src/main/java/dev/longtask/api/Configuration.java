package dev.longtask.api;

import dev.longtask.config.SettingsLoader;
import dev.longtask.model.config.ConfigException;
import dev.longtask.model.config.Environment;
import dev.longtask.model.config.Flags;
import dev.longtask.model.config.Settings;
import java.nio.file.Path;

/**
 * The settings as the configuration gives them, read without a runtime: for a caller that needs one before it builds
 * a {@link Longtask}, such as the store to open ({@code store}) or how many tasks a worker runs at once
 * ({@code concurrency}). A runtime's own {@link Longtask#settings(Path, Flags)} reads the same files the same way.
 */
public final class Configuration {
    private Configuration() {
    }

    /**
     * The settings of {@code workspace} (null for none: the user's config and the environment only) with
     * {@code flags} on top, each with where it came from: the user's and the workspace's config files, Claude Code's
     * permission files, the environment's {@code LONGTASK_*} variables, then the flags.
     *
     * @throws ConfigException for a bad file, an unknown key or a bad value, naming where it is (a
     *                         {@link dev.longtask.model.config.FlagException} when it is a flag's)
     */
    public static Settings load(Environment environment, Path workspace, Flags flags) {
        return SettingsLoader.load(environment, workspace, flags);
    }
}
