package dev.longtask.engine;

import static dev.longtask.testing.ScriptedModel.call;
import static dev.longtask.testing.ScriptedModel.decide;
import static dev.longtask.testing.ScriptedModel.report;
import static dev.longtask.testing.ScriptedModel.submitResult;
import static dev.longtask.testing.ScriptedModel.write;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.longtask.model.llm.ChatMessage;
import dev.longtask.model.Budget;
import dev.longtask.model.RunStatus;
import dev.longtask.model.Task;
import dev.longtask.model.TaskStatus;
import dev.longtask.store.file.FileRunStore;
import dev.longtask.model.run.RunSnapshot;
import dev.longtask.testing.EngineFixture;
import dev.longtask.testing.ScriptedModel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunEngineTest {
    @TempDir
    Path dir;

    static final Map<String, String> OUTPUTS = Map.of(
            "Summarise alpha", "notes/alpha.md",
            "Summarise beta", "notes/beta.md",
            "Combine the summaries", "notes/combined.md");

    /** Writes its declared output, then submits; the plan: alpha and beta in parallel, then combine. */
    static ChatMessage.Assistant happy(ScriptedModel.Turn turn) {
        return switch (turn.role()) {
            case "planner" -> call("submit_plan", EngineFixture.plan(
                    EngineFixture.task("alpha", "Summarise alpha", "general", List.of(), Map.of("notes", "notes/alpha.md")),
                    EngineFixture.task("beta", "Summarise beta", "general", List.of(), Map.of("notes", "notes/beta.md")),
                    EngineFixture.task("combine", "Combine the summaries", "general", List.of("alpha", "beta"),
                            Map.of("combined", "notes/combined.md"))));
            case "director" -> decide("stop", "every task met its criteria");
            case "synthesizer" -> report("Alpha and beta", "# Alpha and beta\n\nBoth files were summarised.");
            default -> turn.step() == 1 ? write(OUTPUTS.get(turn.subject()), "summary by " + turn.subject())
                    : submitResult(true, "done: " + turn.subject(), "finding from " + turn.subject());
        };
    }

    @Test
    void theHappyPathLeavesEveryFileOfTheRunDirectory() throws Exception {
        Path ws = EngineFixture.workspace(dir);
        ScriptedModel model = new ScriptedModel(RunEngineTest::happy);
        RunEngine engine = EngineFixture.engine(ws, model, EngineConfig.defaults().withConcurrency(2), RunObserver.NONE);

        RunOutcome outcome = engine.start("Summarise the two files", "run-happy", Budget.UNLIMITED);

        assertThat(outcome.status()).as(outcome.reason()).isEqualTo(RunStatus.COMPLETED);
        assertThat(outcome.estimate()).isNotNull();
        assertThat(outcome.estimate().tasks()).isEqualTo(3);
        Path run = outcome.directory();
        RunSnapshot snap = FileRunStore.read(ws, "run-happy");
        assertThat(snap.tasks()).extracting(Task::status).containsOnly(TaskStatus.COMPLETED);
        assertThat(snap.tasks()).extracting(Task::subject)
                .containsExactly("Summarise alpha", "Summarise beta", "Combine the summaries");
        Task combine = snap.task(3);
        assertThat(combine.inputs()).containsEntry("task_1_result", ".longtask/runs/run-happy/results/task_1/result.json")
                .containsEntry("task_2_notes", "notes/beta.md");
        for (String file : List.of("run.json", "events.jsonl", "task_plan.md", "findings.md", "progress.md",
                "report.md", "final_result.json", "tasks/task_1.json", "tasks/task_3.json",
                "results/task_1/result.json", "results/task_3/result.json", "transcripts/task_2.jsonl")) {
            assertThat(run.resolve(file)).as(file).isRegularFile();
        }
        assertThat(Files.readString(run.resolve("task_plan.md"))).contains("[x] #1: Summarise alpha")
                .contains("[x] #3: Combine the summaries");
        assertThat(Files.readString(run.resolve("findings.md"))).contains("finding from Summarise beta");
        assertThat(Files.readString(run.resolve("progress.md"))).contains("## Session").contains("### Round 1")
                .contains("### Round 2");
        assertThat(Files.readString(run.resolve("report.md"))).contains("Both files were summarised")
                .contains("[x] #2: Summarise beta");
        JsonNode fin = ScriptedModel.JSON.readTree(run.resolve("final_result.json").toFile());
        assertThat(fin.path("tasks")).hasSize(3);
        assertThat(fin.path("synthesized").asBoolean()).isTrue();
        JsonNode result = ScriptedModel.JSON.readTree(run.resolve("results/task_1/result.json").toFile());
        assertThat(result.path("success").asBoolean()).isTrue();
        assertThat(result.path("summary").asText()).isEqualTo("done: Summarise alpha");
        assertThat(Files.readString(ws.resolve("notes/combined.md"))).isEqualTo("summary by Combine the summaries");
        // Downstream tasks get paths, not pasted contents.
        ScriptedModel.Turn combineTurn = model.turns.stream()
                .filter(t -> t.subject().equals("Combine the summaries")).findFirst().orElseThrow();
        assertThat(combineTurn.system()).contains("results/task_1/result.json").doesNotContain("summary by Summarise alpha");
        // Each task ran once: two calls each (write, submit).
        for (String subject : OUTPUTS.keySet()) {
            assertThat(model.calls("task", subject)).as(subject).isEqualTo(2);
        }
        // 3 tasks x 2 calls + planner + director + synthesizer, all counted in the run's usage.
        assertThat(snap.run().usage().inputTokens()).isEqualTo(9 * ScriptedModel.CALL_USAGE.inputTokens());
        assertThat(snap.task(1).usage().inputTokens()).isEqualTo(2 * ScriptedModel.CALL_USAGE.inputTokens());
        // The report and final_result.json count the same calls, the synthesizer's own last one included.
        long input = snap.run().usage().inputTokens();
        assertThat(fin.path("usage").path("input_tokens").isNumber()).isTrue();
        assertThat(fin.path("usage").path("input_tokens").asLong()).isEqualTo(input);
        assertThat(Files.readString(run.resolve("report.md")))
                .contains("- tokens: " + dev.longtask.model.Counts.full(input) + " in, ");
    }
}
