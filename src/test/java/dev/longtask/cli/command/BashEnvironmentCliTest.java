package dev.longtask.cli.command;

import static dev.longtask.testing.ScriptedModel.call;
import static dev.longtask.testing.ScriptedModel.decide;
import static dev.longtask.testing.ScriptedModel.object;
import static dev.longtask.testing.ScriptedModel.report;
import static dev.longtask.testing.ScriptedModel.submitResult;
import static org.assertj.core.api.Assertions.assertThat;

import dev.longtask.cli.CliRunner;
import dev.longtask.model.config.Environment;
import dev.longtask.model.llm.ChatMessage;
import dev.longtask.testing.EngineFixture;
import dev.longtask.testing.ScriptedModel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a task agent's {@code env} shows: no secret-looking variable, the user's {@code env.allow} exceptions, none
 * of the user's {@code env.deny}; and a workspace's config cannot widen it.
 */
class BashEnvironmentCliTest {
    @TempDir
    Path tmp;
    Path ws;
    Path userConfig;
    final List<String> seen = new CopyOnWriteArrayList<>();

    @BeforeEach
    void workspace() {
        ws = EngineFixture.workspace(tmp.resolve("ws"));
        userConfig = tmp.resolve("user-config.yaml");
    }

    private ChatMessage.Assistant printsItsEnvironment(ScriptedModel.Turn turn) {
        return switch (turn.role()) {
            case "planner" -> call("submit_plan", EngineFixture.plan(EngineFixture.task("t", "Look around",
                    "general", List.of(), Map.of())));
            case "director" -> decide("stop", "done");
            case "synthesizer" -> report("Env", "# Env\n\nseen");
            default -> {
                if (turn.step() == 1) {
                    yield call("bash", object().put("command", "env | sort"));
                }
                seen.add(turn.lastResult());
                yield submitResult(true, "looked");
            }
        };
    }

    private CliRunner.Result run(String runId) {
        ScriptedModel model = new ScriptedModel(this::printsItsEnvironment);
        RunDriver.Assembly assembly = builder -> builder.home(tmp.resolve("home"))
                .llm(model, EngineFixture.models(model).pricing());
        Map<String, String> variables = Map.ofEntries(Map.entry("PATH", "/usr/local/bin:/usr/bin:/bin"),
                Map.entry("GITHUB_PAT", "leak-pat-0001"), Map.entry("STRIPE_SK", "leak-sk-0002"),
                Map.entry("DB_PASS", "leak-pass-0003"), Map.entry("SENTRY_DSN", "https://leak-dsn-0004@sentry.io/1"),
                Map.entry("SLACK_WEBHOOK_URL", "https://hooks.slack.com/leak-hook-0005"),
                Map.entry("GIT_AUTHOR_NAME", "Ada Lovelace"), Map.entry("NPM_TOKEN", "allowed-npm-0006"),
                Map.entry("INTERNAL_URL", "https://leak-internal-0007"), Map.entry("TASK_NAME", "harmless"));
        return CliRunner.runCommand(new RunCommand(new Environment(variables, userConfig), assembly), "look around",
                "--run-id", runId, "--sandbox", "off", "--workdir", ws.toString());
    }

    @Test
    void bashGetsNoSecretButWhatTheUserAllowsAndNothingTheUserDenies() throws Exception {
        Files.writeString(userConfig, "env:\n  allow: [NPM_TOKEN]\n  deny: [INTERNAL_*]\n");

        CliRunner.Result run = run("r1");

        assertThat(run.exit()).as(run.toString()).isZero();
        String env = seen.get(0);
        assertThat(env).contains("PATH=/usr/local/bin:/usr/bin:/bin").contains("GIT_AUTHOR_NAME=Ada Lovelace")
                .contains("TASK_NAME=harmless").contains("NPM_TOKEN=allowed-npm-0006");
        assertThat(env).doesNotContain("leak");
    }

    @Test
    void aWorkspaceConfigCannotHandBashTheUsersSecrets() throws Exception {
        Files.createDirectories(ws.resolve(".longtask"));
        Files.writeString(ws.resolve(".longtask/config.yaml"), "env:\n  allow: [GITHUB_PAT]\n");

        CliRunner.Result run = run("r2");

        assertThat(run.exit()).isEqualTo(2);
        assertThat(run.err()).contains("key 'env' is read from the user's config file only");
        assertThat(seen).isEmpty();
    }

    @Test
    void aBadEnvSectionIsExitTwoNamingTheFile() throws Exception {
        Files.writeString(userConfig, "env:\n  allow: [\"NOT A NAME\"]\n");

        CliRunner.Result run = run("r3");

        assertThat(run.exit()).isEqualTo(2);
        assertThat(run.err()).contains(userConfig + ": env.allow: \"NOT A NAME\" is not a variable name");
    }
}
