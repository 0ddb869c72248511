package dev.longtask.cli.command;

import static dev.longtask.testing.ScriptedModel.call;
import static dev.longtask.testing.ScriptedModel.decide;
import static dev.longtask.testing.ScriptedModel.object;
import static dev.longtask.testing.ScriptedModel.report;
import static dev.longtask.testing.ScriptedModel.submitResult;
import static org.assertj.core.api.Assertions.assertThat;

import dev.longtask.cli.CliRunner;
import dev.longtask.config.Environment;
import dev.longtask.testing.EngineFixture;
import dev.longtask.testing.ScriptedModel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code run --isolation worktree} from the command line: the mode reaches the run, which records it (what a resume
 * reads), and the task's shell works in the task's own tree, whose work is merged when it completes.
 */
class IsolationCliTest {
    @TempDir
    Path tmp;

    @Test
    void runWithIsolationWorktreeRecordsItAndRunsTheTaskInItsOwnTree() throws Exception {
        Path ws = EngineFixture.workspace(tmp.resolve("ws"));
        ScriptedModel model = new ScriptedModel(turn -> switch (turn.role()) {
            case "planner" -> call("submit_plan", EngineFixture.plan(EngineFixture.task("t", "Say where", "general",
                    List.of(), Map.of())));
            case "director" -> decide("stop", "done");
            case "synthesizer" -> report("Where", "# Where\n\nhere");
            default -> turn.step() == 1 ? call("bash", object().put("command", "pwd > where.txt"))
                    : submitResult(true, "said");
        });

        CliRunner.Result run = run(model, "iso1", "--isolation", "worktree");

        assertThat(run.exit()).as(run.toString()).isZero();
        assertThat(Files.readString(ws.resolve("where.txt")).strip()).as("merged from the task's tree")
                .endsWith(".longtask/shadow/worktrees/iso1/task-1");
        assertThat(Files.readString(ws.resolve(".longtask/runs/iso1/run.json")))
                .containsPattern("\"isolation\"\\s*:\\s*\"worktree\"");
        assertThat(ws.resolve(".longtask/shadow/worktrees/iso1")).as("the run's folder goes with its last tree")
                .doesNotExist();
    }

    @Test
    void anUnknownIsolationIsAUsageError() {
        CliRunner.Result run = run(new ScriptedModel(turn -> submitResult(true, "never")), "iso2",
                "--isolation", "separate");

        assertThat(run.exit()).as(run.toString()).isEqualTo(2);
        assertThat(run.err()).contains("--isolation must be shared or worktree, not 'separate'");
        assertThat(tmp.resolve("ws/.longtask/runs/iso2")).doesNotExist();
    }

    private CliRunner.Result run(ScriptedModel model, String runId, String... flags) {
        RunDriver.Assembly assembly = builder -> builder.home(tmp.resolve("home"))
                .llm(model, EngineFixture.models(model).pricing());
        List<String> args = new java.util.ArrayList<>(List.of("say where", "--run-id", runId, "--sandbox", "off",
                "--workdir", tmp.resolve("ws").toString()));
        args.addAll(List.of(flags));
        return CliRunner.runCommand(new RunCommand(new Environment(Map.of("PATH", "/usr/bin:/bin"),
                tmp.resolve("user-config.yaml")), assembly), args.toArray(String[]::new));
    }
}
