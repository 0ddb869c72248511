package dev.longtask.engine;

import static dev.longtask.testing.ScriptedModel.call;
import static dev.longtask.testing.ScriptedModel.decide;
import static dev.longtask.testing.ScriptedModel.report;
import static dev.longtask.testing.ScriptedModel.submitResult;
import static dev.longtask.testing.ScriptedModel.write;
import static org.assertj.core.api.Assertions.assertThat;

import dev.longtask.model.llm.ChatMessage;
import dev.longtask.model.Budget;
import dev.longtask.model.RunStatus;
import dev.longtask.model.TaskStatus;
import dev.longtask.store.file.FileRunStore;
import dev.longtask.model.run.RunSnapshot;
import dev.longtask.model.run.StoreOptions;
import dev.longtask.testing.EngineFixture;
import dev.longtask.testing.RunFixtures;
import dev.longtask.testing.ScriptedModel;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a resume promises: failed work comes back whole, a stop is a stop, an ended run is left alone. */
class ResumePromisesTest {
    @TempDir
    Path dir;

    /** Make the list, sort it (waits for the list), write a note; the list fails while {@code listFails}. */
    static ChatMessage.Assistant lists(ScriptedModel.Turn turn, boolean listFails, String directorAction) {
        return switch (turn.role()) {
            case "planner" -> call("submit_plan", EngineFixture.plan(
                    EngineFixture.task("a", "Make the list", "general", List.of(), Map.of("out", "out/list.md")),
                    EngineFixture.task("b", "Sort the list", "general", List.of("a"), Map.of("out", "out/sorted.md")),
                    EngineFixture.task("c", "Write a note", "general", List.of(), Map.of("out", "out/note.md"))));
            case "director" -> decide(directorAction, "as the script says");
            case "synthesizer" -> report("Lists", "# Lists\n\nwhat the tasks did");
            default -> switch (turn.subject()) {
                case "Make the list" -> listFails ? submitResult(false, "the source of the list was unreachable")
                        : turn.step() == 1 ? write("out/list.md", "b\na") : submitResult(true, "made the list");
                case "Sort the list" -> turn.step() == 1 ? write("out/sorted.md", "a\nb") : submitResult(true, "sorted");
                case "Write a note" -> turn.step() == 1 ? write("out/note.md", "a note") : submitResult(true, "noted");
                default -> null;
            };
        };
    }

    private static RunEngine engine(Path workspace, ScriptedModel model) {
        return EngineFixture.engine(workspace, model, EngineConfig.defaults(), RunObserver.NONE);
    }

    @Test
    void resumingAFailedRunRetriesTheFailedTaskAndRunsTheTasksCancelledBecauseOfIt() {
        ScriptedModel failing = new ScriptedModel(t -> lists(t, true, "continue"));
        RunOutcome failed = engine(EngineFixture.workspace(dir), failing).start("lists", "r", Budget.UNLIMITED);
        assertThat(failed.status()).isEqualTo(RunStatus.FAILED);
        assertThat(FileRunStore.read(dir, "r").task(2).status()).isEqualTo(TaskStatus.CANCELLED);

        ScriptedModel working = new ScriptedModel(t -> lists(t, false, "continue"));
        RunOutcome resumed = engine(dir, working).resume("r", Budget.UNLIMITED);

        assertThat(resumed.status()).as(resumed.reason()).isEqualTo(RunStatus.COMPLETED);
        RunSnapshot after = FileRunStore.read(dir, "r");
        assertThat(after.tasks()).extracting(t -> t.status()).containsOnly(TaskStatus.COMPLETED);
        assertThat(working.calls("task", "Sort the list")).isEqualTo(2);
        assertThat(working.calls("task", "Write a note")).as("completed work never runs again").isZero();
        assertThat(dir.resolve("out/sorted.md")).hasContent("a\nb");
    }

    @Test
    void aFailedRunMadeBeforeTheChangeResumesWithItsCancelledDependentRunning() throws IOException {
        Path workspace = RunFixtures.formatOne(dir);
        ScriptedModel working = new ScriptedModel(t -> lists(t, false, "continue"));

        RunOutcome resumed = engine(workspace, working).resume("fixture-failed", Budget.UNLIMITED);

        assertThat(resumed.status()).as(resumed.reason()).isEqualTo(RunStatus.COMPLETED);
        assertThat(FileRunStore.read(workspace, "fixture-failed").task(2).status()).isEqualTo(TaskStatus.COMPLETED);
        assertThat(workspace.resolve("out/sorted.md")).exists();
        assertThat(working.calls("task", "Write a note")).isZero();
    }

    @Test
    void aRunIsCompletedOnlyWhenTheTasksCancelledBecauseOfAFailureRan() {
        // The director retries nothing; the list fails again on resume, so its dependent never runs.
        ScriptedModel failing = new ScriptedModel(t -> lists(t, true, "continue"));
        engine(EngineFixture.workspace(dir), failing).start("lists", "r", Budget.UNLIMITED);
        RunOutcome again = engine(dir, new ScriptedModel(t -> lists(t, true, "continue"))).resume("r", Budget.UNLIMITED);

        assertThat(again.status()).isEqualTo(RunStatus.FAILED);
        assertThat(again.reason()).contains("1 of 3 tasks failed", "1 could not run because of them");
    }

    @Test
    void theDirectorIsToldTheTruthAboutCancelledTasks() throws IOException {
        ScriptedModel model = new ScriptedModel(t -> lists(t, false, "continue"));
        RunEngine engine = engine(EngineFixture.workspace(dir), model);
        engine.plan("lists", "r", Budget.UNLIMITED);
        try (FileRunStore store = FileRunStore.open(dir, "r", StoreOptions.defaults().withSecrets(List.of()))) {
            store.cancel(2, "not needed after all");
        }

        RunOutcome done = engine.resume("r", Budget.UNLIMITED);

        assertThat(done.status()).as("a task cancelled on purpose does not fail the run").isEqualTo(RunStatus.COMPLETED);
        List<String> briefs = new ArrayList<>();
        model.turns.stream().filter(t -> t.role().equals("director")).forEach(t -> briefs.add(t.system()));
        assertThat(briefs).isNotEmpty().allSatisfy(b -> assertThat(b).doesNotContain("successfully")
                .contains("2 of 3 completed", "1 cancelled"));
    }

    @Test
    void afterTheDirectorStopsTheRunNoFurtherRoundIsOpened() {
        ScriptedModel model = new ScriptedModel(t -> lists(t, true, "stop"));

        RunOutcome stopped = engine(EngineFixture.workspace(dir), model).start("lists", "r", Budget.UNLIMITED);

        assertThat(stopped.status()).isEqualTo(RunStatus.FAILED);
        assertThat(model.calls("director", "")).isEqualTo(1);
        RunSnapshot run = FileRunStore.read(dir, "r");
        assertThat(run.run().round()).isEqualTo(2);
        assertThat(run.task(2).status()).isEqualTo(TaskStatus.CANCELLED);
    }

    @Test
    void aCrashBetweenTheReportAndTheFinalStatusDoesNotRunTheDirectorAndSynthesizerAgain() throws IOException {
        ScriptedModel model = new ScriptedModel(t -> lists(t, false, "continue"));
        RunOutcome done = engine(EngineFixture.workspace(dir), model).start("lists", "r", Budget.UNLIMITED);
        assertThat(done.status()).isEqualTo(RunStatus.COMPLETED);
        Path run = dir.resolve(".longtask/runs/r");
        RunFixtures.cutLastEvent(run, "run.status");

        ScriptedModel after = new ScriptedModel(t -> lists(t, false, "continue"));
        RunOutcome resumed = engine(dir, after).resume("r", Budget.UNLIMITED);

        assertThat(resumed.status()).isEqualTo(RunStatus.COMPLETED);
        assertThat(after.turns).as("no role and no task is asked again").isEmpty();
        assertThat(resumed.report()).isEqualTo(run.resolve("report.md"));
    }

    @Test
    void resumingACompletedRunSaysThereIsNothingToDoAndChangesNothing() throws IOException {
        ScriptedModel model = new ScriptedModel(t -> lists(t, false, "continue"));
        RunEngine engine = engine(EngineFixture.workspace(dir), model);
        engine.start("lists", "r", Budget.UNLIMITED);
        Path log = dir.resolve(".longtask/runs/r/events.jsonl");
        byte[] before = Files.readAllBytes(log);
        int calls = model.turns.size();

        RunOutcome again = engine.resume("r", new Budget(10L, null, null));

        assertThat(again.nothingToDo()).isTrue();
        assertThat(again.status()).isEqualTo(RunStatus.COMPLETED);
        assertThat(Files.readAllBytes(log)).isEqualTo(before);
        assertThat(model.turns).hasSize(calls);
    }

    @Test
    void silentRepairsAreSaidOnceAndRecordedAsEvents() throws IOException {
        RunEngine engine = engine(EngineFixture.workspace(dir), new ScriptedModel(t -> lists(t, false, "continue")));
        engine.plan("lists", "r", Budget.UNLIMITED);
        Path run = dir.resolve(".longtask/runs/r");
        Files.writeString(run.resolve("events.jsonl"), "{\"seq\":99,\"ti", java.nio.file.StandardOpenOption.APPEND);
        Files.writeString(run.resolve("tasks/task_9.json"), "{}");
        Files.createDirectories(run.resolve("results/task_1"));
        Files.writeString(run.resolve("results/task_1/result.json"), "{\"summary\":\"from a lost session\"}");

        List<String> first;
        try (EngineSession session = engine.open("r", Resumption.NONE)) {
            first = session.repairs();
        }
        List<String> second;
        try (EngineSession session = engine.open("r", Resumption.NONE)) {
            second = session.repairs();
        }

        assertThat(first).hasSize(3);
        assertThat(first.get(0)).contains("torn last line");
        assertThat(first.get(1)).contains("tasks/task_9.json");
        assertThat(first.get(2)).contains("results/task_1/result.json", "runs again");
        assertThat(second).as("said once").isEmpty();
        List<dev.longtask.model.Event> recorded = FileRunStore.events(dir, "r", 0).stream()
                .filter(e -> e.type().equals("run.repaired")).toList();
        assertThat(recorded).hasSize(1);
        assertThat(recorded.get(0).data().path("repairs")).hasSize(3);
    }
}
