package dev.longtask.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.longtask.model.RunStatus;
import dev.longtask.model.TaskDraft;
import dev.longtask.model.TaskStatus;
import dev.longtask.store.file.FileRunStore;
import dev.longtask.model.run.RunSnapshot;
import dev.longtask.store.file.RunWriter;
import dev.longtask.model.run.StoreOptions;
import dev.longtask.testing.ScriptedProvider;
import dev.longtask.testing.Waiting;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * SIGTERM stops a run resumably with exit 143; `longtask cancel` ends a run for good, stopping its process first,
 * which then says it was cancelled and exits 1.
 */
class SignalsAndCancelTest {
    @TempDir
    Path dir;

    private ScriptedProvider slowModel() throws Exception {
        return new ScriptedProvider(new ScriptedProvider.Options(0, 2, Duration.ofMinutes(5), null, 0, 0, null));
    }

    private Path workspace() throws Exception {
        Path ws = Files.createDirectories(dir.resolve("ws"));
        Files.writeString(ws.resolve("notes.txt"), "a note\n");
        return ws;
    }

    @Test
    void sigtermSavesAndExits143AndTheRunResumes() throws Exception {
        Path ws = workspace();
        try (ScriptedProvider slow = slowModel()) {
            Child run = Child.startRun(dir.resolve("home"), ws, "term", slow.baseUrl());
            Waiting.until(() -> slow.requests() >= 1, "the run reached the model");
            run.signal("TERM");
            Child.Result stopped = run.await();

            assertThat(stopped.exit()).as(stopped.toString()).isEqualTo(143);
            assertThat(stopped.out()).contains("terminated (SIGTERM)").contains("longtask resume term");
            RunSnapshot saved = FileRunStore.read(ws, "term");
            assertThat(saved.run().status()).isEqualTo(RunStatus.INTERRUPTED);
            assertThat(saved.run().statusReason()).isEqualTo("terminated (SIGTERM)");
        }
        // resumed from its planning: one task of the new plan is enough to see it through to completed
        try (ScriptedProvider model = new ScriptedProvider(new ScriptedProvider.Options(0, 1, Duration.ZERO, null, 0,
                0, null))) {
            Child.Result resumed = Child.run(dir.resolve("home"), Map.of(), "resume", "term",
                    "--base-url", model.baseUrl(), "--model", "openai:scripted", "-C", ws.toString());
            assertThat(resumed.exit()).as(resumed.toString()).isZero();
            assertThat(FileRunStore.read(ws, "term").run().status()).isEqualTo(RunStatus.COMPLETED);
        }
    }

    @Test
    void cancelStopsTheProcessRunningItThenEndsTheRunForGood() throws Exception {
        Path ws = workspace();
        try (ScriptedProvider slow = slowModel()) {
            Child run = Child.startRun(dir.resolve("home"), ws, "doomed", slow.baseUrl());
            Waiting.until(() -> slow.requests() >= 1, "the run reached the model");
            assertThat(RunWriter.livePid(ws, "doomed")).contains(run.pid());

            CliRunner.Result cancel = CliRunner.run("cancel", "doomed", "--reason", "wrong goal", "-C", ws.toString());
            assertThat(cancel.exit()).as(cancel.toString()).isZero();
            assertThat(cancel.out()).contains("stopping process " + run.pid()).contains("run doomed cancelled");
            Child.Result ended = run.await();
            assertThat(ended.exit()).as("cancelled is neither completed nor resumable: " + ended)
                    .isEqualTo(ExitCode.FAILED.code());
            assertThat(ended.out()).as("the run's own terminal says who cancelled it, and never to resume")
                    .containsPattern("run doomed: cancelled - cancelled by the user \\S+ at \\d\\d:\\d\\d:\\d\\d: wrong goal")
                    .doesNotContain("SIGTERM").doesNotContain("resume");
        }
        RunSnapshot cancelled = FileRunStore.read(ws, "doomed");
        assertThat(cancelled.run().status()).isEqualTo(RunStatus.CANCELLED);
        assertThat(cancelled.run().statusReason()).matches("cancelled by the user \\S+ at [0-9:]{8}: wrong goal");
        assertThat(cancelled.directory().resolve("cancel.request")).as("the request is withdrawn").doesNotExist();
        assertThat(RunWriter.livePid(ws, "doomed")).isEmpty();

        CliRunner.Result resume = CliRunner.run("resume", "doomed", "--model", "ollama:x", "-C", ws.toString());
        assertThat(resume.exit()).isEqualTo(ExitCode.USAGE.code());
        assertThat(resume.err()).contains("run doomed was cancelled").contains("cannot be resumed");
    }

    @Test
    void cancellingARunAtRestCancelsItsUnfinishedTasksAndKeepsTheFinished() throws Exception {
        Path ws = workspace();
        try (FileRunStore store = FileRunStore.create(ws, "idle", "g", null, null, StoreOptions.defaults())) {
            store.createTask(TaskDraft.of("done"));
            store.createTask(TaskDraft.of("waiting"));
            store.claim(1, "me");
            store.complete(1, "ok");
        }
        CliRunner.Result cancel = CliRunner.run("cancel", "idle", "-C", ws.toString());
        assertThat(cancel.exit()).as(cancel.toString()).isZero();
        assertThat(cancel.out()).contains("1 unfinished task cancelled").doesNotContain("stopping process");
        RunSnapshot run = FileRunStore.read(ws, "idle");
        assertThat(run.task(1).status()).isEqualTo(TaskStatus.COMPLETED);
        assertThat(run.task(2).status()).isEqualTo(TaskStatus.CANCELLED);
        assertThat(CliRunner.run("cancel", "idle", "-C", ws.toString()).out()).contains("already cancelled");
    }

    @Test
    void verboseLogsEachRequestAndDebugShowsHeadersWithTheKeyRedacted() throws Exception {
        String key = "sk-test-" + "very-secret-1234";
        try (ScriptedProvider model = new ScriptedProvider(ScriptedProvider.Options.defaults())) {
            Map<String, String> env = Map.of("OPENAI_API_KEY", key);
            Child.Result quiet = Child.run(dir.resolve("home"), env, "doctor", "--model", "openai:scripted",
                    "--base-url", model.baseUrl(), "-C", dir.toString());
            assertThat(quiet.exit()).as(quiet.toString()).isZero();
            assertThat(quiet.err()).doesNotContain("chat/completions");

            Child.Result verbose = Child.run(dir.resolve("home"), env, "doctor", "-v", "--model", "openai:scripted",
                    "--base-url", model.baseUrl(), "-C", dir.toString());
            assertThat(verbose.err()).containsPattern("POST " + model.baseUrl() + "/chat/completions -> 200 in [0-9.]+(ms|s) \\([0-9,]+ characters sent")
                    .doesNotContain(key).doesNotContain("Authorization");

            Child.Result debug = Child.run(dir.resolve("home"), env, "--debug", "doctor", "--model", "openai:scripted",
                    "--base-url", model.baseUrl(), "-C", dir.toString());
            assertThat(debug.err()).containsIgnoringCase("authorization=[[redacted]]").contains("pong")
                    .doesNotContain(key);
        }
    }
}
