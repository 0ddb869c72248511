package dev.longtask.api;

import static org.assertj.core.api.Assertions.assertThat;

import dev.longtask.model.Budget;
import dev.longtask.model.RunStatus;
import dev.longtask.model.TaskStatus;
import dev.longtask.model.run.FsyncPolicy;
import dev.longtask.model.run.RunSnapshot;
import dev.longtask.testing.EngineFixture;
import dev.longtask.testing.RunFixtures;
import dev.longtask.testing.ScriptedModel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs written before this version (kept as a fixture: src/test/resources/fixtures/format-1) read and resume: the run
 * directory's format did not change, and the settings they did not record are recorded on their first resume.
 */
class OldRunsTest {
    @TempDir
    Path tmp;

    @Test
    void aPausedRunMadeBeforeTheRuntimeChangeResumesAndFinishesWithoutRedoingItsWork() throws Exception {
        Path workspace = RunFixtures.formatOne(tmp);
        byte[] runJson = Files.readAllBytes(workspace.resolve(".longtask/runs/fixture-paused/run.json"));
        ScriptedModel model = new ScriptedModel(dev.longtask.engine.StopAndResumeTestScript::chain);
        try (Longtask longtask = Longtask.builder().workspace(workspace).home(tmp.resolve("home"))
                .environment(Map.of()).llm(model, EngineFixture.models(model).pricing()).fsync(FsyncPolicy.NONE)
                .build()) {
            Snapshot before = longtask.runs().snapshot("fixture-paused");
            assertThat(before.figures().status()).isEqualTo(RunStatus.PAUSED);
            assertThat(before.figures().completed()).isEqualTo(1);
            assertThat(before.settings().concurrency()).as("not recorded by that version").isNull();
            assertThat(Files.readAllBytes(workspace.resolve(".longtask/runs/fixture-paused/run.json")))
                    .as("reading changes nothing").isEqualTo(runJson);

            RunHandle resumed = longtask.resume(ResumeRequest.of("fixture-paused")
                    .withBudget(new Budget(1_000_000L, null, null)));
            Outcome outcome = resumed.await();

            assertThat(outcome.status()).as(outcome.reason()).isEqualTo(RunStatus.COMPLETED);
            assertThat(longtask.runs().tasks("fixture-paused")).extracting(t -> t.status())
                    .containsOnly(TaskStatus.COMPLETED);
            assertThat(model.calls("task", "Step one")).as("a completed task never runs again").isZero();
            assertThat(model.calls("planner", "")).isZero();
            assertThat(resumed.settingsChanged()).containsKeys("concurrency", "approval", "sandbox");
            Snapshot after = longtask.runs().snapshot("fixture-paused");
            assertThat(after.settings().concurrency()).isEqualTo(3);
            assertThat(workspace.resolve("out/4.md")).hasContent("Step four");
        }
    }

    @Test
    void aPausedRunMadeBeforeTheStoreTookOverEveryReadKeepsItsHistoryAndResumes() throws Exception {
        Path workspace = RunFixtures.formatTwo(tmp);
        RunSnapshot before = Stores.files().read(workspace, "fixture-paused");
        assertThat(before.history().sessionConcurrency()).isEqualTo(2);
        assertThat(before.history().firstPlan().seconds()).as("its plan's estimate").isEqualTo(480L);
        assertThat(before.history().activeTime()).as("08:12:22.372 to 08:12:25.901")
                .isEqualTo(java.time.Duration.ofMillis(3_529));
        ScriptedModel model = new ScriptedModel(dev.longtask.engine.StopAndResumeTestScript::chain);
        try (Longtask longtask = Longtask.builder().workspace(workspace).home(tmp.resolve("home"))
                .environment(Map.of()).llm(model, EngineFixture.models(model).pricing()).fsync(FsyncPolicy.NONE)
                .build()) {
            Outcome outcome = longtask.resume(ResumeRequest.of("fixture-paused")
                    .withBudget(new Budget(1_000_000L, null, null))).await();

            assertThat(outcome.status()).as(outcome.reason()).isEqualTo(RunStatus.COMPLETED);
            assertThat(model.calls("task", "Step one")).as("a completed task never runs again").isZero();
            assertThat(model.calls("planner", "")).isZero();
        }
        RunSnapshot after = Stores.files().read(workspace, "fixture-paused");
        assertThat(after.history().firstPlan()).as("the first plan's, from the old session").isEqualTo(
                before.history().firstPlan());
        assertThat(after.history().sessionConcurrency()).as("recorded, and said by the new session").isEqualTo(2);
        assertThat(after.history().activeTime()).isGreaterThan(before.history().activeTime());
        assertThat(workspace.resolve("out/4.md")).hasContent("Step four");
    }
}
