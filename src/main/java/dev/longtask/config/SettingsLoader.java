package dev.longtask.config;

import dev.longtask.model.PermissionRule;
import dev.longtask.model.RunSettings;
import dev.longtask.model.config.ConfigException;
import dev.longtask.model.config.Environment;
import dev.longtask.model.config.FlagException;
import dev.longtask.model.config.Flags;
import dev.longtask.model.config.Resolved;
import dev.longtask.model.config.SettingKey;
import dev.longtask.model.config.Settings;
import dev.longtask.model.config.Source;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * Resolves the settings: flag > environment > {@code <workspace>/.longtask/config.yaml} >
 * the user's config.yaml > built-in default. The per-model tables merge entry by entry in the same order; the
 * permission rules of Claude Code's {@code .claude/settings.json} and {@code .claude/settings.local.json} and of both
 * config.yaml files add up.
 */
public final class SettingsLoader {
    private static final Map<SettingKey, Object> DEFAULTS = Map.of(
            SettingKey.CONCURRENCY, RunSettings.DEFAULTS.concurrency(),
            SettingKey.MAX_OUTPUT_TOKENS, 8192,
            SettingKey.REQUEST_TIMEOUT, Duration.ofMinutes(10),
            SettingKey.TASK_TIMEOUT, Duration.ofHours(2),
            SettingKey.RETRY_MAX_ATTEMPTS, 6,
            SettingKey.RETRY_MAX_WAIT, Duration.ofMinutes(5),
            SettingKey.APPROVAL, RunSettings.DEFAULTS.approval(),
            SettingKey.SANDBOX, RunSettings.DEFAULTS.sandbox());

    private SettingsLoader() {
    }

    /** The workspace's config file: {@code <workspace>/.longtask/config.yaml}. */
    public static Path workspaceConfig(Path workspace) {
        return workspace.resolve(".longtask").resolve("config.yaml");
    }

    /**
     * @param workspace the workspace whose {@code .longtask/config.yaml} applies, or null for none
     * @throws ConfigException for a bad file, an unknown key or a bad value, naming where it is
     */
    public static Settings load(Environment env, Path workspace, Flags flags) {
        return read(env, workspace).with(flags);
    }

    /**
     * Reads the configuration of {@code workspace} (null for none) once: its config files, Claude Code's permission
     * files and the environment, to resolve with any flags later without reading them again.
     *
     * @throws ConfigException for a bad file, an unknown key or a bad value, naming where it is
     */
    public static Snapshot read(Environment env, Path workspace) {
        Path workspaceConfig = workspace == null ? null : workspaceConfig(workspace.toAbsolutePath().normalize());
        List<Layer> layers = new ArrayList<>();
        List<PermissionRule> claudeRules = new ArrayList<>();
        if (workspace != null) {
            ClaudeSettings.files(workspace.toAbsolutePath().normalize())
                    .forEach(f -> claudeRules.addAll(ClaudeSettings.rules(f)));
        }
        List<Settings.ConfigFileStatus> files = new ArrayList<>();
        layers.add(environmentLayer(env));
        if (workspaceConfig != null) {
            Optional<Layer> layer = ConfigFile.read(workspaceConfig, Source.Kind.WORKSPACE_FILE);
            files.add(new Settings.ConfigFileStatus(workspaceConfig, Source.Kind.WORKSPACE_FILE, layer.isPresent()));
            layer.ifPresent(layers::add);
        }
        Optional<Layer> user = ConfigFile.read(env.userConfigFile(), Source.Kind.USER_FILE);
        files.add(new Settings.ConfigFileStatus(env.userConfigFile(), Source.Kind.USER_FILE, user.isPresent()));
        user.ifPresent(layers::add);
        return new Snapshot(env, workspaceConfig, List.copyOf(layers), List.copyOf(claudeRules), List.copyOf(files));
    }

    /**
     * A workspace's configuration as read at one moment (every layer below the flags): a run resolves its settings
     * from one snapshot, however many times it asks with different flags, so they cannot come from two versions of a
     * file edited in between.
     */
    public static final class Snapshot {
        private final Environment env;
        private final Path workspaceConfig;
        private final List<Layer> belowFlags;
        private final List<PermissionRule> claudeRules;
        private final List<Settings.ConfigFileStatus> files;

        private Snapshot(Environment env, Path workspaceConfig, List<Layer> belowFlags, List<PermissionRule> claudeRules,
                         List<Settings.ConfigFileStatus> files) {
            this.env = env;
            this.workspaceConfig = workspaceConfig;
            this.belowFlags = belowFlags;
            this.claudeRules = claudeRules;
            this.files = files;
        }

        /** The settings with {@code flags} on top, each with where it came from. */
        public Settings with(Flags flags) {
            List<Layer> layers = new ArrayList<>(belowFlags.size() + 1);
            layers.add(flagLayer(flags));
            layers.addAll(belowFlags);
            Map<SettingKey, Resolved<Object>> values = new EnumMap<>(SettingKey.class);
            for (SettingKey key : SettingKey.values()) {
                firstSet(layers, key).or(() -> defaulted(key, env)).ifPresent(r -> values.put(key, r));
            }
            List<PermissionRule> rules = new ArrayList<>(claudeRules);
            layers.forEach(layer -> rules.addAll(layer.rules()));
            return new Settings(values,
                    merged(layers, Layer::prices),
                    merged(layers, Layer::contextWindows),
                    merged(layers, Layer::textProtocol),
                    env, workspaceConfig, files, rules);
        }
    }

    private static Optional<Resolved<Object>> firstSet(List<Layer> layers, SettingKey key) {
        for (Layer layer : layers) {
            Resolved<Object> v = layer.values().get(key);
            if (v != null) {
                return Optional.of(v);
            }
        }
        return Optional.empty();
    }

    private static Optional<Resolved<Object>> defaulted(SettingKey key, Environment env) {
        if (key == SettingKey.MODEL) {
            if (env.get(Settings.ANTHROPIC_API_KEY) != null) {
                return Optional.of(new Resolved<>(Settings.DEFAULT_ANTHROPIC_MODEL,
                        Source.defaulted(Settings.ANTHROPIC_API_KEY + " is set")));
            }
            if (env.get(Settings.OPENAI_API_KEY) != null) {
                return Optional.of(new Resolved<>(Settings.DEFAULT_OPENAI_MODEL,
                        Source.defaulted(Settings.OPENAI_API_KEY + " is set")));
            }
            return Optional.empty();
        }
        return Optional.ofNullable(DEFAULTS.get(key)).map(v -> new Resolved<>(v, Source.defaulted("")));
    }

    /** Later layers first, so that earlier (higher) layers overwrite their entries. */
    private static <T> Map<String, Resolved<T>> merged(List<Layer> layers, Function<Layer, Map<String, T>> table) {
        Map<String, Resolved<T>> merged = new LinkedHashMap<>();
        for (int i = layers.size() - 1; i >= 0; i--) {
            Layer layer = layers.get(i);
            table.apply(layer).forEach((model, v) -> merged.put(model, new Resolved<>(v, layer.source())));
        }
        return merged;
    }

    private static Layer flagLayer(Flags flags) {
        Map<SettingKey, Resolved<Object>> values = new EnumMap<>(SettingKey.class);
        flags.values().forEach((key, raw) -> {
            try {
                values.put(key, new Resolved<>(key.parse(raw.value()), raw.source()));
            } catch (IllegalArgumentException e) {
                throw new FlagException(raw.source().where() + " " + e.getMessage());
            }
        });
        return Layer.ofValues(Source.flag("command line"), values);
    }

    private static Layer environmentLayer(Environment env) {
        Map<SettingKey, Resolved<Object>> values = new EnumMap<>(SettingKey.class);
        for (SettingKey key : SettingKey.values()) {
            String variable = key.environmentVariable();
            String raw = env.get(variable);
            if (raw != null) {
                try {
                    values.put(key, new Resolved<>(key.parse(raw), Source.environment(variable)));
                } catch (IllegalArgumentException e) {
                    throw new ConfigException("environment variable " + variable + " (" + key.key() + ") "
                            + e.getMessage());
                }
            }
        }
        return Layer.ofValues(Source.environment("variables"), values);
    }
}
