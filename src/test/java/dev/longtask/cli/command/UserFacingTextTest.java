package dev.longtask.cli.command;

import static dev.longtask.testing.ScriptedModel.call;
import static dev.longtask.testing.ScriptedModel.decide;
import static dev.longtask.testing.ScriptedModel.report;
import static dev.longtask.testing.ScriptedModel.submitResult;
import static dev.longtask.testing.ScriptedModel.write;
import static org.assertj.core.api.Assertions.assertThat;

import dev.longtask.cli.CliRunner;
import dev.longtask.model.config.Environment;
import dev.longtask.model.llm.ChatMessage;
import dev.longtask.model.llm.ChatRequest;
import dev.longtask.model.llm.ChatResponse;
import dev.longtask.model.llm.LlmClient;
import dev.longtask.model.llm.Pricing;
import dev.longtask.model.RunStatus;
import dev.longtask.model.Usage;
import dev.longtask.store.file.FileRunStore;
import dev.longtask.testing.EngineFixture;
import dev.longtask.testing.ScriptedModel;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a user reads on the command line while a run goes and after it: every line says what happened. */
class UserFacingTextTest {
    @TempDir
    Path tmp;
    Path ws;

    @BeforeEach
    void workspace() {
        ws = EngineFixture.workspace(tmp.resolve("ws"));
    }

    private CliRunner.Result run(Function<ScriptedModel.Turn, ChatMessage.Assistant> script, String... args) {
        ScriptedModel model = new ScriptedModel(script::apply);
        return runWith(b -> b.home(tmp.resolve("home")).llm(model, EngineFixture.models(model).pricing()), args);
    }

    private CliRunner.Result runWith(RunDriver.Assembly scripted, String... args) {
        RunCommand command = new RunCommand(new Environment(Map.of(), tmp.resolve("user-config.yaml")), scripted);
        return CliRunner.runCommand(command, Stream.concat(Stream.of(args), Stream.of("--workdir", ws.toString()))
                .toArray(String[]::new));
    }

    @Test
    void aDirectorThatCouldNotDecideIsSaidOnTheTerminalAndTheRunGoesOn() throws Exception {
        CliRunner.Result run = run(turn -> switch (turn.role()) {
            case "planner" -> call("submit_plan", EngineFixture.plan(EngineFixture.task("w", "Write a file",
                    "general", List.of(), Map.of("a", "out/a.md"))));
            case "director" -> decide("bogus", "an action the director does not have");
            case "synthesizer" -> report("One file", "# One file\n\nwritten");
            default -> turn.step() == 1 ? write("out/a.md", "first") : submitResult(true, "wrote it");
        }, "write a file", "--run-id", "undecided");
        assertThat(run.exit()).as(run.toString()).isZero();
        assertThat(FileRunStore.read(ws, "undecided").run().status()).isEqualTo(RunStatus.COMPLETED);
        assertThat(run.out()).containsPattern("problem: round \\d+: the director could not decide; the run goes on as"
                + " planned \\(");
    }

    @Test
    void theCostOfAModelWithoutAPriceIsUnknownFromTheFirstLineOn() {
        ScriptedModel scripted = new ScriptedModel(UserFacingTextTest::oneFile);
        LlmClient unpriced = new LlmClient() {
            @Override
            public ChatResponse chat(ChatRequest request) {
                ChatResponse r = scripted.chat(request);
                Usage u = r.usage();
                return new ChatResponse(r.message(), Usage.unpriced(u.inputTokens(), u.outputTokens(), 0, 0),
                        r.finishReason());
            }

            @Override
            public String modelSpec() {
                return scripted.modelSpec();
            }

            @Override
            public int contextWindowTokens() {
                return scripted.contextWindowTokens();
            }
        };
        CliRunner.Result run = runWith(b -> b.home(tmp.resolve("home")).llm(unpriced, Pricing.unknown()),
                "write a file");
        assertThat(run.exit()).as(run.toString()).isZero();
        List<String> progress = run.out().lines().filter(l -> l.contains(" | cost ")).toList();
        assertThat(progress).isNotEmpty().allMatch(l -> l.endsWith("| cost unknown]"));
    }

    static ChatMessage.Assistant oneFile(ScriptedModel.Turn turn) {
        return switch (turn.role()) {
            case "planner" -> call("submit_plan", EngineFixture.plan(EngineFixture.task("w", "Write a file",
                    "general", List.of(), Map.of("a", "out/a.md"))));
            case "director" -> decide("stop", "the file is written");
            case "synthesizer" -> report("One file", "# One file\n\nwritten");
            default -> turn.step() == 1 ? write("out/a.md", "first") : submitResult(true, "wrote it");
        };
    }
}
