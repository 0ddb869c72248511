package dev.longtask.model.config;

import dev.longtask.model.ApprovalMode;
import dev.longtask.model.Budget;
import dev.longtask.model.PermissionRule;
import dev.longtask.model.SandboxMode;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Resolved settings: each value with the place it came from (flag > environment > workspace config.yaml >
 * user config.yaml > default). Built by {@code config.SettingsLoader}; immutable.
 */
public final class Settings {
    /** The model used when none is configured but ANTHROPIC_API_KEY is set. */
    public static final String DEFAULT_ANTHROPIC_MODEL = "anthropic:claude-sonnet-4-5";
    /** The model used when none is configured, ANTHROPIC_API_KEY is not set and OPENAI_API_KEY is. */
    public static final String DEFAULT_OPENAI_MODEL = "openai:gpt-4.1";
    public static final String ANTHROPIC_API_KEY = "ANTHROPIC_API_KEY";
    public static final String OPENAI_API_KEY = "OPENAI_API_KEY";
    private static final Set<String> KEY_VARIABLES = Set.of(ANTHROPIC_API_KEY, OPENAI_API_KEY);

    private final Map<SettingKey, Resolved<Object>> values;
    private final Map<String, Resolved<ModelPrice>> prices;
    private final Map<String, Resolved<Integer>> contextWindows;
    private final Map<String, Resolved<Boolean>> textProtocol;
    private final Environment environment;
    private final Path workspaceConfig;
    private final List<ConfigFileStatus> configFiles;
    private final List<PermissionRule> permissionRules;

    /** Built by {@code config.SettingsLoader}, which resolves each value with where it came from. */
    public Settings(Map<SettingKey, Resolved<Object>> values,
             Map<String, Resolved<ModelPrice>> prices,
             Map<String, Resolved<Integer>> contextWindows,
             Map<String, Resolved<Boolean>> textProtocol,
             Environment environment,
             Path workspaceConfig,
             List<ConfigFileStatus> configFiles,
             List<PermissionRule> permissionRules) {
        this.values = Map.copyOf(values);
        this.prices = Map.copyOf(prices);
        this.contextWindows = Map.copyOf(contextWindows);
        this.textProtocol = Map.copyOf(textProtocol);
        this.environment = environment;
        this.workspaceConfig = workspaceConfig;
        this.configFiles = List.copyOf(configFiles);
        this.permissionRules = List.copyOf(permissionRules);
    }

    /** A config file that was looked for, and whether it was there. */
    public record ConfigFileStatus(Path path, Source.Kind kind, boolean present) {
    }

    /** The value of {@code key} and its source, when it is set or has a default. */
    public Optional<Resolved<Object>> get(SettingKey key) {
        return Optional.ofNullable(values.get(key));
    }

    /** The model spec ("anthropic:claude-sonnet-4-5"), configured or defaulted from the key that is present. */
    public Optional<Resolved<String>> model() {
        return typed(SettingKey.MODEL, String.class);
    }

    /**
     * The model spec; without one a {@link ConfigException} says exactly how to add one.
     */
    public String requireModel() {
        return model().map(Resolved::value).orElseThrow(() -> new ConfigException(noModelMessage()));
    }

    public Optional<Resolved<String>> baseUrl() {
        return typed(SettingKey.BASE_URL, String.class);
    }

    public Resolved<Integer> concurrency() {
        return typed(SettingKey.CONCURRENCY, Integer.class).orElseThrow();
    }

    public Optional<Resolved<Long>> maxTokens() {
        return typed(SettingKey.MAX_TOKENS, Long.class);
    }

    public Optional<Resolved<BigDecimal>> maxCostUsd() {
        return typed(SettingKey.MAX_COST_USD, BigDecimal.class);
    }

    public Optional<Resolved<Duration>> maxTime() {
        return typed(SettingKey.MAX_TIME, Duration.class);
    }

    /** Output tokens a model call may produce when the caller does not say. */
    public Resolved<Integer> maxOutputTokens() {
        return typed(SettingKey.MAX_OUTPUT_TOKENS, Integer.class).orElseThrow();
    }

    /** The store's fsync policy as written; the store checks its values. */
    public Optional<Resolved<String>> fsync() {
        return typed(SettingKey.FSYNC, String.class);
    }

    /** Where runs are kept as written ({@code files} or a PostgreSQL URL); the store checks it. */
    public Optional<Resolved<String>> store() {
        return typed(SettingKey.STORE, String.class);
    }

    public Resolved<Duration> requestTimeout() {
        return typed(SettingKey.REQUEST_TIMEOUT, Duration.class).orElseThrow();
    }

    /** The most files checkpoints keep of a workspace, when set ({@code checkpoint.max_files}). */
    public Optional<Resolved<Long>> checkpointMaxFiles() {
        return typed(SettingKey.CHECKPOINT_MAX_FILES, Long.class);
    }

    /** The most bytes checkpoints keep of a workspace, when set ({@code checkpoint.max_bytes}). */
    public Optional<Resolved<Long>> checkpointMaxBytes() {
        return typed(SettingKey.CHECKPOINT_MAX_BYTES, Long.class);
    }

    /** The hard time limit of one task's agent loop. */
    public Resolved<Duration> taskTimeout() {
        return typed(SettingKey.TASK_TIMEOUT, Duration.class).orElseThrow();
    }

    public Resolved<Integer> retryMaxAttempts() {
        return typed(SettingKey.RETRY_MAX_ATTEMPTS, Integer.class).orElseThrow();
    }

    public Resolved<Duration> retryMaxWait() {
        return typed(SettingKey.RETRY_MAX_WAIT, Duration.class).orElseThrow();
    }

    /** The approval mode: {@code auto} unless a flag, the environment or a config file says otherwise. */
    public Resolved<ApprovalMode> approval() {
        return typed(SettingKey.APPROVAL, ApprovalMode.class).orElseThrow();
    }

    /** Whether bash must run confined ({@code auto}, the default) or may run unconfined ({@code off}). */
    public Resolved<SandboxMode> sandbox() {
        return typed(SettingKey.SANDBOX, SandboxMode.class).orElseThrow();
    }

    /**
     * The permission rules of every file that has some, merged as Claude Code merges them (the lists add up):
     * {@code .claude/settings.json}, {@code .claude/settings.local.json}, the workspace's config.yaml, the user's.
     * Each rule knows its file.
     */
    public List<PermissionRule> permissionRules() {
        return permissionRules;
    }

    /** The run budget these settings give (max_tokens, max_cost_usd, max_time); unset means no limit. */
    public Budget budget() {
        return new Budget(
                maxTokens().map(Resolved::value).orElse(null),
                maxCostUsd().map(Resolved::value).orElse(null),
                maxTime().map(r -> r.value().toSeconds()).orElse(null));
    }

    /** Configured prices by model name or pattern ("gpt-4o", "openai:my-model", "claude-sonnet-4*"). */
    public Map<String, Resolved<ModelPrice>> prices() {
        return prices;
    }

    /** Configured context windows in tokens, by model name or pattern. */
    public Map<String, Resolved<Integer>> contextWindows() {
        return contextWindows;
    }

    /** Models configured to use (true) or not use (false) the text tool-call protocol. */
    public Map<String, Resolved<Boolean>> textProtocol() {
        return textProtocol;
    }

    /** A provider key from its environment variable; keys are never read from files. */
    public Optional<ApiKey> apiKey(String variable) {
        if (!KEY_VARIABLES.contains(variable)) {
            throw new IllegalArgumentException("not a provider key variable: " + variable);
        }
        return Optional.ofNullable(environment.get(variable)).map(v -> new ApiKey(variable, v.trim()));
    }

    /** The config files looked for, in precedence order (workspace first). */
    public List<ConfigFileStatus> configFiles() {
        return configFiles;
    }

    private String noModelMessage() {
        String file = workspaceConfig == null ? ".longtask/config.yaml" : workspaceConfig.toString();
        // Within 80 columns: a new user reads it in whatever terminal they have.
        String indent = " ".repeat(38);
        return "no model configured and no API key found. Add one of:\n"
                + "  export ANTHROPIC_API_KEY=...        then " + DEFAULT_ANTHROPIC_MODEL + " is used\n"
                + "  export OPENAI_API_KEY=...           then " + DEFAULT_OPENAI_MODEL + " is used\n"
                + "  --model ollama:llama3.1             with Ollama running (ollama serve;\n"
                + indent + "ollama pull llama3.1)\n"
                + "  --base-url URL --model openai:NAME  any OpenAI-compatible server (vLLM,\n"
                + indent + "llama.cpp, LM Studio)\n"
                + "  model: " + DEFAULT_ANTHROPIC_MODEL + "  in " + file + "\n"
                + "Then check with: longtask doctor";
    }

    private <T> Optional<Resolved<T>> typed(SettingKey key, Class<T> type) {
        Resolved<Object> r = values.get(key);
        return r == null ? Optional.empty() : Optional.of(new Resolved<>(type.cast(r.value()), r.source()));
    }
}
