package dev.longtask.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.longtask.model.ApprovalMode;
import dev.longtask.model.SandboxMode;
import dev.longtask.store.file.FileRunStore;
import dev.longtask.testing.ScriptedProvider;
import dev.longtask.testing.Waiting;
import dev.longtask.tools.Sandbox;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run's log edited outside longtask (by hand here, as a person, a process outside the sandbox or an agent of an
 * older longtask could) disagrees with the seal the store keeps beside it, so a resume does not take a looser setting
 * from it: it names the edit in one line and goes on confined. Real processes against the scripted model over HTTP.
 */
class SealedRunCliTest {
    /** The task agent's one command: a file inside the workspace, and one outside it where only unconfined bash reaches. */
    private static final String GOAL = "Escape. CALL bash {\"command\": \"echo ran > inside.txt; echo escaped > ../OUT\"}";

    /** One task: the edit is caught as the resume opens the log, and one task's bash shows where bash runs. */
    private static final ScriptedProvider.Options ONE_TASK = new ScriptedProvider.Options(0, 1, Duration.ZERO, null,
            0, 0, null);

    @TempDir
    Path dir;

    @Test
    void aKilledRunWhoseLogWasEditedToSandboxOffResumesConfinedAndSaysTheLogWasChanged() throws Exception {
        Path ws = Files.createDirectories(dir.resolve("ws"));
        Path home = Files.createDirectories(dir.resolve("home"));
        Files.writeString(ws.resolve("notes.txt"), "a note\n");
        Path log = ws.resolve(".longtask/runs/sealed/events.jsonl");
        try (ScriptedProvider model = new ScriptedProvider(ONE_TASK)) {
            model.latency(Duration.ofSeconds(2));
            Child first = Child.start(home, Map.of(), "run", GOAL, "--run-id", "sealed", "--base-url", model.baseUrl(),
                    "--model", "openai:scripted", "-C", ws.toString());
            Waiting.until(() -> read(log).contains("\"sandbox\":\"auto\""), "the run recorded its sandbox");
            first.kill();
            model.latency(Duration.ZERO);
            assertThat(ws.resolve(".longtask/runs/sealed/events.seal")).exists();
            Files.writeString(log, read(log).replace("\"sandbox\":\"auto\"", "\"sandbox\":\"off\""));
            assertThat(FileRunStore.read(ws, "sealed").run().recordedSettings().sandbox()).isEqualTo(SandboxMode.OFF);

            Child.Result resumed = Child.run(home, Map.of(), "resume", "sealed", "--base-url", model.baseUrl(),
                    "--model", "openai:scripted", "-C", ws.toString());

            assertThat(resumed.exit()).as(resumed.toString()).isZero();
            assertThat(resumed.err()).contains("the log of run sealed was changed outside longtask (line 1 is not the "
                    + "line the store wrote)").contains("sandbox: off (bash stays confined)").contains("--sandbox off");
            assertThat(FileRunStore.read(ws, "sealed").permissions().shell()).isNotEqualTo("unconfined");
            assertThat(FileRunStore.read(ws, "sealed").run().recordedSettings().sandbox()).isEqualTo(SandboxMode.AUTO);
            assertThat(dir.resolve("OUT")).as("bash ran confined: nothing outside the workspace").doesNotExist();
            if (Sandbox.detect(System.getenv()).isolated()) {
                assertThat(ws.resolve("inside.txt")).as("bash ran, in its sandbox").hasContent("ran");
            }
        }
    }

    @Test
    void aLogEditedFromAskToAutoKeepsAskingAndALogTheStoreWroteResumesWithoutAWord() throws Exception {
        Path ws = Files.createDirectories(dir.resolve("ws"));
        Path home = Files.createDirectories(dir.resolve("home"));
        Files.writeString(ws.resolve("notes.txt"), "a note\n");
        try (ScriptedProvider model = new ScriptedProvider(ONE_TASK)) {
            // without a terminal, the question bash asks pauses the run
            Child.Result asked = Child.run(home, Map.of(), "run", GOAL, "--run-id", "ask", "--approval", "ask",
                    "--base-url", model.baseUrl(), "--model", "openai:scripted", "-C", ws.toString());
            assertThat(asked.exit()).as(asked.toString()).isEqualTo(ExitCode.PAUSED.code());
            Child.Result honest = Child.run(home, Map.of(), "resume", "ask", "--base-url", model.baseUrl(),
                    "--model", "openai:scripted", "-C", ws.toString());
            assertThat(honest.exit()).as(honest.toString()).isEqualTo(ExitCode.PAUSED.code());
            assertThat(honest.err()).doesNotContain("outside longtask").doesNotContain("not sealed");

            Path log = ws.resolve(".longtask/runs/ask/events.jsonl");
            Files.writeString(log, read(log).replace("\"approval\":\"ask\"", "\"approval\":\"auto\""));
            // and the checkpoints, which would otherwise stand for the lines before them, go
            try (java.util.stream.Stream<Path> checkpoints = Files.list(log.resolveSibling("checkpoints"))) {
                for (Path checkpoint : checkpoints.toList()) {
                    Files.delete(checkpoint);
                }
            }
            assertThat(FileRunStore.read(ws, "ask").run().recordedSettings().approval()).isEqualTo(ApprovalMode.AUTO);

            Child.Result resumed = Child.run(home, Map.of(), "resume", "ask", "--base-url", model.baseUrl(),
                    "--model", "openai:scripted", "-C", ws.toString());

            assertThat(resumed.err()).contains("the log of run ask was changed outside longtask")
                    .contains("approval: auto (ask is used)");
            assertThat(resumed.exit()).as(resumed.toString()).isEqualTo(ExitCode.PAUSED.code());
            assertThat(FileRunStore.read(ws, "ask").run().recordedSettings().approval()).isEqualTo(ApprovalMode.ASK);
            assertThat(ws.resolve("inside.txt")).as("bash still waits for a person").doesNotExist();
        }
    }

    private static String read(Path file) {
        try {
            return Files.exists(file) ? Files.readString(file) : "";
        } catch (java.io.IOException e) {
            return "";
        }
    }
}
