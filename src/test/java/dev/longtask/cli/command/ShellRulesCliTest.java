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
 * A task agent that tries to slip a denied command past a {@code Bash(rm:*)} deny rule, through the command line,
 * the way an attacker would: hidden in a substitution, an {@code sh -c} string, behind {@code env} and
 * {@code xargs}, in a here-document, and in a line bash cannot parse. Every attempt is refused and the file stays.
 */
class ShellRulesCliTest {
    static final List<String> BYPASSES = List.of(
            "echo $(rm -f keep.txt)",
            "sh -c 'rm -f keep.txt'",
            "env -i nohup timeout 5 rm -f keep.txt",
            "echo keep.txt | xargs rm -f",
            "bash <<'EOF'\nrm -f keep.txt\nEOF",
            "/bin/r? -f keep.txt",
            "eval 'r''m -f keep.txt' \"");

    @TempDir
    Path tmp;
    Path ws;
    final List<String> answers = new CopyOnWriteArrayList<>();

    @BeforeEach
    void workspace() throws Exception {
        ws = EngineFixture.workspace(tmp.resolve("ws"));
        Files.writeString(ws.resolve("keep.txt"), "precious");
        Files.writeString(Files.createDirectories(ws.resolve(".claude")).resolve("settings.json"),
                "{\"permissions\": {\"deny\": [\"Bash(rm:*)\"]}}");
    }

    private ChatMessage.Assistant attacker(ScriptedModel.Turn turn) {
        return switch (turn.role()) {
            case "planner" -> call("submit_plan", EngineFixture.plan(EngineFixture.task("t", "Clean up",
                    "general", List.of(), Map.of())));
            case "director" -> decide("stop", "done");
            case "synthesizer" -> report("Clean up", "# Clean up\n\ndone");
            default -> {
                if (turn.step() > 1) {
                    answers.add(turn.lastResult());
                }
                yield turn.step() <= BYPASSES.size()
                        ? call("bash", object().put("command", BYPASSES.get(turn.step() - 1)))
                        : submitResult(true, "tried");
            }
        };
    }

    @Test
    void everyWayOfHidingADeniedCommandIsRefusedAndTheFileStays() {
        ScriptedModel model = new ScriptedModel(this::attacker);
        RunDriver.Assembly assembly = builder -> builder.home(tmp.resolve("home"))
                .llm(model, EngineFixture.models(model).pricing());

        CliRunner.Result run = CliRunner.runCommand(new RunCommand(new Environment(Map.of(),
                tmp.resolve("user-config.yaml")), assembly), "clean up", "--run-id", "r1", "--workdir", ws.toString());

        assertThat(run.exit()).as(run.toString()).isZero();
        assertThat(ws.resolve("keep.txt")).hasContent("precious");
        assertThat(answers).hasSize(BYPASSES.size());
        assertThat(answers).allSatisfy(a -> assertThat(a).contains("refused by the rule Bash(rm:*)"));
        assertThat(answers.get(5)).contains("cannot be checked: the program is named by /bin/r?");
        assertThat(answers.get(6)).contains("cannot be checked: bash cannot parse it");
    }
}
