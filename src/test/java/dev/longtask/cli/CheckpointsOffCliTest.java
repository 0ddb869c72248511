package dev.longtask.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.longtask.model.RunStatus;
import dev.longtask.store.file.FileRunStore;
import dev.longtask.testing.ChildJvm;
import dev.longtask.testing.ScriptedProvider;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A workspace where checkpoints cannot work runs with them off and says so once, on the terminal and as one
 * {@code checkpoints.off} event: one larger than the limits its config.yaml sets, and one on a read-only mount
 * (made with bubblewrap; only the run directories are writable).
 */
class CheckpointsOffCliTest {
    /** One task is enough: what is under test is said before the first task starts. */
    private static final ScriptedProvider.Options ONE_TASK = new ScriptedProvider.Options(0, 1, Duration.ZERO, null,
            0, 0, null);

    @TempDir
    Path dir;

    @Test
    void aWorkspaceOverTheLimitsItsConfigSetsRunsWithCheckpointsOff() throws Exception {
        Path ws = workspace("big");
        Files.writeString(ws.resolve("more.txt"), "more\n");
        Files.writeString(ws.resolve("most.txt"), "most\n");
        Files.writeString(ws.resolve(".longtask/config.yaml"), "checkpoint:\n  max_files: 2\n");
        try (ScriptedProvider model = new ScriptedProvider(ONE_TASK)) {
            String out = run(ws, List.of(), model);
            assertOffOnce(ws, out, "checkpoints are off: the workspace has more than 2 files to keep (raise "
                    + "checkpoint.max_files or checkpoint.max_bytes in .longtask/config.yaml");
            assertThat(FileRunStore.readRun(ws, "off").status()).isEqualTo(RunStatus.COMPLETED);
        }
        Files.writeString(ws.resolve(".longtask/config.yaml"), "checkpoint:\n  max_bytes: 1MB\n");
        try (ScriptedProvider model = new ScriptedProvider(ONE_TASK)) {
            String out = run(ws, List.of(), model, "on");
            assertThat(out).doesNotContain("checkpoints are off");
            assertThat(ws.resolve(".longtask/shadow/journal/on.jsonl")).as("recorded within the limits").exists();
        }
    }

    @Test
    void aWorkspaceOnAReadOnlyMountRunsWithCheckpointsOff() throws Exception {
        Path ws = workspace("ro");
        Files.createDirectories(ws.resolve(".longtask/runs"));
        List<String> readOnly = List.of("bwrap", "--dev-bind", "/", "/", "--ro-bind", ws.toString(), ws.toString(),
                "--bind", ws.resolve(".longtask").toString(), ws.resolve(".longtask").toString(), "--");
        try (ScriptedProvider model = new ScriptedProvider(ONE_TASK)) {
            String out = run(ws, readOnly, model);
            assertOffOnce(ws, out, "checkpoints are off: the workspace is not writable here");
            assertThat(FileRunStore.readRun(ws, "off").status()).as("the run ends as its tasks do; it is not refused")
                    .isIn(RunStatus.COMPLETED, RunStatus.FAILED);
        }
        assertThat(ws.resolve(".longtask/shadow")).doesNotExist();
    }

    private static void assertOffOnce(Path ws, String out, String note) throws Exception {
        assertThat(Pattern.compile(Pattern.quote("note: " + note)).matcher(out).results().count())
                .as(out).isEqualTo(1);
        String events = Files.readString(ws.resolve(".longtask/runs/off/events.jsonl"));
        assertThat(Pattern.compile("\"type\":\"checkpoints.off\"").matcher(events).results().count()).isEqualTo(1);
    }

    private String run(Path ws, List<String> wrapper, ScriptedProvider model) throws Exception {
        return run(ws, wrapper, model, "off");
    }

    private String run(Path ws, List<String> wrapper, ScriptedProvider model, String runId) throws Exception {
        // the shared child command line (its class-data archive starts the JVM on about two thirds of the CPU time),
        // behind the bubblewrap wrapper when there is one
        List<String> command = new ArrayList<>(wrapper);
        command.addAll(ChildJvm.longtask(dir.resolve("home"), "run", "Summarise the notes", "--run-id", runId,
                "--base-url", model.baseUrl(), "--model", "openai:scripted", "-C", ws.toString()));
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
        pb.environment().keySet().removeIf(k -> k.contains("API_KEY") || k.startsWith("LONGTASK_"));
        pb.environment().put("OPENAI_API_KEY", "not-a-real-key");
        Process process = pb.start();
        byte[] output = process.getInputStream().readAllBytes();
        assertThat(process.waitFor(120, TimeUnit.SECONDS)).isTrue();
        return new String(output, StandardCharsets.UTF_8);
    }

    private Path workspace(String name) throws Exception {
        Path ws = Files.createDirectories(dir.resolve(name));
        Files.createDirectories(ws.resolve(".longtask"));
        Files.writeString(ws.resolve("notes.txt"), "a note to summarise\n");
        return ws;
    }
}
