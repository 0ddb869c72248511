package dev.longtask.store;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.longtask.model.ApprovalMode;
import dev.longtask.model.Budget;
import dev.longtask.model.Isolation;
import dev.longtask.model.JsonMapping;
import dev.longtask.model.Run;
import dev.longtask.model.RunSettings;
import dev.longtask.model.RunStatus;
import dev.longtask.model.SandboxMode;
import dev.longtask.model.Task;
import dev.longtask.model.TaskStatus;
import dev.longtask.model.Usage;
import dev.longtask.model.run.TaskCounts;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The projector writes the bytes its former renderings wrote, and re-renders a Markdown file whenever its text changes. */
class ProjectorTest {
    private static final ObjectMapper JSON = JsonMapping.MAPPER;
    private static final Instant T0 = Instant.parse("2026-11-28T10:00:00Z");
    private static final Instant T1 = Instant.parse("2026-11-28T10:00:01.5Z");

    @TempDir
    Path dir;

    /** run.json as it was rendered before: the run through a tree, the counts and log_bytes set on it, pretty. */
    private static byte[] treeRendering(RunState state, long logBytes) throws Exception {
        ObjectNode node = JSON.valueToTree(state.run());
        node.set(TaskCounts.FIELD, JSON.valueToTree(TaskCounts.of(state.tasks())));
        node.put(Projector.LOG_BYTES, logBytes);
        return (JSON.writerWithDefaultPrettyPrinter().writeValueAsString(node) + "\n").getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void runFileHasTheBytesOfTheTreeRenderingForRichRuns() throws Exception {
        Projector projector = new Projector(dir, JSON);
        List<String> costs = List.of("0", "0.000", "1.250", "2.50", "100", "1E+3", "0.0000001", "123456789.987654321",
                "-0.50");
        List<RunSettings> settings = new ArrayList<>();
        settings.add(null);
        settings.add(new RunSettings("http://h/v1", 4, ApprovalMode.ASK, SandboxMode.OFF, Isolation.WORKTREE));
        settings.add(new RunSettings(null, null, null, null, null));
        int compared = 0;
        for (String cost : costs) {
            for (RunSettings setting : settings) {
                for (Budget budget : List.of(Budget.UNLIMITED, new Budget(1000L, new BigDecimal(cost), 3600L),
                        new Budget(null, new BigDecimal(cost), null))) {
                    Usage usage = new Usage(1200, 300, 40, 5, new BigDecimal(cost), cost.length() % 3);
                    Run run = new Run(Run.FORMAT_VERSION, "r1", "a goal \"quoted\" \u00e9 \u2603 \ud83d\ude00\nline 2\t<>&",
                            "/w", compared % 2 == 0 ? "openai:m" : null, RunStatus.values()[compared % RunStatus.values().length],
                            compared % 3 == 0 ? "" : "why \\ \u0001", budget, setting, T0, compared % 2 == 0 ? T1 : T0,
                            usage, 3, 7, 42 + compared);
                    RunState state = state(run, tasks(compared % 4));
                    long logBytes = compared * 1_000_003L;
                    assertThat(new String(projector.runBytes(state, logBytes), StandardCharsets.UTF_8))
                            .as("cost %s, settings %s, budget %s", cost, setting, budget)
                            .isEqualTo(new String(treeRendering(state, logBytes), StandardCharsets.UTF_8));
                    compared++;
                }
            }
        }
        assertThat(compared).isEqualTo(costs.size() * 9);
    }

    @Test
    void runFileHasTheBytesOfTheFixturesRunFiles() throws Exception {
        List<Path> runFiles;
        try (Stream<Path> files = Files.walk(Path.of("src/test/resources/fixtures"))) {
            runFiles = files.filter(f -> f.getFileName().toString().equals(RunLayout.RUN_FILE)).sorted().toList();
        }
        int compared = 0;
        for (Path file : runFiles) {
            JsonNode tree = JSON.readTree(file.toFile());
            if (!tree.has(TaskCounts.FIELD) || !tree.has(Projector.LOG_BYTES)) {
                continue;
            }
            Run run = JSON.treeToValue(tree, Run.class);
            RunState state = state(run, List.of());
            byte[] rendered = new Projector(dir, JSON).runBytes(state, tree.get(Projector.LOG_BYTES).asLong());
            assertThat(rendered).as(file.toString()).isEqualTo(treeRendering(state, tree.get(Projector.LOG_BYTES).asLong()));
            compared++;
        }
        assertThat(compared).isPositive();
    }

    /**
     * The Markdown files follow every change of what they show, and only then: a task's usage does not touch
     * task_plan.md, its status, subject or blockers do; a subject a finding names rewrites findings.md; the run's
     * status reason rewrites the plan's head.
     */
    @Test
    void markdownFilesFollowEveryChangeOfTheirText() throws Exception {
        Files.createDirectories(dir.resolve(RunLayout.TASKS));
        Projector projector = new Projector(dir, JSON);
        Run run = new Run(Run.FORMAT_VERSION, "r1", "goal", "/w", "m", RunStatus.RUNNING, "", Budget.UNLIMITED, null,
                T0, T0, Usage.ZERO, 1, 1, 1);
        List<Task> tasks = tasks(3);
        RunState state = with(state(run, tasks), run, tasks, 1);
        long seq = 1;
        projector.write(state, 0);
        assertRendered(state);

        long files = projector.filesWritten();
        state = with(state, state.run(), replace(state.tasks(), 1, t -> t.withUsage(new Usage(5, 5, 0, 0, BigDecimal.ONE, 0))),
                ++seq);
        projector.write(state, 0);
        assertRendered(state);
        assertThat(projector.filesWritten() - files).as("a task's usage alone: its task file").isEqualTo(1);

        List<RunState> changes = new ArrayList<>();
        changes.add(with(state, state.run(), replace(state.tasks(), 1, t -> t.withStatus(TaskStatus.IN_PROGRESS)), ++seq));
        RunState last = changes.get(changes.size() - 1);
        changes.add(with(last, last.run(), replace(last.tasks(), 2, ProjectorTest::renamed), ++seq));
        last = changes.get(changes.size() - 1);
        changes.add(with(last, last.run(), replace(last.tasks(), 3, t -> t.withBlockedBy(List.of())), ++seq));
        last = changes.get(changes.size() - 1);
        changes.add(with(last, new Run(Run.FORMAT_VERSION, "r1", "goal", "/w", "m", RunStatus.PAUSED, "a reason",
                Budget.UNLIMITED, null, T0, T1, Usage.ZERO, 1, 1, seq + 1), last.tasks(), ++seq));
        for (RunState changed : changes) {
            projector.write(changed, 0);
            assertRendered(changed);
        }
        String plan = Files.readString(dir.resolve(RunLayout.PLAN_FILE));
        assertThat(plan).contains("[>] #1:", "#2: renamed", "[ ] #3: three\n", "paused (a reason)");
        assertThat(Files.readString(dir.resolve(RunLayout.FINDINGS_FILE))).contains("## Task 2: renamed");
    }

    @Test
    void aReasonOrSubjectOnSeveralLinesIsShownOnOneWhateverItsLineBreaks() {
        for (String lineBreak : List.of("\n", "\r\n", "\r", "\u000B", "\f", "\u0085", "\u2028", "\u2029")) {
            Run run = new Run(Run.FORMAT_VERSION, "r1", "goal", "/w", "m", RunStatus.PAUSED,
                    " first \t" + lineBreak + "  second ", Budget.UNLIMITED, null, T0, T0, Usage.ZERO, 1, 1, 1);
            List<Task> tasks = replace(tasks(2), 2, t -> new Task(t.id(), "sub" + lineBreak + "ject", t.instruction(),
                    t.agent(), t.status(), t.blockedBy(), t.blocks(), t.inputs(), t.outputs(), t.successCriteria(),
                    t.owner(), t.attempts(), t.created(), t.started(), t.finished(), t.usage(), t.error()));
            RunState state = with(state(run, tasks), run, tasks, 1);
            String shown = lineBreak.codePointAt(0) + "";
            assertThat(MarkdownProjections.taskPlan(state)).as(shown).contains("Run r1: paused (first second)\n");
            assertThat(MarkdownProjections.findings(state)).as(shown).contains("## Task 2: sub ject\n");
        }
        Run run = new Run(Run.FORMAT_VERSION, "r1", "goal", "/w", "m", RunStatus.PAUSED, "  one line\t ",
                Budget.UNLIMITED, null, T0, T0, Usage.ZERO, 1, 1, 1);
        assertThat(MarkdownProjections.taskPlan(state(run, tasks(1)))).contains("Run r1: paused (one line)\n");
    }

    private void assertRendered(RunState state) throws Exception {
        assertThat(dir.resolve(RunLayout.PLAN_FILE)).hasContent(MarkdownProjections.taskPlan(state));
        assertThat(dir.resolve(RunLayout.FINDINGS_FILE)).hasContent(MarkdownProjections.findings(state));
        assertThat(dir.resolve(RunLayout.PROGRESS_FILE)).hasContent(MarkdownProjections.progress(state));
        assertThat(Files.readAllBytes(dir.resolve(RunLayout.RUN_FILE))).isEqualTo(treeRendering(state, 0));
        for (Task task : state.tasks()) {
            assertThat(Files.readString(Projector.taskFile(dir, task.id())))
                    .isEqualTo(JSON.writerWithDefaultPrettyPrinter().writeValueAsString(task) + "\n");
        }
    }

    private static Task renamed(Task t) {
        return new Task(t.id(), "renamed", t.instruction(), t.agent(), t.status(), t.blockedBy(), t.blocks(), t.inputs(),
                t.outputs(), t.successCriteria(), t.owner(), t.attempts(), t.created(), t.started(), t.finished(),
                t.usage(), t.error());
    }

    /** {@code state} with {@code run} and {@code tasks} at {@code seq}, and findings naming task 2 and the run. */
    private static RunState with(RunState state, Run run, List<Task> tasks, long seq) {
        List<Note> findings = state.findings().isEmpty()
                ? List.of(new Note(T0, 2, "found"), new Note(T1, null, "run")) : state.findings();
        return new RunState(seq, run, tasks, state.progress(), findings, state.decisions(), state.errors(),
                state.approvals(), state.permissions(), state.history());
    }

    private static List<Task> replace(List<Task> tasks, int id, java.util.function.UnaryOperator<Task> change) {
        List<Task> out = new ArrayList<>(tasks);
        out.set(id - 1, change.apply(out.get(id - 1)));
        return List.copyOf(out);
    }

    private static List<Task> tasks(int n) {
        List<Task> tasks = new ArrayList<>();
        for (int id = 1; id <= n; id++) {
            tasks.add(new Task(id, List.of("one", "two", "three", "four").get(id - 1), "do it", "general",
                    id == 1 ? TaskStatus.COMPLETED : TaskStatus.PENDING, id == 1 ? List.of() : List.of(id - 1),
                    List.of(), Map.of("in", "a.md"), Map.of(), List.of(), "", 0, T0, null, null, Usage.ZERO, null));
        }
        return List.copyOf(tasks);
    }

    private static RunState state(Run run, List<Task> tasks) {
        return new RunState(run.lastSeq(), run, tasks, List.of(new ProgressEntry(ProgressEntry.NOTE, T0, null, "n")),
                List.of(), List.of(), List.of(), List.of(), null, null);
    }

    /** Whether run.json must be written again: only the fields every event advances may differ without it. */
    @Test
    void aRunIsTheSameApartFromSeqOnlyWhenNothingButItsUpdateAndSeqDiffer() {
        Instant t0 = Instant.parse("2026-11-28T10:00:00Z");
        Run a = new Run(1, "r", "goal", "/ws", "m:x", RunStatus.RUNNING, "", new Budget(100L, null, null),
                new RunSettings(null, 4, null, null), t0, t0, new Usage(1, 2, 3, 4, new BigDecimal("0.50"), 0), 1, 1, 7);
        // equal values in other objects, as a state read back from a checkpoint has them
        Run b = new Run(1, new String("r"), new String("goal"), "/ws", new String("m:x"), RunStatus.RUNNING, "",
                new Budget(100L, null, null), new RunSettings(null, 4, null, null), Instant.parse("2026-11-28T10:00:00Z"),
                t0.plusSeconds(5), new Usage(1, 2, 3, 4, new BigDecimal("0.50"), 0), 1, 1, 9);
        assertThat(Projector.sameApartFromSeq(a, b)).isTrue();
        assertThat(Projector.sameApartFromSeq(a, a)).isTrue();
        List<Run> changed = List.of(
                new Run(2, "r", "goal", "/ws", "m:x", RunStatus.RUNNING, "", a.budget(), a.settings(), t0, t0, a.usage(), 1, 1, 7),
                new Run(1, "s", "goal", "/ws", "m:x", RunStatus.RUNNING, "", a.budget(), a.settings(), t0, t0, a.usage(), 1, 1, 7),
                new Run(1, "r", "goal2", "/ws", "m:x", RunStatus.RUNNING, "", a.budget(), a.settings(), t0, t0, a.usage(), 1, 1, 7),
                new Run(1, "r", "goal", "/w", "m:x", RunStatus.RUNNING, "", a.budget(), a.settings(), t0, t0, a.usage(), 1, 1, 7),
                new Run(1, "r", "goal", "/ws", "m:y", RunStatus.RUNNING, "", a.budget(), a.settings(), t0, t0, a.usage(), 1, 1, 7),
                new Run(1, "r", "goal", "/ws", null, RunStatus.RUNNING, "", a.budget(), a.settings(), t0, t0, a.usage(), 1, 1, 7),
                new Run(1, "r", "goal", "/ws", "m:x", RunStatus.PAUSED, "", a.budget(), a.settings(), t0, t0, a.usage(), 1, 1, 7),
                new Run(1, "r", "goal", "/ws", "m:x", RunStatus.RUNNING, "why", a.budget(), a.settings(), t0, t0, a.usage(), 1, 1, 7),
                new Run(1, "r", "goal", "/ws", "m:x", RunStatus.RUNNING, "", new Budget(200L, null, null), a.settings(), t0, t0,
                        a.usage(), 1, 1, 7),
                new Run(1, "r", "goal", "/ws", "m:x", RunStatus.RUNNING, "", a.budget(), null, t0, t0, a.usage(), 1, 1, 7),
                new Run(1, "r", "goal", "/ws", "m:x", RunStatus.RUNNING, "", a.budget(), a.settings(), t0.plusSeconds(1), t0,
                        a.usage(), 1, 1, 7),
                new Run(1, "r", "goal", "/ws", "m:x", RunStatus.RUNNING, "", a.budget(), a.settings(), t0, t0,
                        new Usage(1, 2, 3, 4, new BigDecimal("0.51"), 0), 1, 1, 7),
                new Run(1, "r", "goal", "/ws", "m:x", RunStatus.RUNNING, "", a.budget(), a.settings(), t0, t0, a.usage(), 2, 1, 7),
                new Run(1, "r", "goal", "/ws", "m:x", RunStatus.RUNNING, "", a.budget(), a.settings(), t0, t0, a.usage(), 1, 2, 7));
        for (Run c : changed) {
            assertThat(Projector.sameApartFromSeq(a, c)).as(c.toString()).isFalse();
            assertThat(Projector.sameApartFromSeq(c, a)).as(c.toString()).isFalse();
        }
    }
}
