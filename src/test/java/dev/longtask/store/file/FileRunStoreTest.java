package dev.longtask.store.file;

import dev.longtask.model.JsonMapping;
import dev.longtask.model.run.MemoryFiles;
import dev.longtask.model.run.NoSuchRunException;
import dev.longtask.model.run.NoSuchTaskException;
import dev.longtask.model.run.RunHistory;
import dev.longtask.model.run.RunLockedException;
import dev.longtask.model.run.RunSnapshot;
import dev.longtask.store.MemoryTexts;
import dev.longtask.model.run.RunStore;
import dev.longtask.model.run.StoreException;
import dev.longtask.store.StoreFixtures;
import dev.longtask.model.run.StoreOptions;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.longtask.model.Budget;
import dev.longtask.model.Event;
import dev.longtask.model.EventType;
import dev.longtask.model.RunStatus;
import dev.longtask.model.Task;
import dev.longtask.model.TaskStatus;
import dev.longtask.model.TaskDraft;
import dev.longtask.model.Usage;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileRunStoreTest {
    private static final ObjectMapper JSON = JsonMapping.newMapper();

    @TempDir
    Path workspace;

    private StoreOptions options() {
        return StoreOptions.defaults().withSecrets(List.of());
    }

    private FileRunStore newRun() {
        return FileRunStore.create(workspace, "20261125-213000-a1b2", "Write a report", "openai:gpt-4o-mini",
                new Budget(1000L, new BigDecimal("2.50"), null), options());
    }

    private static TaskDraft draft(String subject, Integer... blockedBy) {
        return new TaskDraft(subject, "do " + subject, "general", List.of(blockedBy), Map.of("in", "a.txt"),
                Map.of("out", "b.txt"), List.of("it exists"));
    }

    /**
     * A workspace that is a git repository does not list what longtask records there as untracked files (so a
     * {@code git add -A} does not commit the runs), while what a person writes under {@code .longtask/} still shows;
     * a {@code .longtask/.gitignore} the person wrote is theirs and is left as it is.
     */
    @Test
    void gitDoesNotSeeTheRunsButSeesThePersonsConfiguration() throws Exception {
        git("init", "-q");
        Files.createDirectories(workspace.resolve(".longtask/agents"));
        Files.writeString(workspace.resolve(".longtask/config.yaml"), "model: openai:gpt-4o-mini\n");
        Files.writeString(workspace.resolve(".longtask/agents/reviewer.md"), "---\nname: reviewer\n---\nreview\n");
        try (FileRunStore store = newRun()) {
            store.createTask(draft("a"));
        }
        assertThat(git("status", "--porcelain", "--untracked-files=all").lines().toList()).containsExactlyInAnyOrder(
                "?? .longtask/.gitignore", "?? .longtask/agents/reviewer.md", "?? .longtask/config.yaml");

        Files.writeString(workspace.resolve(".longtask/.gitignore"), "# mine\n");
        try (FileRunStore store = FileRunStore.create(workspace, "20261125-213000-c3d4", "again", null, null,
                options())) {
            assertThat(store.run().id()).isEqualTo("20261125-213000-c3d4");
        }
        assertThat(Files.readString(workspace.resolve(".longtask/.gitignore"))).isEqualTo("# mine\n");
    }

    private String git(String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("git", "-C", workspace.toString()));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor()).as(out).isZero();
        return out;
    }

    /**
     * Without a flush, the projector thread's passes catch up with a burst of events: the pass that the last
     * events of the burst wait for (their interval not yet over) is written, and shows the newest state.
     */
    @Test
    void projectionsCatchUpWithABurstWithoutAFlush() throws Exception {
        try (FileRunStore store = newRun()) {
            Path dir = store.directory();
            for (int i = 1; i <= 30; i++) {
                store.createTask(draft("task " + i));
            }
            for (int i = 1; i <= 30; i++) {
                assertThat(store.claim(i, "w")).isTrue();
                store.append(EventType.FINDING_ADDED, i, JSON.createObjectNode().put("text", "found " + i));
                store.complete(i, "done " + i);
            }
            long last = store.run().lastSeq();
            String plan = MemoryTexts.of(StoreFixtures.fullReplay(dir)).plan();
            long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(60);
            // one projection pass writes run.json, then task_plan.md, then findings.md: wait for the last of them too
            while (!(Files.isRegularFile(dir.resolve("run.json"))
                    && JSON.readTree(dir.resolve("run.json").toFile()).path("last_seq").asLong() == last
                    && plan.equals(Files.readString(dir.resolve("task_plan.md")))
                    && Files.isRegularFile(dir.resolve("findings.md"))
                    && Files.readString(dir.resolve("findings.md")).contains("- found 30"))) {
                assertThat(System.nanoTime()).as("run.json, task_plan.md and findings.md to show seq " + last)
                        .isLessThan(deadline);
                Thread.sleep(20);
            }
            assertThat(JSON.readTree(dir.resolve("tasks/task_30.json").toFile()).path("status").asText())
                    .isEqualTo("completed");
        }
    }

    /**
     * The projection files an engine task's events replace, and nothing more: the task file and task_plan.md
     * when its status changes, the task file and run.json when its usage does, findings.md and progress.md for
     * their notes. run.json is not rewritten for events that only advance its last_seq, and is exact after close.
     */
    @Test
    void eachEventReplacesOnlyTheProjectionsItChanges() throws Exception {
        Path dir;
        try (FileRunStore store = newRun()) {
            dir = store.directory();
            Task task = store.createTask(draft("one"));
            store.flushProjections();
            long files = store.projectionFilesWritten();
            long runFileSeq = JSON.readTree(dir.resolve("run.json").toFile()).get("last_seq").asLong();

            assertThat(store.claim(task.id(), "w")).isTrue();
            store.flushProjections();
            assertThat(store.projectionFilesWritten() - files).as("claim: task file, task_plan.md, run.json (counts)")
                    .isEqualTo(3);
            assertThat(JSON.readTree(dir.resolve("run.json").toFile()).get("tasks").get("running").asInt()).isOne();
            files = store.projectionFilesWritten();

            ObjectNode call = JSON.createObjectNode().put("model", "m");
            call.set("usage", JSON.valueToTree(new Usage(10, 5, 0, 0, new BigDecimal("0.01"), 0)));
            Event llm = store.append(EventType.LLM_CALL, task.id(), call);
            store.flushProjections();
            assertThat(store.projectionFilesWritten() - files).as("llm.call: task file, run.json").isEqualTo(2);
            JsonNode run = JSON.readTree(dir.resolve("run.json").toFile());
            assertThat(run.get("last_seq").asLong()).isEqualTo(llm.seq());
            assertThat(run.get("usage").get("input_tokens").asLong()).isEqualTo(10);
            files = store.projectionFilesWritten();

            store.append(EventType.FINDING_ADDED, task.id(), JSON.createObjectNode().put("text", "found"));
            store.append(EventType.PROGRESS_NOTE, task.id(), JSON.createObjectNode().put("text", "noted"));
            store.flushProjections();
            assertThat(store.projectionFilesWritten() - files).as("findings.md, then progress.md").isEqualTo(2);
            assertThat(dir.resolve("findings.md")).content().contains("- found");
            assertThat(dir.resolve("progress.md")).content().contains("noted");
            assertThat(JSON.readTree(dir.resolve("run.json").toFile()).get("last_seq").asLong())
                    .as("a note or a finding does not change the run").isEqualTo(llm.seq());
            files = store.projectionFilesWritten();

            Task done = store.complete(task.id(), "done");
            store.flushProjections();
            assertThat(store.projectionFilesWritten() - files).as("complete: task file, task_plan.md, run.json")
                    .isEqualTo(3);
            assertThat(dir.resolve("task_plan.md")).content().contains("[x] #1: one");
            JsonNode after = JSON.readTree(dir.resolve("run.json").toFile());
            assertThat(after.get("tasks").get("completed").asInt()).isOne();
            assertThat(after.get("last_seq").asLong()).isEqualTo(store.run().lastSeq());
            assertThat(done.status()).isEqualTo(TaskStatus.COMPLETED);
        }
        StoreFixtures.assertProjectionsMatch(dir, StoreFixtures.fullReplay(dir));
        try (FileRunStore reopened = FileRunStore.open(workspace, "20261125-213000-a1b2", options())) {
            assertThat(reopened.openReport().clean()).as(reopened.openReport().toString()).isTrue();
        }
    }

    @Test
    void theMemoryAnAgentStartsFromIsWhatTheFilesShowOnceTheyCatchUp() {
        try (FileRunStore store = newRun()) {
            Task first = store.createTask(draft("one"));
            store.createTask(draft("two"));
            assertThat(store.memoryFiles()).isEqualTo(flushedFiles(store));
            store.claim(first.id(), "w");
            store.append(EventType.FINDING_ADDED, first.id(), JSON.createObjectNode().put("text", "src/a.java:3"));
            store.append(EventType.PROGRESS_NOTE, first.id(), JSON.createObjectNode().put("text", "mapped a"));
            MemoryFiles rendered = store.memoryFiles();
            assertThat(rendered.findings()).contains("src/a.java:3");
            assertThat(rendered.progress()).contains("mapped a");
            assertThat(rendered).isEqualTo(flushedFiles(store));
            store.complete(first.id(), "done");
            assertThat(store.memoryFiles().plan()).contains("[x] #1: one");
            assertThat(store.memoryFiles()).isEqualTo(flushedFiles(store));
        }
    }

    private static MemoryFiles flushedFiles(RunStore store) {
        store.flushProjections();
        return MemoryTexts.read(store.directory());
    }

    /**
     * A task's result.json is not fsynced when it ends: its ending event carries the result, so a write open rewrites
     * the file of a task that ended after the checkpoint it starts from, as a machine crash may have lost it.
     */
    @Test
    void theResultOfATaskThatEndedIsRebuiltFromItsEndingEventWhenTheFileWasLost(@TempDir Path crashed)
            throws Exception {
        String secret = "sk-test-0123456789abcdefghij";
        StoreOptions options = options().withSecrets(List.of(secret));
        String runId = "20261125-213000-a1b2";
        byte[] written;
        try (FileRunStore store = FileRunStore.create(workspace, runId, "g", null, null, options)) {
            Task task = store.createTask(draft("one"));
            store.checkpoint();
            store.claim(task.id(), "w");
            ObjectNode result = JSON.createObjectNode().put("task_id", task.id()).put("summary", "key " + secret)
                    .put("cost_usd", 0.0125);
            store.finish(task.id(), true, "done", List.of(), result);
            written = Files.readAllBytes(store.directory().resolve("results/task_1/result.json"));
            assertThat(new String(written, StandardCharsets.UTF_8)).contains("\"summary\"").doesNotContain(secret);
            Event ending = store.eventsAfter(0).stream().filter(e -> e.type().equals(EventType.TASK_COMPLETED))
                    .findFirst().orElseThrow();
            assertThat(ending.data().get("result")).as("the ending carries what the file holds")
                    .isEqualTo(JSON.readTree(written));
            // The run directory as a crash of the machine would find it: the ending after the last checkpoint. Taken
            // once the projector has nothing in flight (a temp file it renames away would end the walk).
            store.flushProjections();
            copyTree(store.directory(), FileRunStore.runsDirectory(crashed).resolve(runId));
        }
        Path file = FileRunStore.runsDirectory(crashed).resolve(runId).resolve("results/task_1/result.json");
        Files.write(file, new byte[0]);
        try (FileRunStore reopened = FileRunStore.open(crashed, runId, options)) {
            assertThat(reopened.openReport().filesRepaired()).contains("results/task_1/result.json");
            assertThat(Files.readAllBytes(file)).isEqualTo(written);
        }
        try (FileRunStore again = FileRunStore.open(crashed, runId, options)) {
            assertThat(again.openReport().filesRepaired()).as("an intact result is left alone")
                    .doesNotContain("results/task_1/result.json");
        }
    }

    /** A copy of a run directory the store has open, without temp files. */
    private static void copyTree(Path from, Path to) throws java.io.IOException {
        try (var paths = Files.walk(from)) {
            for (Path path : paths.toList()) {
                Path target = to.resolve(from.relativize(path).toString());
                if (Files.isDirectory(path)) {
                    Files.createDirectories(target);
                } else if (!path.getFileName().toString().endsWith(".tmp")) {
                    Files.copy(path, target);
                }
            }
        }
    }

    @Test
    void aRunJsonBehindOnlyInLastSeqIsBroughtUpToDateOnOpenWithoutCountingAsARepair() throws Exception {
        Path dir;
        byte[] lagging;
        try (FileRunStore store = newRun()) {
            dir = store.directory();
            lagging = Files.readAllBytes(dir.resolve("run.json"));
            store.createTask(draft("one"));
            store.append(EventType.PROGRESS_NOTE, null, JSON.createObjectNode().put("text", "n"));
        }
        Files.write(dir.resolve("run.json"), lagging);
        try (FileRunStore reopened = FileRunStore.open(workspace, "20261125-213000-a1b2", options())) {
            assertThat(reopened.openReport().filesRepaired()).doesNotContain("run.json");
            StoreFixtures.assertProjectionsMatch(dir, StoreFixtures.fullReplay(dir));
        }
        String goalChanged = new String(lagging, StandardCharsets.UTF_8).replace("Write a report", "Something else");
        Files.writeString(dir.resolve("run.json"), goalChanged);
        try (FileRunStore reopened = FileRunStore.open(workspace, "20261125-213000-a1b2", options())) {
            assertThat(reopened.openReport().filesRepaired()).contains("run.json");
            StoreFixtures.assertProjectionsMatch(dir, StoreFixtures.fullReplay(dir));
        }
    }

    /**
     * {@code readRun} (what resume reads before it opens a run) takes run.json, bound without the mapper, only when it
     * was written at the log's end, as the run the whole read gives; a run.json left behind by later events is not
     * taken, and the log says.
     */
    @Test
    void readRunTakesTheRunFileOnlyWhenItIsCurrentAndThenAsTheWholeReadGivesIt() throws Exception {
        Path dir;
        byte[] behind;
        try (FileRunStore store = newRun()) {
            dir = store.directory();
            store.createTask(draft("one"));
            store.setRunStatus(RunStatus.RUNNING, "");
            store.claim(1, "me");
            ObjectNode call = JSON.createObjectNode().put("model", "m");
            call.set("usage", JSON.valueToTree(new Usage(120, 30, 0, 0, new BigDecimal("0.015"), 0)));
            store.append(EventType.LLM_CALL, 1, call);
        }
        assertThat(FileRunStore.readRun(workspace, "20261125-213000-a1b2"))
                .isEqualTo(FileRunStore.read(workspace, "20261125-213000-a1b2").run());
        behind = Files.readAllBytes(dir.resolve("run.json"));
        try (FileRunStore store = FileRunStore.open(workspace, "20261125-213000-a1b2", options())) {
            store.setRunStatus(RunStatus.PAUSED, "a budget");
        }
        Files.write(dir.resolve("run.json"), behind);
        assertThat(FileRunStore.readRun(workspace, "20261125-213000-a1b2").status()).isEqualTo(RunStatus.PAUSED);
        assertThat(FileRunStore.readRun(workspace, "20261125-213000-a1b2").statusReason()).isEqualTo("a budget");
    }

    @Test
    void createWritesTheRunDirectoryAsDesignDescribesIt() throws Exception {
        try (FileRunStore store = newRun()) {
            Path dir = store.directory();
            assertThat(dir).isEqualTo(workspace.resolve(".longtask/runs/20261125-213000-a1b2"));
            assertThat(dir.resolve("events.jsonl")).exists();
            assertThat(dir.resolve("run.json")).exists();
            assertThat(dir.resolve("task_plan.md")).content().contains("Write a report");
            JsonNode run = JSON.readTree(dir.resolve("run.json").toFile());
            assertThat(run.get("goal").asText()).isEqualTo("Write a report");
            assertThat(run.get("status").asText()).isEqualTo("created");
            assertThat(run.get("budget").get("max_tokens").asLong()).isEqualTo(1000);
            assertThat(run.get("format_version").asInt()).isEqualTo(1);
            assertThat(store.run().lastSeq()).isEqualTo(1);
        }
    }

    @Test
    void taskFilesHoldExactlyTheDesignFields() throws Exception {
        try (FileRunStore store = newRun()) {
            store.createTask(draft("one"));
            store.flushProjections();
            JsonNode file = JSON.readTree(store.directory().resolve("tasks/task_1.json").toFile());
            List<String> names = new ArrayList<>();
            file.fieldNames().forEachRemaining(names::add);
            assertThat(names).containsExactly("id", "subject", "instruction", "agent", "status", "blockedBy",
                    "blocks", "inputs", "outputs", "success_criteria", "owner", "attempts", "created", "started",
                    "finished", "usage", "error");
            assertThat(file.get("status").asText()).isEqualTo("pending");
        }
    }

    @Test
    void refusedEventsAreNeverWritten() throws Exception {
        try (FileRunStore store = newRun()) {
            store.createTask(draft("one"));
            long before = Files.size(store.directory().resolve("events.jsonl"));
            assertThatThrownBy(() -> store.complete(5, "x")).isInstanceOf(NoSuchTaskException.class);
            assertThatThrownBy(() -> store.append(EventType.PROGRESS_NOTE, null, JSON.createObjectNode()))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'text' is missing");
            assertThat(Files.size(store.directory().resolve("events.jsonl"))).isEqualTo(before);
            assertThat(store.run().lastSeq()).isEqualTo(2);
        }
    }

    /** The contract suite checks the state a reopen gives; here, that a paused run reopens from its checkpoint. */
    @Test
    void aPausedRunReopensCleanFromItsCheckpoint() {
        try (FileRunStore store = newRun()) {
            store.createTask(draft("one"));
            store.claim(1, "w");
            store.complete(1, "ok");
            store.setRunStatus(RunStatus.PAUSED, "budget");
        }
        try (FileRunStore again = FileRunStore.open(workspace, "20261125-213000-a1b2", options())) {
            assertThat(again.openReport().clean()).as(again.openReport().toString()).isTrue();
            assertThat(again.openReport().checkpoint()).isNotNull();
            assertThat(again.openReport().eventsReplayed()).isZero();
        }
    }

    /** A run whose history has something of every kind: two sessions, cancels of both kinds, a plan half created. */
    private void runWithHistory() {
        try (FileRunStore store = newRun()) {
            store.append(null, new dev.longtask.model.EventData.SessionStarted(1, 1, "m", 2));
            store.append(null, new dev.longtask.model.EventData.FinisherChosen("pr"));
            store.createTask(draft("one"));
            store.createTask(draft("two", 1));
            store.createTask(draft("three", 1));
            store.claim(1, "w");
            store.fail(1, "broke");
            store.cancelAsBlocked(2, "its blocker failed");
            store.cancel(3, "by hand");
            store.append(null, new dev.longtask.model.EventData.DirectorDecided("stop", "enough", 1, List.of(), List.of(), 0,
                    List.of(), List.of(), List.of()));
            store.append(EventType.REPORT_WRITTEN, null, JSON.createObjectNode().put("title", "r").put("synthesized", true));
            store.append(null, new dev.longtask.model.EventData.SessionStarted(2, 1, "m", 2));
            store.append(null, new dev.longtask.model.EventData.PlanAccepted(4, "planner", 2,
                    JSON.createArrayNode().add(JSON.createObjectNode().put("key", "a")).add(JSON.createObjectNode().put("key", "b")),
                    null));
            store.createTask(draft("a"));
            store.setRunStatus(RunStatus.PAUSED, "budget");
        }
    }

    /** What the store keeps is what a pass over the whole log finds, and a reopen reads none of the log for it. */
    @Test
    void theHistoryIsKeptWithTheStateAndInCheckpoints() {
        runWithHistory();
        String id = "20261125-213000-a1b2";
        RunHistory folded = RunHistory.NONE.after(FileRunStore.events(workspace, id, 0));
        assertThat(folded.blockedCancels()).containsExactly(2);
        assertThat(folded.finisher()).isEqualTo("pr");
        assertThat(folded.lastDirectorAction()).isEqualTo("stop");
        assertThat(folded.lastReport()).isGreaterThan(0).isLessThan(folded.lastGraphChange());
        assertThat(folded.unfinishedPlans()).singleElement().satisfies(plan -> {
            assertThat(plan.firstId()).isEqualTo(4);
            assertThat(plan.tasks()).isEqualTo(2);
        });
        assertThat(folded.sessionStart()).isNotNull();
        try (FileRunStore again = FileRunStore.open(workspace, id, options())) {
            assertThat(again.openReport().eventsReplayed()).isZero();
            assertThat(again.history(RunHistory.NONE)).isEqualTo(folded);
            again.createTask(draft("b"));
            assertThat(again.history(RunHistory.NONE).unfinishedPlans()).as("the plan's last task is there").isEmpty();
            again.requeue(2, "try again");
            assertThat(again.history(RunHistory.NONE).blockedCancels()).isEmpty();
            assertThat(again.history(RunHistory.NONE)).isEqualTo(RunHistory.NONE.after(again.eventsAfter(0,
                    RunHistory::needsData)));
        }
    }

    /**
     * Checkpoints of the format before (SHA-256 checksums, no history in the state) are not damaged, only not
     * enough: the open replays the whole log, sets none aside, says nothing, and writes one of its own on close.
     */
    @Test
    void checkpointsOfTheOlderFormatAreReplayedOverNotSetAside() throws Exception {
        runWithHistory();
        String id = "20261125-213000-a1b2";
        Path dir = workspace.resolve(".longtask/runs").resolve(id);
        for (Path file : new Checkpoints(dir.resolve("checkpoints"), JSON, id).newestFirst()) {
            byte[] bytes = Files.readAllBytes(file);
            int newline = new String(bytes, StandardCharsets.UTF_8).indexOf('\n');
            ObjectNode header = (ObjectNode) JSON.readTree(new String(bytes, 0, newline, StandardCharsets.UTF_8));
            ObjectNode state = (ObjectNode) JSON.readTree(new String(bytes, newline + 1, bytes.length - newline - 1,
                    StandardCharsets.UTF_8));
            state.remove("history");
            byte[] older = JSON.writeValueAsBytes(state);
            header.remove(List.of("state_crc32c", "event_crc32c", "log_crc32c"));
            header.put("state_sha256", "0".repeat(64)).put("state_bytes", older.length)
                    .put("event_sha256", "0".repeat(64)).put("log_sha256", "0".repeat(64));
            Files.write(file, (JSON.writeValueAsString(header) + "\n" + new String(older, StandardCharsets.UTF_8))
                    .getBytes(StandardCharsets.UTF_8));
        }
        RunHistory folded = RunHistory.NONE.after(FileRunStore.events(workspace, id, 0));
        assertThat(FileRunStore.read(workspace, id).tasks()).hasSize(4);
        List<Path> older = new Checkpoints(dir.resolve("checkpoints"), JSON, id).newestFirst();
        try (FileRunStore again = FileRunStore.open(workspace, id, options())) {
            assertThat(again.openReport().clean()).as(again.openReport().toString()).isTrue();
            assertThat(again.openReport().checkpoint()).isNull();
            assertThat(again.openReport().eventsReplayed()).isEqualTo(again.run().lastSeq());
            assertThat(again.history(RunHistory.NONE)).isEqualTo(folded);
            assertThat(older).allMatch(Files::exists);
        }
        try (FileRunStore third = FileRunStore.open(workspace, id, options())) {
            assertThat(third.openReport().eventsReplayed()).as("from the checkpoint written on close").isZero();
            assertThat(third.history(RunHistory.NONE)).isEqualTo(folded);
        }
    }

    @Test
    void secondWriterIsRefusedWithTheRunId() {
        try (FileRunStore store = newRun()) {
            assertThatThrownBy(() -> FileRunStore.open(workspace, store.runId(), options()))
                    .isInstanceOf(RunLockedException.class)
                    .hasMessageContaining("20261125-213000-a1b2");
            assertThat(FileRunStore.read(workspace, store.runId()).run().goal()).isEqualTo("Write a report");
        }
        FileRunStore.open(workspace, "20261125-213000-a1b2", options()).close();
    }

    @Test
    void unknownRunAndMissingWorkspaceAreClearErrors() {
        assertThatThrownBy(() -> FileRunStore.open(workspace, "nope", options()))
                .isInstanceOf(NoSuchRunException.class).hasMessageContaining("no run 'nope'");
        assertThatThrownBy(() -> FileRunStore.read(workspace.resolve("missing"), "x"))
                .isInstanceOf(StoreException.class).hasMessageContaining("does not exist");
        assertThatThrownBy(() -> FileRunStore.create(workspace, "../evil", "g", null, null, options()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not valid");
    }

    @Test
    void approvalsGetTheNextIdAreAnsweredOnceAndOutliveTheProcess() throws Exception {
        com.fasterxml.jackson.databind.node.ObjectNode args = JSON.createObjectNode().put("command", "ls");
        dev.longtask.model.ApprovalQuestion asked = new dev.longtask.model.ApprovalQuestion(99, 1, "general", "bash",
                args, "k1", "$ ls", "Bash(ls:*)", "the approval mode is ask");
        try (FileRunStore store = newRun()) {
            store.createTask(new TaskDraft("t", "do", "general", List.of(), Map.of(), Map.of(), List.of()));
            assertThat(store.requestApproval(asked).id()).isEqualTo(1);
            assertThat(store.requestApproval(asked).id()).isEqualTo(2);
            store.answerApproval(dev.longtask.model.ApprovalAnswer.deny(2, "no", "me"));
            long before = store.run().lastSeq();

            assertThatThrownBy(() -> store.answerApproval(dev.longtask.model.ApprovalAnswer.allowOnce(2, "me")))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("question #2 was answered");
            assertThatThrownBy(() -> store.answerApproval(dev.longtask.model.ApprovalAnswer.allowOnce(3, "me")))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("no question #3");
            assertThatThrownBy(() -> store.append(EventType.APPROVAL_ANSWERED, null, JSON.createObjectNode()))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("answerApproval");
            assertThat(store.run().lastSeq()).as("refused answers are never written").isEqualTo(before);
            store.checkpoint();
        }
        try (FileRunStore reopened = FileRunStore.open(workspace, "20261125-213000-a1b2", StoreOptions.defaults())) {
            assertThat(reopened.openReport().checkpointsSkipped()).as("the checkpoint holds the approvals").isEmpty();
            assertThat(reopened.approvals()).hasSize(2);
        }
        RunSnapshot read = FileRunStore.read(workspace, "20261125-213000-a1b2");
        assertThat(read.openApprovals()).extracting(dev.longtask.model.Approval::id).containsExactly(1);
        assertThat(read.approvals().get(1).answer().reason()).isEqualTo("no");
        assertThat(read.approvals().get(0).question().arguments()).isEqualTo(args);
        assertThat(read.approvals().get(0).question().task()).isEqualTo(1);
    }
}
