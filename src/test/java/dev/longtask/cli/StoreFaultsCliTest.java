package dev.longtask.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.longtask.testing.ScriptedProvider;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Faults at the edge of the store, through the CLI: a full disk, and a torn log with an emptied task file. */
class StoreFaultsCliTest {
    @TempDir
    Path dir;

    @Test
    void aTornLastLineWithAnEmptyTaskFileIsRepairedByResume() throws Exception {
        Path ws = Files.createDirectories(dir.resolve("ws"));
        Files.writeString(ws.resolve("notes.txt"), "a note\n");
        try (ScriptedProvider model = new ScriptedProvider(ScriptedProvider.Options.defaults())) {
            CliRunner.Result planned = CliRunner.run("plan", "Summarise the notes", "--run-id", "torn",
                    "--base-url", model.baseUrl(), "--model", "openai:scripted", "-C", ws.toString());
            assertThat(planned.exit()).as(planned.toString()).isEqualTo(ExitCode.PAUSED.code());
            Path runDir = ws.resolve(".longtask/runs/torn");
            Path events = runDir.resolve("events.jsonl");
            byte[] log = Files.readAllBytes(events);
            Files.write(events, java.util.Arrays.copyOf(log, log.length - 10)); // the last line cut short
            Path taskFile = runDir.resolve("tasks/task_1.json");
            Files.write(taskFile, new byte[0]);

            CliRunner.Result resumed = CliRunner.run("resume", "torn", "--base-url", model.baseUrl(),
                    "--model", "openai:scripted", "-C", ws.toString());
            assertThat(resumed.exit()).as(resumed.toString()).isZero();
            assertThat(resumed.err()).doesNotContain("longtask resume torn");
            assertThat(new ObjectMapper().readTree(taskFile.toFile()).path("id").asInt()).isEqualTo(1);
        }
    }

    @Test
    void aFullDiskAtResumePausesWithExit3AndAResumeAfterSpaceIsFreedCompletesIt() throws Exception {
        Path mount = Files.createDirectories(dir.resolve("small-disk"));
        assumeTrue(mountTmpfs(mount), "mounting a small tmpfs is not allowed here (needs root); cannot fill a disk");
        try {
            Path ws = Files.createDirectories(mount.resolve("ws"));
            Files.writeString(ws.resolve("notes.txt"), "a note\n");
            try (ScriptedProvider model = new ScriptedProvider(ScriptedProvider.Options.defaults())) {
                CliRunner.Result planned = CliRunner.run("plan", "Summarise the notes", "--run-id", "full",
                        "--base-url", model.baseUrl(), "--model", "openai:scripted", "-C", ws.toString());
                assertThat(planned.exit()).as(planned.toString()).isEqualTo(ExitCode.PAUSED.code());
                Path events = ws.resolve(".longtask/runs/full/events.jsonl");
                long recorded = Files.size(events);

                Path filler = mount.resolve("filler");
                fillUp(filler);
                CliRunner.Result paused = CliRunner.run("resume", "full", "--base-url", model.baseUrl(),
                        "--model", "openai:scripted", "-C", ws.toString());
                assertThat(paused.exit()).as(paused.toString()).isEqualTo(ExitCode.PAUSED.code());
                assertThat(paused.err()).contains("the disk is full").contains("longtask resume")
                        .doesNotContain("this is a bug").doesNotContain("internal error");
                assertThat(Files.size(events)).isGreaterThanOrEqualTo(recorded);
                CliRunner.Result whileFull = CliRunner.run("status", "full", "-C", ws.toString());
                assertThat(whileFull.out()).as(whileFull.toString()).contains("status   paused")
                        .doesNotContain("not running");

                Files.delete(filler);
                Files.deleteIfExists(filler.resolveSibling("filler-tail"));
                CliRunner.Result resumed = CliRunner.run("resume", "full", "--base-url", model.baseUrl(),
                        "--model", "openai:scripted", "-C", ws.toString());
                assertThat(resumed.exit()).as(resumed.toString()).isZero();
                CliRunner.Result status = CliRunner.run("status", "full", "-C", ws.toString());
                assertThat(status.exit()).as(status.toString()).isZero();
                assertThat(status.out()).contains("completed").doesNotContain("the disk was full");
            }
        } finally {
            new ProcessBuilder("umount", "-l", mount.toString()).inheritIO().start().waitFor(60, TimeUnit.SECONDS);
        }
    }

    @Test
    void aDiskFilledByTheRunItselfMidTaskPausesItWithAPlainMessageAndLeavesItReadable() throws Exception {
        Path mount = Files.createDirectories(dir.resolve("filled-disk"));
        assumeTrue(mountTmpfs(mount), "mounting a small tmpfs is not allowed here (needs root); cannot fill a disk");
        try {
            Path ws = Files.createDirectories(mount.resolve("ws"));
            Files.writeString(ws.resolve("notes.txt"), "a note\n");
            // The agent's own command fills the disk, and the store's next write is refused mid-run.
            String goal = "Fill the disk. CALL bash {\"command\": \"head -c 20000000 /dev/zero > big.bin\"}";
            try (ScriptedProvider model = new ScriptedProvider(ScriptedProvider.Options.defaults())) {
                CliRunner.Result paused = CliRunner.run("run", goal, "--run-id", "filled", "--base-url",
                        model.baseUrl(), "--model", "openai:scripted", "-C", ws.toString());
                assertThat(paused.exit()).as(paused.toString()).isEqualTo(ExitCode.PAUSED.code());
                assertThat(paused.err()).contains("the disk is full").contains("longtask resume")
                        .doesNotContain("this is a bug").doesNotContain("internal error");

                // Space freed, the run reads whole and is resumable: its log took no damage from the refused writes.
                // It could not record its pause, but status says it is paused, and why, and how to go on.
                Files.deleteIfExists(ws.resolve("big.bin"));
                CliRunner.Result status = CliRunner.run("status", "filled", "-C", ws.toString());
                assertThat(status.exit()).as(status.toString()).isZero();
                assertThat(status.out()).contains("Fill the disk").contains("status   paused (the disk was full")
                        .contains("resume with: longtask resume filled").doesNotContain("not running");
                CliRunner.Result json = CliRunner.run("status", "filled", "--json", "-C", ws.toString());
                assertThat(json.out()).contains("\"stopped_because\" : \"the disk was full");
                assertThat(CliRunner.run("runs", "-C", ws.toString()).out()).contains("paused")
                        .doesNotContain("not running");
            }
        } finally {
            new ProcessBuilder("umount", "-l", mount.toString()).inheritIO().start().waitFor(60, TimeUnit.SECONDS);
        }
    }

    private static boolean mountTmpfs(Path at) throws Exception {
        try {
            Process mount = new ProcessBuilder("mount", "-t", "tmpfs", "-o", "size=8m", "tmpfs", at.toString())
                    .redirectErrorStream(true).start();
            mount.getInputStream().readAllBytes();
            return mount.waitFor(60, TimeUnit.SECONDS) && mount.exitValue() == 0;
        } catch (IOException noMountCommand) {
            return false;
        }
    }

    /** Writes until the file system refuses: every later write there fails with "No space left on device". */
    private static void fillUp(Path filler) {
        byte[] block = new byte[64 * 1024];
        try (OutputStream out = Files.newOutputStream(filler)) {
            while (true) {
                out.write(block);
            }
        } catch (IOException full) {
            assertThat(full.getMessage()).contains("No space left on device");
        }
        byte[] small = new byte[512];
        try (OutputStream out = Files.newOutputStream(filler.resolveSibling("filler-tail"))) {
            while (true) {
                out.write(small);
                out.flush();
            }
        } catch (IOException full) {
            // the last blocks taken too
        }
    }
}
