package dev.longtask.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.longtask.model.config.ApiKey;
import dev.longtask.model.config.ConfigException;
import dev.longtask.model.config.Environment;
import dev.longtask.model.config.Flags;
import dev.longtask.model.config.Resolved;
import dev.longtask.model.config.SettingKey;
import dev.longtask.model.config.Settings;
import dev.longtask.model.config.Source;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SettingsLoaderTest {
    @TempDir
    Path tmp;
    private Path workspace;
    private Path userFile;
    private Path workspaceFile;
    private final Map<String, String> env = new HashMap<>();

    @BeforeEach
    void layout() throws Exception {
        workspace = Files.createDirectories(tmp.resolve("ws"));
        userFile = tmp.resolve("home/.config/longtask/config.yaml");
        workspaceFile = workspace.resolve(".longtask/config.yaml");
        Files.createDirectories(userFile.getParent());
        Files.createDirectories(workspaceFile.getParent());
    }

    private Settings load(Flags flags) {
        return SettingsLoader.load(new Environment(env, userFile), workspace, flags);
    }

    @Test
    void flagBeatsEnvironmentBeatsWorkspaceBeatsUserFile() throws Exception {
        Files.writeString(userFile, """
                model: openai:gpt-4o
                concurrency: 2
                max_cost_usd: 1.50
                max_time: 45m
                retry:
                  max_attempts: 3
                """);
        Files.writeString(workspaceFile, """
                model: anthropic:claude-haiku-4-5
                concurrency: 3
                """);
        env.put("LONGTASK_CONCURRENCY", "5");

        Settings s = load(Flags.none().set(SettingKey.MODEL, "--model", "ollama:llama3.1"));

        assertThat(s.model().orElseThrow()).isEqualTo(new Resolved<>("ollama:llama3.1", Source.flag("--model")));
        assertThat(s.concurrency()).isEqualTo(new Resolved<>(5, Source.environment("LONGTASK_CONCURRENCY")));
        assertThat(s.maxCostUsd().orElseThrow().value()).isEqualByComparingTo("1.50");
        assertThat(s.maxCostUsd().orElseThrow().source().describe()).isEqualTo(userFile.toString());
        assertThat(s.maxTime().orElseThrow().value()).isEqualTo(Duration.ofMinutes(45));
        assertThat(s.retryMaxAttempts().value()).isEqualTo(3);
        assertThat(s.retryMaxWait()).isEqualTo(new Resolved<>(Duration.ofMinutes(5), Source.defaulted("")));
        assertThat(s.budget().maxCostUsd()).isEqualByComparingTo(new BigDecimal("1.50"));
        assertThat(s.budget().maxTimeSeconds()).isEqualTo(2700L);

        Settings withoutFlag = load(Flags.none());
        assertThat(withoutFlag.model().orElseThrow().value()).isEqualTo("anthropic:claude-haiku-4-5");
        assertThat(withoutFlag.model().orElseThrow().source().kind()).isEqualTo(Source.Kind.WORKSPACE_FILE);
        env.put("LONGTASK_MODEL", "openai:o3");
        assertThat(load(Flags.none()).model().orElseThrow())
                .isEqualTo(new Resolved<>("openai:o3", Source.environment("LONGTASK_MODEL")));
    }

    @Test
    void perModelTablesMergeEntryByEntry() throws Exception {
        Files.writeString(userFile, """
                prices:
                  my-model: {input: 1, output: 2}
                  other: {input: 5, output: 6, cache_read: 0.5, cache_write: 6}
                context_window:
                  my-model: 16384
                text_protocol: [ollama:gemma2]
                """);
        Files.writeString(workspaceFile, """
                prices:
                  my-model: {input: 0.5, output: 1}
                text_protocol:
                  ollama:gemma2: false
                  ollama:phi3: true
                """);

        Settings s = load(Flags.none());

        assertThat(s.prices().get("my-model").value().input()).isEqualByComparingTo("0.5");
        assertThat(s.prices().get("my-model").source().kind()).isEqualTo(Source.Kind.WORKSPACE_FILE);
        assertThat(s.prices().get("my-model").value().cacheRead()).isEqualByComparingTo("0.5");
        assertThat(s.prices().get("other").value().cacheWrite()).isEqualByComparingTo("6");
        assertThat(s.prices().get("other").source().kind()).isEqualTo(Source.Kind.USER_FILE);
        assertThat(s.contextWindows().get("my-model").value()).isEqualTo(16384);
        assertThat(s.textProtocol().get("ollama:gemma2").value()).isFalse();
        assertThat(s.textProtocol().get("ollama:phi3").value()).isTrue();
    }

    @Test
    void unknownKeyNamesTheFileAndTheKey() throws Exception {
        Files.writeString(workspaceFile, "modle: openai:gpt-4o\n");
        assertThatThrownBy(() -> load(Flags.none())).isInstanceOf(ConfigException.class)
                .hasMessageStartingWith(workspaceFile + ": unknown key 'modle' (did you mean 'model'?) (known keys: "
                        + "model, base_url,");
        Files.writeString(workspaceFile, "concurency: 4\n");
        assertThatThrownBy(() -> load(Flags.none())).hasMessageStartingWith(workspaceFile
                + ": unknown key 'concurency' (did you mean 'concurrency'?)");
        Files.writeString(workspaceFile, "colour: red\n");
        assertThatThrownBy(() -> load(Flags.none())).as("no near miss, no guess")
                .hasMessageStartingWith(workspaceFile + ": unknown key 'colour' (known keys: ");

        Files.writeString(workspaceFile, "retry:\n  attempts: 3\n");
        assertThatThrownBy(() -> load(Flags.none())).hasMessageStartingWith(workspaceFile
                + ": unknown key 'retry.attempts' (did you mean 'retry.max_attempts'?)");

        Files.writeString(workspaceFile, "prices:\n  gpt-4o: {input: 1, output: 2, cached: 1}\n");
        assertThatThrownBy(() -> load(Flags.none())).hasMessage(workspaceFile
                + ": unknown key 'prices.gpt-4o.cached' (known: input, output, cache_read, cache_write)");
    }

    @Test
    void theServersRoutesMayShareTheConfigFileWithoutDisturbingTheSettings() throws Exception {
        Files.writeString(workspaceFile, "concurrency: 5\nroutes:\n  - name: chat\n    url: https://x.example/h\n");
        assertThat(load(Flags.none()).concurrency().value()).isEqualTo(5);
    }

    @Test
    void badYamlAndBadValuesAreOneLineNamingFileAndKey() throws Exception {
        Files.writeString(userFile, "model: [unclosed\nconcurrency: 2\n");
        assertThatThrownBy(() -> load(Flags.none())).isInstanceOf(ConfigException.class)
                .hasMessageStartingWith(userFile + ": not valid YAML at line")
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));

        Files.writeString(userFile, "concurrency: lots\n");
        assertThatThrownBy(() -> load(Flags.none()))
                .hasMessage(userFile + ": key 'concurrency' must be a positive whole number, got 'lots'");

        Files.writeString(userFile, "max_time: soon\n");
        assertThatThrownBy(() -> load(Flags.none()))
                .hasMessage(userFile + ": key 'max_time' must be a duration like 90s, 30m, 2h or 1h30m, got 'soon'");

        Files.writeString(userFile, "base_url: localhost:8000\n");
        assertThatThrownBy(() -> load(Flags.none())).hasMessageContaining("key 'base_url' must be an http://");

        Files.writeString(userFile, "model: a\nmodel: b\n");
        assertThatThrownBy(() -> load(Flags.none())).hasMessageContaining("Duplicate field 'model'");
    }

    @Test
    void badEnvironmentAndFlagValuesNameTheirSource() {
        env.put("LONGTASK_MAX_COST_USD", "five");
        assertThatThrownBy(() -> load(Flags.none())).hasMessage(
                "environment variable LONGTASK_MAX_COST_USD (max_cost_usd) must be an amount of US dollars like 5 or "
                        + "2.50, got 'five'");
        env.clear();
        assertThatThrownBy(() -> load(Flags.none().set(SettingKey.CONCURRENCY, "--concurrency", "0")))
                .hasMessage("--concurrency must be a positive whole number, got '0'");
    }

    @Test
    void keyAloneChoosesTheDefaultModelAndSaysWhy() {
        env.put("OPENAI_API_KEY", "sk-test");
        assertThat(load(Flags.none()).model().orElseThrow()).isEqualTo(
                new Resolved<>(Settings.DEFAULT_OPENAI_MODEL, Source.defaulted("OPENAI_API_KEY is set")));
        env.put("ANTHROPIC_API_KEY", "sk-ant-test");
        Resolved<String> model = load(Flags.none()).model().orElseThrow();
        assertThat(model.value()).isEqualTo("anthropic:claude-sonnet-4-5");
        assertThat(model.source().describe()).isEqualTo("default (ANTHROPIC_API_KEY is set)");
    }

    @Test
    void withoutModelOrKeyTheMessageSaysHowToAddOne() {
        Settings s = load(Flags.none());
        assertThat(s.model()).isEmpty();
        assertThatThrownBy(s::requireModel).isInstanceOf(ConfigException.class)
                .hasMessageContaining("export ANTHROPIC_API_KEY=...")
                .hasMessageContaining("export OPENAI_API_KEY=...")
                .hasMessageContaining("--model ollama:llama3.1")
                .hasMessageContaining("--base-url URL --model openai:NAME")
                .hasMessageContaining("model: anthropic:claude-sonnet-4-5  in " + workspaceFile);
        String message = "longtask: " + catchThrowable(s::requireModel).getMessage();
        assertThat(message.lines().filter(line -> !line.contains(workspaceFile.toString())))
                .as("an 80-column terminal shows it without breaking a line").allMatch(line -> line.length() <= 80);
    }

    @Test
    void keysComeOnlyFromTheEnvironmentAndNeverPrint() throws Exception {
        Files.writeString(userFile, "model: openai:gpt-4o\n");
        env.put("OPENAI_API_KEY", "sk-secret-123");
        Settings s = load(Flags.none());
        ApiKey key = s.apiKey("OPENAI_API_KEY").orElseThrow();
        assertThat(key.value()).isEqualTo("sk-secret-123");
        assertThat(key.toString()).isEqualTo("OPENAI_API_KEY=***");
        assertThat(s.apiKey("ANTHROPIC_API_KEY")).isEmpty();
        Files.writeString(userFile, "api_key: sk-in-a-file\n");
        assertThatThrownBy(() -> load(Flags.none())).hasMessageContaining("unknown key 'api_key'");
    }

    @Test
    void configFilesLookedForAreListed() throws Exception {
        Files.writeString(userFile, "concurrency: 2\n");
        assertThat(load(Flags.none()).configFiles()).containsExactly(
                new Settings.ConfigFileStatus(workspaceFile, Source.Kind.WORKSPACE_FILE, false),
                new Settings.ConfigFileStatus(userFile, Source.Kind.USER_FILE, true));
    }

    @Test
    void approvalAndSandboxComeFromFlagsEnvironmentOrFilesAndDefaultToAuto() throws Exception {
        assertThat(load(Flags.none()).approval().value()).isEqualTo(dev.longtask.model.ApprovalMode.AUTO);
        assertThat(load(Flags.none()).sandbox().value()).isEqualTo(dev.longtask.model.SandboxMode.AUTO);

        // a bare "off" is the boolean false to YAML 1.1; it still means off
        Files.writeString(workspaceFile, "approval: read-only\nsandbox: off\n");
        Settings fromFile = load(Flags.none());
        assertThat(fromFile.approval().value()).isEqualTo(dev.longtask.model.ApprovalMode.READ_ONLY);
        assertThat(fromFile.sandbox().value()).isEqualTo(dev.longtask.model.SandboxMode.OFF);
        assertThat(fromFile.sandbox().source().describe()).isEqualTo(workspaceFile.toString());

        env.put("LONGTASK_APPROVAL", "ask");
        assertThat(load(Flags.none()).approval().value()).isEqualTo(dev.longtask.model.ApprovalMode.ASK);
        Settings flagged = load(Flags.none().set(SettingKey.APPROVAL, "--approval", "auto")
                .set(SettingKey.SANDBOX, "--sandbox", "auto"));
        assertThat(flagged.approval()).isEqualTo(new Resolved<>(dev.longtask.model.ApprovalMode.AUTO,
                Source.flag("--approval")));
        assertThat(flagged.sandbox().value()).isEqualTo(dev.longtask.model.SandboxMode.AUTO);

        assertThatThrownBy(() -> load(Flags.none().set(SettingKey.APPROVAL, "--approval", "sometimes")))
                .isInstanceOf(ConfigException.class)
                .hasMessage("--approval must be auto, ask or read-only, got 'sometimes'");
    }

    @Test
    void permissionRulesOfClaudeCodesFilesAndBothConfigFilesAddUpEachWithItsFile() throws Exception {
        Path claude = Files.createDirectories(workspace.resolve(".claude"));
        Files.writeString(claude.resolve("settings.json"), """
                {"model": "sonnet", "hooks": {},
                 "permissions": {"allow": ["Bash(npm run test:*)", "Edit(src/**)"], "deny": ["Read(./secrets/**)"],
                                 "defaultMode": "acceptEdits", "additionalDirectories": ["../docs"]}}
                """);
        Files.writeString(claude.resolve("settings.local.json"), """
                {"permissions": {"ask": ["Bash(git push:*)"]}}
                """);
        Files.writeString(workspaceFile, """
                permissions:
                  allow: ["Write(docs/**)"]
                  deny:
                    - Bash(rm -rf:*)
                """);
        Files.writeString(userFile, """
                permissions:
                  deny: [WebFetch]
                """);

        Settings s = load(Flags.none());

        assertThat(s.permissionRules()).extracting(dev.longtask.model.PermissionRule::toString).containsExactly(
                "allow Bash(npm run test:*) (" + claude.resolve("settings.json") + ")",
                "allow Edit(src/**) (" + claude.resolve("settings.json") + ")",
                "deny Read(./secrets/**) (" + claude.resolve("settings.json") + ")",
                "ask Bash(git push:*) (" + claude.resolve("settings.local.json") + ")",
                "allow Write(docs/**) (" + workspaceFile + ")",
                "deny Bash(rm -rf:*) (" + workspaceFile + ")",
                "deny WebFetch (" + userFile + ")");
    }

    @Test
    void aBrokenRuleOrFileIsAConfigurationErrorNamingTheFileAndTheRule() throws Exception {
        Path claude = Files.createDirectories(workspace.resolve(".claude"));
        Files.writeString(claude.resolve("settings.json"), "{\"permissions\": {\"deny\": [\"Bash(rm:* -rf)\"]}}");
        assertThatThrownBy(() -> load(Flags.none())).isInstanceOf(ConfigException.class)
                .hasMessage(claude.resolve("settings.json") + ": permissions.deny: invalid rule 'Bash(rm:* -rf)': "
                        + "':*' may only end a Bash rule (Bash(npm run test:*)); use '*' for a wildcard elsewhere");

        Files.writeString(claude.resolve("settings.json"), "{\"permissions\": {\"allow\": \"Bash\"}}");
        assertThatThrownBy(() -> load(Flags.none())).isInstanceOf(ConfigException.class)
                .hasMessageStartingWith(claude.resolve("settings.json") + ": key 'permissions.allow' must be a list");

        Files.writeString(claude.resolve("settings.json"), "{\"permissions\": {");
        assertThatThrownBy(() -> load(Flags.none())).isInstanceOf(ConfigException.class)
                .hasMessageStartingWith(claude.resolve("settings.json") + ": not valid JSON at line 1");

        Files.delete(claude.resolve("settings.json"));
        Files.writeString(workspaceFile, "permissions:\n  alow: [Bash]\n");
        assertThatThrownBy(() -> load(Flags.none())).isInstanceOf(ConfigException.class)
                .hasMessage(workspaceFile + ": unknown key 'permissions.alow' (known: allow, ask, deny)");

        Files.writeString(workspaceFile, "permissions:\n  allow: [\"Reed(x)\"]\n");
        assertThatThrownBy(() -> load(Flags.none())).isInstanceOf(ConfigException.class)
                .hasMessageStartingWith(workspaceFile + ": permissions.allow: invalid rule 'Reed(x)': unknown tool 'Reed'");
    }
}
