package dev.longtask.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.longtask.model.Approval;
import dev.longtask.model.ApprovalAnswer;
import dev.longtask.model.ApprovalMode;
import dev.longtask.model.ApprovalQuestion;
import dev.longtask.model.Budget;
import dev.longtask.model.Isolation;
import dev.longtask.model.JsonMapping;
import dev.longtask.model.PermissionSettings;
import dev.longtask.model.PlanEstimate;
import dev.longtask.model.Run;
import dev.longtask.model.RunSettings;
import dev.longtask.model.RunStatus;
import dev.longtask.model.SandboxMode;
import dev.longtask.model.Task;
import dev.longtask.model.TaskStatus;
import dev.longtask.model.Usage;
import dev.longtask.model.run.CallSums;
import dev.longtask.model.run.RunHistory;
import dev.longtask.model.run.TaskCounts;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The hand-bound read of a checkpoint's state gives the records the mapper gives, or leaves the state to it. */
class StateReaderTest {
    private static final ObjectMapper JSON = JsonMapping.MAPPER;

    private static RunState byHand(byte[] bytes) throws Exception {
        return new StateReader(JSON).read(bytes, 0, bytes.length);
    }

    @Test
    void readsTheCheckpointsOfTheFixturesAsTheMapperDoes() throws Exception {
        List<Path> checkpoints;
        try (Stream<Path> files = Files.walk(Path.of("src/test/resources/fixtures"))) {
            checkpoints = files.filter(f -> f.toString().endsWith(".ckpt")).sorted().toList();
        }
        assertThat(checkpoints).isNotEmpty();
        for (Path file : checkpoints) {
            byte[] bytes = Files.readAllBytes(file);
            int newline = 0;
            while (bytes[newline] != '\n') {
                newline++;
            }
            byte[] state = Arrays.copyOfRange(bytes, newline + 1, bytes.length);
            RunState mapped = JSON.readValue(state, RunState.class);
            assertThat(byHand(state)).as(file.toString()).isEqualTo(mapped);
        }
    }

    @Test
    void readsTheRunFilesOfTheFixturesAsTheMapperDoes() throws Exception {
        List<Path> runFiles;
        try (Stream<Path> files = Files.walk(Path.of("src/test/resources/fixtures"))) {
            runFiles = files.filter(f -> f.getFileName().toString().equals(RunLayout.RUN_FILE)).sorted().toList();
        }
        assertThat(runFiles).isNotEmpty();
        for (Path file : runFiles) {
            byte[] bytes = Files.readAllBytes(file);
            com.fasterxml.jackson.databind.JsonNode tree = JSON.readTree(bytes);
            StateReader.RunFile read = new StateReader().runFile(bytes);
            assertThat(read.run()).as(file.toString()).isEqualTo(JSON.treeToValue(tree, Run.class));
            assertThat(read.logBytes()).isEqualTo(tree.path(Projector.LOG_BYTES).asLong(-1));
            assertThat(read.counts()).isEqualTo(tree.path(TaskCounts.FIELD).isObject()
                    ? JSON.treeToValue(tree.get(TaskCounts.FIELD), TaskCounts.class) : null);
        }
    }

    @Test
    void readsEveryFieldTheWriterWritesAsTheMapperDoes() throws Exception {
        RunState rich = rich();
        byte[] written = JSON.writeValueAsBytes(rich);
        RunState read = byHand(written);
        assertThat(read).isEqualTo(JSON.readValue(written, RunState.class));
        // and it is the state written, field for field (not only as the mapper reads it)
        assertThat(read.tasks()).isEqualTo(rich.tasks());
        assertThat(read.run()).isEqualTo(rich.run());
        assertThat(read.history()).isEqualTo(rich.history());
        assertThat(read.approvals()).isEqualTo(rich.approvals());
        assertThat(read.permissions()).isEqualTo(rich.permissions());
        assertThat(read.progress()).isEqualTo(rich.progress());
        assertThat(read.findings()).isEqualTo(rich.findings());
        assertThat(read.run().usage().costUsd()).isEqualTo(new BigDecimal("1.250"));
    }

    /**
     * The state above fills every component of the records the reader binds by hand, so a component added to one of
     * them, and not to the reader, fails the test above rather than being dropped by every short command's read.
     */
    @Test
    void theRichStateFillsEveryComponentOfTheRecordsReadByHand() throws Exception {
        RunState rich = rich();
        for (List<?> records : List.of(List.of(rich.run()), List.of(rich.run().usage()), List.of(rich.run().budget()),
                rich.tasks())) {
            for (var component : records.get(0).getClass().getRecordComponents()) {
                boolean filled = false;
                for (Object record : records) {
                    filled |= component.getAccessor().invoke(record) != null;
                }
                assertThat(filled).as(records.get(0).getClass().getSimpleName() + "." + component.getName()
                        + " in rich()").isTrue();
            }
        }
    }

    @Test
    void ignoresFieldsItDoesNotKnowAsTheMapperDoes() throws Exception {
        String json = new String(JSON.writeValueAsBytes(rich()), StandardCharsets.UTF_8)
                .replace("\"tasks\":[{", "\"tasks\":[{\"later\":{\"a\":[1,{\"b\":2}]},")
                .replace("\"history\":{", "\"newer\":[1,2,3],\"history\":{\"x\":null,");
        byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
        assertThat(byHand(bytes)).isEqualTo(JSON.readValue(bytes, RunState.class));
    }

    @Test
    void leavesToTheMapperWhatTheWriterNeverWrites() throws Exception {
        String json = new String(JSON.writeValueAsBytes(rich()), StandardCharsets.UTF_8);
        // a number as text, a time with an offset, a duration as an integer, a string where a number goes
        for (String changed : List.of(json.replace("\"attempts\":2", "\"attempts\":\"2\""),
                json.replace("\"created\":\"2026-11-28T10:00:00Z\"", "\"created\":\"2026-11-28T11:00:00+01:00\""),
                json.replace("\"earlier_sessions\":12.500000000", "\"earlier_sessions\":12"),
                json.replace("\"session\":3", "\"session\":\"three\""))) {
            assertThat(changed).isNotEqualTo(json);
            byte[] bytes = changed.getBytes(StandardCharsets.UTF_8);
            assertThatThrownBy(() -> byHand(bytes)).isInstanceOf(StateReader.Unexpected.class);
        }
    }

    private static RunState rich() {
        Instant t0 = Instant.parse("2026-11-28T10:00:00Z");
        Instant t1 = Instant.parse("2026-11-28T10:00:01.5Z");
        Usage usage = new Usage(1200, 300, 40, 5, new BigDecimal("1.250"), 1);
        Run run = new Run(Run.FORMAT_VERSION, "r1", "a goal \"quoted\" \u00e9", "/w", "openai:m", RunStatus.RUNNING,
                "why", new Budget(1000L, new BigDecimal("2.50"), 3600L),
                new RunSettings("http://h/v1", 4, ApprovalMode.ASK, SandboxMode.OFF, Isolation.WORKTREE), t0, t1,
                usage, 3, 7, 42);
        Task done = new Task(1, "one", "do one", "general", TaskStatus.COMPLETED, List.of(), List.of(2, 3),
                Map.of("in", "a.md"), Map.of("out", "b.md", "log", "c.md"), List.of("exists", "is short"),
                "agent:general", 2, t0, t0, t1, usage, null);
        Task failed = new Task(2, "two", "", "coder", TaskStatus.FAILED, List.of(1), List.of(), Map.of(), Map.of(),
                List.of(), "", 1, t0, t1, t1, Usage.ZERO, "it broke");
        Task pending = new Task(3, "three", "do three", "general", TaskStatus.PENDING, List.of(2), List.of(),
                Map.of(), Map.of(), List.of(), "", 0, t1, null, null, Usage.ZERO, null);
        Approval approval = new Approval(new ApprovalQuestion(1, 1, "general", "bash",
                JSON.createObjectNode().put("command", "ls"), "bash:ls", "ls", "bash:ls*", "a shell command"),
                ApprovalAnswer.allowOnce(1, "cli"));
        Approval open = new Approval(new ApprovalQuestion(2, null, "", "write", null, "write:x", "", "", ""), null);
        PermissionSettings permissions = new PermissionSettings(ApprovalMode.ASK, SandboxMode.AUTO, "bash", "note",
                List.of(new PermissionSettings.Rule("allow", "bash:ls*", "run")));
        RunHistory history = new RunHistory(42, List.of(2), 40, 30, "continue", "report", Duration.ofMillis(12_500),
                t0, t1, List.of(new RunHistory.PlanMark(10, 1, 3)), 4,
                new PlanEstimate(600L, t0, 3, 1000L, 200L, 50L, new BigDecimal("0.75"), "built-in priors"), false,
                true, new CallSums(List.of(new CallSums.Entry("planner", null, 1, 900, 80, 10, 5, new int[0], 0, 1200),
                        new CallSums.Entry("general", "m:x", 3, 300, 40, 0, 0, new int[] {1, 3}, 2500, 0))));
        return new RunState(42, run, List.of(done, failed, pending),
                List.of(new ProgressEntry(ProgressEntry.SESSION, t0, 1, ""),
                        new ProgressEntry(ProgressEntry.NOTE, t1, null, "a note")),
                List.of(new Note(t0, 1, "found"), new Note(t1, null, "also")), List.of(new Note(t1, 2, "decided")),
                List.of(), List.of(approval, open), permissions, history);
    }
}
