package dev.longtask.store;

import dev.longtask.model.JsonMapping;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.longtask.model.Event;
import dev.longtask.model.EventType;
import dev.longtask.model.TaskDraft;
import dev.longtask.model.Usage;
import dev.longtask.model.run.FsyncPolicy;
import dev.longtask.model.run.RunStore;
import dev.longtask.model.run.StoreOptions;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/** Shared helpers of the store tests: quick options, drafts, and the "what the log implies" oracle. */
public final class StoreFixtures {
    public static final ObjectMapper JSON = JsonMapping.newMapper();

    private StoreFixtures() {
    }

    public static StoreOptions fast() {
        return StoreOptions.defaults().withSecrets(List.of()).withFsync(FsyncPolicy.NONE);
    }

    public static TaskDraft draft(String subject, List<Integer> blockedBy) {
        return new TaskDraft(subject, "do " + subject, "general", blockedBy, Map.of("in", "in/" + subject),
                Map.of("out", "out/" + subject), List.of(subject + " is done"));
    }

    public static ObjectNode note(String text) {
        return JSON.createObjectNode().put("text", text);
    }

    public static ObjectNode llmCall(long in, long out, String cost) {
        ObjectNode data = JSON.createObjectNode().put("model", "test:model");
        data.set("usage", JSON.valueToTree(new Usage(in, out, 0, 0, new BigDecimal(cost), 0)));
        return data;
    }

    public static void appendNote(RunStore store, String text) {
        store.append(EventType.PROGRESS_NOTE, null, note(text));
    }

    /** The state a full replay of events.jsonl gives, ignoring checkpoints: the oracle. */
    public static RunState fullReplay(Path runDirectory) throws IOException {
        RunState state = RunState.EMPTY;
        for (String line : Files.readAllLines(runDirectory.resolve("events.jsonl"), StandardCharsets.UTF_8)) {
            state = state.apply(JSON.readValue(line, Event.class));
        }
        return state;
    }

    /** Fails unless every projection file has exactly the bytes the state implies. */
    public static void assertProjectionsMatch(Path dir, RunState state) throws IOException {
        Projector projector = new Projector(dir, JSON);
        for (var task : state.tasks()) {
            assertSame(Projector.taskFile(dir, task.id()), projector.taskBytes(task));
        }
        assertSame(dir.resolve("run.json"), projector.runBytes(state, logBytes(dir, state.lastSeq())));
        assertSame(dir.resolve("task_plan.md"), MarkdownProjections.taskPlan(state).getBytes(StandardCharsets.UTF_8));
        assertSame(dir.resolve("progress.md"), MarkdownProjections.progress(state).getBytes(StandardCharsets.UTF_8));
        assertSame(dir.resolve("findings.md"), MarkdownProjections.findings(state).getBytes(StandardCharsets.UTF_8));
    }

    /** The length of events.jsonl up to the end of the line of {@code seq}. */
    public static long logBytes(Path runDirectory, long seq) throws IOException {
        byte[] log = Files.readAllBytes(runDirectory.resolve("events.jsonl"));
        long lines = 0;
        for (int i = 0; i < log.length; i++) {
            if (log[i] == '\n' && ++lines == seq) {
                return i + 1;
            }
        }
        return seq == 0 ? 0 : log.length;
    }

    private static void assertSame(Path file, byte[] expected) throws IOException {
        byte[] actual = Files.readAllBytes(file);
        if (!Arrays.equals(actual, expected)) {
            throw new AssertionError(file + " disagrees with the log:\n--- file\n"
                    + new String(actual, StandardCharsets.UTF_8) + "\n--- log implies\n"
                    + new String(expected, StandardCharsets.UTF_8));
        }
    }
}
