package dev.longtask.engine;

import static dev.longtask.testing.ScriptedModel.call;
import static dev.longtask.testing.ScriptedModel.decide;
import static dev.longtask.testing.ScriptedModel.report;
import static dev.longtask.testing.ScriptedModel.submitResult;
import static dev.longtask.testing.ScriptedModel.write;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.longtask.model.Budget;
import dev.longtask.model.RunStatus;
import dev.longtask.store.file.FileRunStore;
import dev.longtask.testing.EngineFixture;
import dev.longtask.testing.ScriptedModel;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Each kind of malformed plan goes back to the planner with the problem; it is never run. */
class PlanningTest {
    @TempDir
    Path dir;

    static final ObjectNode GOOD = EngineFixture.plan(
            EngineFixture.task("only", "The only task", "general", List.of(), Map.of()));

    static Stream<Arguments> malformedPlans() {
        return Stream.of(
                Arguments.of("unknown agent", EngineFixture.plan(
                        EngineFixture.task("a", "A", "wizard", List.of(), Map.of())),
                        "/tasks/0/agent: does not have a value in the enumeration [\"analyzer\", \"documenter\", "
                                + "\"general\", \"reviewer\", \"summarizer\"], got \"wizard\""),
                Arguments.of("unknown dependency", EngineFixture.plan(
                        EngineFixture.task("a", "A", "general", List.of("ghost"), Map.of())), "depends on 'ghost'"),
                Arguments.of("cycle", EngineFixture.plan(
                        EngineFixture.task("a", "A", "general", List.of("b"), Map.of()),
                        EngineFixture.task("b", "B", "general", List.of("a"), Map.of())), "cycle"),
                Arguments.of("output outside the workspace", EngineFixture.plan(
                        EngineFixture.task("a", "A", "general", List.of(), Map.of("x", "../../escape.md"))),
                        "outside the workspace"),
                Arguments.of("empty plan", EngineFixture.plan(), "no tasks"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("malformedPlans")
    void aMalformedPlanGoesBackToThePlannerWithItsProblem(String kind, ObjectNode bad, String problem) {
        ScriptedModel model = new ScriptedModel(turn -> switch (turn.role()) {
            case "planner" -> turn.step() == 1 ? call("submit_plan", bad) : call("submit_plan", GOOD);
            case "director" -> decide("stop", "done");
            case "synthesizer" -> report("R", "# R\n\nok");
            default -> submitResult(true, "did it");
        });
        RunOutcome outcome = EngineFixture.engine(EngineFixture.workspace(dir), model, EngineConfig.defaults(),
                RunObserver.NONE).start("goal", "run-1", Budget.UNLIMITED);

        assertThat(outcome.status()).as(outcome.reason()).isEqualTo(RunStatus.COMPLETED);
        ScriptedModel.Turn second = model.turns.stream().filter(t -> t.role().equals("planner") && t.step() == 2)
                .findFirst().orElseThrow();
        assertThat(second.lastResult()).contains(problem);
        assertThat(FileRunStore.read(dir, "run-1").tasks()).singleElement()
                .satisfies(t -> assertThat(t.subject()).isEqualTo("The only task"));
    }

    @Test
    void aPlannerThatNeverGetsItRightFailsTheRunClearly() {
        // Each attempt is wrong in a new way, as a model's retries are; none is ever accepted.
        ScriptedModel model = new ScriptedModel(turn -> turn.role().equals("planner")
                ? call("submit_plan", EngineFixture.plan(EngineFixture.task("a", "A", "wizard" + turn.step(), List.of(),
                Map.of()))) : null);
        RunOutcome outcome = EngineFixture.engine(EngineFixture.workspace(dir), model, EngineConfig.defaults(),
                RunObserver.NONE).start("goal", "run-2", Budget.UNLIMITED);

        assertThat(outcome.status()).isEqualTo(RunStatus.FAILED);
        assertThat(outcome.reason()).startsWith("planning failed").contains("refused").contains("\"wizard4\"");
        assertThat(model.calls("planner", "")).isEqualTo(Planner.MAX_REJECTIONS);
        assertThat(FileRunStore.read(dir, "run-2").tasks()).isEmpty();
    }

    @Test
    void dryRunStopsAfterTheEstimateAndResumeCarriesThePlanOut() {
        ScriptedModel model = new ScriptedModel(turn -> switch (turn.role()) {
            case "planner" -> call("submit_plan", GOOD);
            case "director" -> decide("stop", "done");
            case "synthesizer" -> report("R", "# R\n\nok");
            default -> submitResult(true, "did it");
        });
        RunEngine engine = EngineFixture.engine(EngineFixture.workspace(dir), model, EngineConfig.defaults(),
                RunObserver.NONE);
        RunOutcome planned = engine.plan("goal", "run-3", Budget.UNLIMITED);

        assertThat(planned.status()).isEqualTo(RunStatus.PAUSED);
        assertThat(planned.reason()).contains("dry run").contains("longtask resume run-3");
        assertThat(planned.estimate().tasks()).isEqualTo(1);
        assertThat(planned.estimate().costUsd()).isPositive();
        assertThat(model.calls("task", "The only task")).isZero();

        RunOutcome done = engine.resume("run-3", Budget.UNLIMITED);
        assertThat(done.status()).isEqualTo(RunStatus.COMPLETED);
        assertThat(model.calls("task", "The only task")).isEqualTo(1);
        assertThat(model.calls("planner", "")).isEqualTo(1);
    }

    @Test
    void thePlannerIsToldTheWorkspacesShapeTheAgentsStepsTheConcurrencyAndTheBudget() {
        ScriptedModel model = new ScriptedModel(turn -> call("submit_plan", GOOD));
        RunEngine engine = EngineFixture.engine(EngineFixture.workspace(dir), model,
                EngineConfig.defaults().withConcurrency(2), RunObserver.NONE);

        engine.plan("goal", "run-4", new Budget(200_000L, new java.math.BigDecimal("1.50"), 1_800L));

        String brief = model.turns.stream().filter(t -> t.role().equals("planner")).findFirst().orElseThrow().system();
        assertThat(brief).contains("The run works on up to 2 tasks at once; its budget is 200,000 tokens, $1.5, "
                + "30m at work: plan work that fits it")
                .containsPattern("- general: .*\\(tools: [a-z, ]+; at most \\d+ steps\\)")
                .contains("Directories (files under each, counting subdirectories, by extension):\nsrc/  2 files: .txt 2\n")
                .doesNotContain("about 30 tool calls");
    }

    @Test
    void aDependentTaskIsShownEachInputOnceAndToldItsDetailsSummariseItsOutputFiles() {
        com.fasterxml.jackson.databind.node.ObjectNode second = EngineFixture.task("b", "Second", "general",
                List.of("a"), Map.of("report", "out/b.md"));
        second.putObject("inputs").put("notes", "./out/a.md");
        ScriptedModel model = new ScriptedModel(turn -> switch (turn.role()) {
            case "planner" -> call("submit_plan", EngineFixture.plan(
                    EngineFixture.task("a", "First", "general", List.of(), Map.of("notes", "out/a.md")), second));
            case "director" -> decide("stop", "done");
            case "synthesizer" -> report("R", "# R");
            default -> turn.step() == 1
                    ? write(turn.subject().equals("First") ? "out/a.md" : "out/b.md", "text\n")
                    : submitResult(true, "done");
        });
        EngineFixture.engine(EngineFixture.workspace(dir), model, EngineConfig.defaults().withConcurrency(1),
                RunObserver.NONE).start("goal", "run-in", Budget.UNLIMITED);

        String system = model.turns.stream().filter(t -> t.subject().equals("Second")).findFirst().orElseThrow()
                .system();
        String inputs = system.substring(system.indexOf("Inputs ("), system.indexOf("Required outputs"));
        assertThat(inputs).contains("- notes: ./out/a.md", "- task_1_result: ").doesNotContain("task_1_notes");
        assertThat(inputs.split("out/a.md", -1)).hasSize(2);
        assertThat(system).contains("Required outputs (write each before you finish: success=true is refused while"
                + " one is missing; they hold your full result, which details only summarises, naming them):\n"
                + "- report: out/b.md\n");
    }

    @Test
    void aDependencysOutputTheTaskAlreadyListsIsNotListedTwice() {
        java.util.Map<String, String> inputs = new java.util.LinkedHashMap<>(java.util.Map.of("notes", "./notes/beta.md"));

        PlanBook.dependencyInputs(inputs, 2, ".longtask/runs/r/results/task_2/result.json",
                java.util.Map.of("beta", "notes/beta.md", "extra", "notes/extra.md"));

        assertThat(inputs).containsOnlyKeys("notes", "task_2_result", "task_2_extra");
    }
}
