package dev.longtask.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.longtask.model.RunStatus;
import dev.longtask.store.file.FileRunStore;
import dev.longtask.testing.ScriptedProvider;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run recorded at concurrency 4 (six tasks: one, four side by side, one on all of them) replays as a new run of
 * its workspace with no model configured: the calls of the tasks that ran side by side come in another order, and
 * the run's memory in their prompts (which of them was running or had finished) differs, yet each call gets the
 * answer recorded for it, and the replay ends as the recording did. A request that differs stops the run with the
 * non-retryable error that names the exchange and the first difference.
 */
class ParallelReplayTest {
    private static final String GOAL = "Summarise the notes";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final AtomicInteger MOVED = new AtomicInteger();

    @TempDir
    static Path dir;
    private static Path tape;
    private static Path recorded;

    @BeforeAll
    static void recordARunAtConcurrencyFour() throws Exception {
        tape = dir.resolve("calls.jsonl");
        Path ws = freshWorkspace();
        // a little latency, so that the four middle tasks are answered while the others wait
        try (ScriptedProvider model = new ScriptedProvider(new ScriptedProvider.Options(0, 6, Duration.ofMillis(20),
                null, 0, 0, null))) {
            Child.Result r = Child.run(dir.resolve("home"), Map.of(), "run", GOAL, "--concurrency", "4",
                    "--base-url", model.baseUrl(), "--model", "openai:scripted", "--record", tape.toString(),
                    "-C", ws.toString());
            assertThat(r.exit()).as(r.toString()).isZero();
        }
        recorded = FileRunStore.read(ws, onlyRun(ws)).directory();
        // the workspace as the recording found it (its listing is in the planner's request), at the same path
        Files.move(ws, dir.resolve("recorded"));
        recorded = dir.resolve("recorded").resolve(ws.relativize(recorded));
        freshWorkspace();
    }

    @Test
    void aRunRecordedAtConcurrencyFourReplaysToTheSameResult() throws Exception {
        Path ws = freshWorkspace();
        Child.Result r = Child.run(dir.resolve("home"), Map.of(), "run", GOAL, "--concurrency", "4",
                "--replay", tape.toString(), "-C", ws.toString());

        assertThat(r.exit()).as(r.toString()).isZero();
        String id = onlyRun(ws);
        assertThat(FileRunStore.readRun(ws, id).status()).isEqualTo(RunStatus.COMPLETED);
        Path replayed = FileRunStore.read(ws, id).directory();
        // the same tasks, statuses, summaries, outputs and every recorded call answered once (the same tokens)
        assertThat(result(replayed, id)).isEqualTo(result(recorded, recorded.getFileName().toString()));
        assertThat(Files.readString(replayed.resolve("report.md"))).contains("Scripted report");
        try (Stream<Path> outputs = Files.walk(dir.resolve("recorded/scripted-out"))) {
            for (Path out : outputs.filter(Files::isRegularFile).toList()) {
                Path same = ws.resolve(dir.resolve("recorded").relativize(out));
                assertThat(same).as("output " + same).hasSameTextualContentAs(out);
            }
        }
    }

    @Test
    void aRequestThatDiffersStopsTheReplayWithTheFirstDifference() throws Exception {
        Path ws = freshWorkspace();
        // the task agent's instructions begin with a line the recording did not have
        String general = new String(ParallelReplayTest.class.getResourceAsStream("/agents/general.md").readAllBytes());
        int body = general.indexOf("---", 3) + 4;
        Files.createDirectories(ws.resolve(".longtask/agents"));
        Files.writeString(ws.resolve(".longtask/agents/general.md"),
                general.substring(0, body) + "Mind the replay.\n" + general.substring(body));

        Child.Result r = Child.run(dir.resolve("home"), Map.of(), "run", GOAL, "--concurrency", "4",
                "--replay", tape.toString(), "-C", ws.toString());

        assertThat(r.exit()).as(r.toString()).isEqualTo(ExitCode.PAUSED.code());
        assertThat(r.out()).as(r.toString())
                .contains("model call failed, not retried (replay " + tape + ": request does not match recorded "
                        + "exchange #2 (task #1, general, step 1): messages[0].text differs at character 1: was "
                        + "\"You are", "now \"Mind the replay.\\nYou are")
                .doesNotContain("model call retried");
        assertThat(FileRunStore.readRun(ws, onlyRun(ws)).status()).isEqualTo(RunStatus.PAUSED);
    }

    /** final_result.json without what differs from run to run (the id, the estimate, the time at work). */
    private static JsonNode result(Path runDirectory, String runId) throws IOException {
        String text = Files.readString(runDirectory.resolve("final_result.json")).replace(runId, "<run>");
        ObjectNode result = (ObjectNode) JSON.readTree(text);
        result.remove(List.of("estimate", "work_s"));
        return result;
    }

    private static String onlyRun(Path ws) {
        assertThat(FileRunStore.list(ws)).hasSize(1);
        return FileRunStore.list(ws).get(0);
    }

    /** The workspace at its path as the recording started from it; what was there before is moved aside. */
    private static Path freshWorkspace() throws IOException {
        Path ws = dir.resolve("ws");
        if (Files.exists(ws)) {
            Files.move(ws, dir.resolve("ws-" + MOVED.incrementAndGet()));
        }
        Files.createDirectories(ws);
        Files.writeString(ws.resolve("notes.txt"), "a note to summarise\n");
        return ws;
    }
}
