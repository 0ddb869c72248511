package dev.longtask.engine;

import static dev.longtask.testing.ScriptedModel.call;
import static dev.longtask.testing.ScriptedModel.decide;
import static dev.longtask.testing.ScriptedModel.report;
import static dev.longtask.testing.ScriptedModel.submitResult;
import static org.assertj.core.api.Assertions.assertThat;

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

class FailureTest {
    @TempDir
    Path dir;

    @Test
    void oneFailingTaskNeverStopsTheOthersAndTheReportSaysSo() throws Exception {
        ScriptedModel model = new ScriptedModel(turn -> switch (turn.role()) {
            case "planner" -> call("submit_plan", EngineFixture.plan(
                    EngineFixture.task("ok1", "Works one", "general", List.of(), Map.of()),
                    EngineFixture.task("bad", "Breaks", "general", List.of(), Map.of()),
                    EngineFixture.task("ok2", "Works two", "general", List.of(), Map.of()),
                    EngineFixture.task("after", "Needs the broken one", "general", List.of("bad"), Map.of())));
            case "director" -> decide("continue", "the failure cannot be fixed by more work");
            case "synthesizer" -> report("Partial", "# Partial\n\nTask 'Breaks' failed: "
                    + (turn.system() + turn.request().messages()).contains("the input file is missing"));
            default -> turn.subject().equals("Breaks")
                    ? submitResult(false, "the input file is missing")
                    : submitResult(true, "fine");
        });
        RunOutcome outcome = EngineFixture.engine(EngineFixture.workspace(dir), model,
                EngineConfig.defaults().withConcurrency(1), RunObserver.NONE).start("goal", "run-f", Budget.UNLIMITED);

        assertThat(outcome.status()).isEqualTo(RunStatus.FAILED);
        assertThat(outcome.reason()).contains("1 of 4 tasks failed");
        RunSnapshot snap = FileRunStore.read(dir, "run-f");
        assertThat(snap.tasks()).extracting(Task::subject, Task::status).containsExactly(
                org.assertj.core.groups.Tuple.tuple("Works one", TaskStatus.COMPLETED),
                org.assertj.core.groups.Tuple.tuple("Breaks", TaskStatus.FAILED),
                org.assertj.core.groups.Tuple.tuple("Works two", TaskStatus.COMPLETED),
                org.assertj.core.groups.Tuple.tuple("Needs the broken one", TaskStatus.CANCELLED));
        assertThat(snap.task(2).error()).contains("the input file is missing");
        // The director was consulted after the failure and when the graph drained.
        assertThat(model.calls("director", "")).isEqualTo(2);
        String report = Files.readString(outcome.report());
        assertThat(report).contains("Task 'Breaks' failed: true").contains("[!] #2: Breaks")
                .contains("[-] #4: Needs the broken one");
        assertThat(Files.readString(outcome.directory().resolve("progress.md"))).contains("### Round 3");
        String synthesis = model.turns.stream().filter(t -> t.role().equals("synthesizer")).findFirst().orElseThrow()
                .request().messages().toString();
        assertThat(synthesis).contains("Below is every result of the run, in full", "success: false",
                "summary: the input file is missing").doesNotContain("duration_s", "input_tokens", "\"task_id\"");
    }

    @Test
    void theDirectorCanRetryAFailedTaskAndAddWork() {
        ScriptedModel model = new ScriptedModel(turn -> switch (turn.role()) {
            case "planner" -> call("submit_plan", EngineFixture.plan(
                    EngineFixture.task("flaky", "Flaky", "general", List.of(), Map.of())));
            case "director" -> turn.system().contains("[!] #1") || turn.request().messages().toString().contains("[!] #1")
                    ? retryAndAdd() : decide("stop", "done");
            case "synthesizer" -> report("R", "# R\n\nok");
            default -> turn.subject().equals("Flaky") && flakyCalls.getAndIncrement() == 0
                    ? submitResult(false, "first try fails") : submitResult(true, "fine");
        });
        RunOutcome outcome = EngineFixture.engine(EngineFixture.workspace(dir), model, EngineConfig.defaults(),
                RunObserver.NONE).start("goal", "run-r", Budget.UNLIMITED);

        assertThat(outcome.status()).as(outcome.reason()).isEqualTo(RunStatus.COMPLETED);
        RunSnapshot snap = FileRunStore.read(dir, "run-r");
        assertThat(snap.tasks()).extracting(Task::subject).containsExactly("Flaky", "Check the flaky result");
        assertThat(snap.task(1).attempts()).isEqualTo(2);
        assertThat(snap.task(2).inputs()).containsKey("task_1_result");
        // the roles are told the agents they may assign, and only those pass the schema
        for (String role : List.of("planner", "director")) {
            ScriptedModel.Turn turn = model.turns.stream().filter(t -> t.role().equals(role)).findFirst().orElseThrow();
            assertThat(turn.system()).contains("- general: ", "- reviewer: ").doesNotContain("- planner: ");
            assertThat(turn.request().tools()).extracting(dev.longtask.model.llm.ToolSpec::name).doesNotContain("note");
            String tasks = role.equals("planner") ? "tasks" : "add_tasks";
            assertThat(turn.request().tools().get(turn.request().tools().size() - 1).parameters()
                    .at("/properties/" + tasks + "/items/properties/agent/enum"))
                    .extracting(com.fasterxml.jackson.databind.JsonNode::asText)
                    .contains("general", "reviewer").doesNotContain("planner", "director", "synthesizer");
        }
        assertThat(model.turns.stream().filter(t -> t.role().equals("director")).findFirst().orElseThrow().system())
                .contains("retry_tasks");
    }

    @Test
    void theDirectorReadsWhatFailedAndNotTheAdviceTheTaskAgentGotForIt() {
        ScriptedModel model = new ScriptedModel(turn -> switch (turn.role()) {
            case "planner" -> call("submit_plan", EngineFixture.plan(
                    EngineFixture.task("lazy", "Claims it wrote", "general", List.of(), Map.of("notes", "out/n.md"))));
            case "director" -> decide("stop", "the task never wrote its notes");
            case "synthesizer" -> report("R", "# R\n\nnothing written");
            default -> submitResult(true, "wrote the notes");
        });
        EngineFixture.engine(EngineFixture.workspace(dir), model, EngineConfig.defaults().withConcurrency(1),
                RunObserver.NONE).start("goal", "run-d", Budget.UNLIMITED);

        ScriptedModel.Turn task = model.turns.stream().filter(t -> t.role().equals("task")).reduce((a, b) -> b)
                .orElseThrow();
        assertThat(task.lastResult()).startsWith("refused: required output file is missing: out/n.md (notes)")
                .contains("or call it with success=false");
        String director = model.turns.stream().filter(t -> t.role().equals("director")).findFirst().orElseThrow()
                .system();
        assertThat(director).contains("error: stuck: submit_result was refused 3 times for the same arguments: "
                + "required output file is "
                + "missing: out/n.md (notes)").doesNotContain("success=false");
    }

    private final java.util.concurrent.atomic.AtomicInteger flakyCalls = new java.util.concurrent.atomic.AtomicInteger();

    private static dev.longtask.model.llm.ChatMessage.Assistant retryAndAdd() {
        var args = ScriptedModel.object().put("action", "adjust").put("reason", "retry it and check it");
        args.putArray("retry_tasks").add(1);
        args.putArray("add_tasks").add(EngineFixture.task("check", "Check the flaky result", "general",
                List.of("#1"), Map.of()));
        return call("decide", args);
    }
}
