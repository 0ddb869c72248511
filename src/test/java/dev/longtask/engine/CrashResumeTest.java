package dev.longtask.engine;

import dev.longtask.testing.ChildJvm;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.longtask.model.RunStatus;
import dev.longtask.model.Task;
import dev.longtask.model.TaskStatus;
import dev.longtask.store.file.FileRunStore;
import dev.longtask.model.run.NoSuchRunException;
import dev.longtask.model.run.RunSnapshot;
import dev.longtask.testing.EngineFixture;
import dev.longtask.testing.ScriptedModel;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run killed with SIGKILL at several moments and resumed each time: completed tasks never run again (no model
 * call for them after the kill that found them completed), tasks in flight start over, and the last resume
 * finishes with every part in the report.
 */
class CrashResumeTest {
    @TempDir
    Path dir;

    @Test
    void killedRunsResumeWithoutRedoingCompletedWork() throws Exception {
        Path ws = EngineFixture.workspace(dir.resolve("ws"));
        Path callLog = dir.resolve("calls.log");
        Files.createFile(callLog);
        long seed = System.nanoTime();
        Random random = new Random(seed);
        // 1 planner + 6 tasks x 2 calls + director + synthesizer = 15 calls; kill at three moments among them.
        List<Integer> killAt = random.ints(1, 14).distinct().limit(3).sorted().boxed().toList();
        // One child at a time: each resume is the process the next kill hits, and all its calls, from its start to
        // its kill (or the end of the run), are checked against what the previous kill left completed.
        Process child = spawn(ws, "start", callLog);
        Set<String> completed = Set.of();
        int linesAtStart = 0;
        int kills = 0;
        for (int threshold : killAt) {
            // at least two calls of its own before the kill, so every resume is seen asking the model something
            boolean reached = awaitCalls(callLog, Math.max(threshold, linesAtStart + 2), child);
            if (!reached || !child.isAlive()) {
                break; // the run ended before this moment
            }
            child.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
            kills++;
            assertNoCallFor(completed, callLog, linesAtStart, seed);
            // What the kill left completed must never be asked of the model again.
            completed = exists(ws) ? FileRunStore.read(ws, "run-crash").tasks().stream()
                    .filter(t -> t.status() == TaskStatus.COMPLETED).map(Task::subject).collect(Collectors.toSet())
                    : Set.of();
            linesAtStart = lines(callLog).size();
            child = spawn(ws, exists(ws) ? "resume" : "start", callLog);
        }
        Process last = child;
        assertThat(last.waitFor(120, TimeUnit.SECONDS)).as("the final resume finishes").isTrue();
        assertNoCallFor(completed, callLog, linesAtStart, seed);
        String output = new String(last.getInputStream().readAllBytes());
        assertThat(output).as("seed %d, %d kills; child said:%n%s", seed, kills, output).contains("OUTCOME completed");

        RunSnapshot run = FileRunStore.read(ws, "run-crash");
        assertThat(run.run().status()).isEqualTo(RunStatus.COMPLETED);
        assertThat(run.tasks()).hasSize(CrashingRun.TASKS).extracting(Task::status).containsOnly(TaskStatus.COMPLETED);
        JsonNode fin = ScriptedModel.JSON.readTree(run.directory().resolve("final_result.json").toFile());
        assertThat(fin.path("tasks")).hasSize(CrashingRun.TASKS);
        for (int i = 1; i <= CrashingRun.TASKS; i++) {
            assertThat(Files.readString(ws.resolve("parts/" + i + ".md"))).isEqualTo("content of Part " + i);
            assertThat(Files.readString(run.directory().resolve("report.md"))).contains("wrote Part " + i);
        }
        // Every task completed exactly once, and each attempt the store counted began with a model call.
        String events = Files.readString(run.directory().resolve("events.jsonl"));
        for (Task t : run.tasks()) {
            long completions = events.lines().filter(l -> l.contains("\"type\":\"task.completed\"")
                    && l.contains("\"task\":" + t.id() + ",")).count();
            assertThat(completions).as("completions of #%d", t.id()).isEqualTo(1);
            long requeues = events.lines().filter(l -> l.contains("\"type\":\"task.requeued\"")
                    && l.contains("\"task\":" + t.id() + ",")).count();
            assertThat(t.attempts()).as("attempts of #%d", t.id()).isEqualTo(requeues + 1);
            long starts = lines(callLog).stream().filter(l -> l.endsWith("\t" + t.subject() + "\t1")).count();
            assertThat(starts).as("seed %d: model starts of %s", seed, t.subject()).isBetween(1L, (long) t.attempts());
        }
    }

    /** Asserts that no call from line {@code from} of the call log on was for one of the {@code completed} tasks. */
    private static void assertNoCallFor(Set<String> completed, Path callLog, int from, long seed) throws IOException {
        List<String> calls = lines(callLog);
        for (String line : calls.subList(from, calls.size())) {
            String subject = line.split("\t", -1)[2];
            assertThat(completed).as("seed %d: a call for a completed task after a kill: %s", seed, line)
                    .doesNotContain(subject);
        }
    }

    private static boolean exists(Path ws) {
        try {
            FileRunStore.read(ws, "run-crash");
            return true;
        } catch (NoSuchRunException e) {
            return false;
        }
    }

    private static Process spawn(Path ws, String mode, Path callLog) throws IOException {
        return new ProcessBuilder(ChildJvm.testMain(CrashingRun.class, List.of("-Xmx256m"),
                ws.toString(), mode, callLog.toString()))
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.PIPE).start();
    }

    /** Waits until the call log has {@code count} lines, or the child has ended; true when the count was reached. */
    private static boolean awaitCalls(Path callLog, int count, Process child) throws Exception {
        Instant deadline = Instant.now().plus(Duration.ofSeconds(60));
        while (Instant.now().isBefore(deadline)) {
            if (lines(callLog).size() >= count) {
                return true;
            }
            if (!child.isAlive()) {
                return false;
            }
            child.waitFor(5, TimeUnit.MILLISECONDS);
        }
        throw new AssertionError("the child made no progress in 60 s");
    }

    private static List<String> lines(Path file) throws IOException {
        return Files.readAllLines(file).stream().filter(l -> !l.isBlank()).toList();
    }
}
