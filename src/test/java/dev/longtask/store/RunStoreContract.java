package dev.longtask.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.longtask.model.ApprovalAnswer;
import dev.longtask.model.ApprovalQuestion;
import dev.longtask.model.Budget;
import dev.longtask.model.Event;
import dev.longtask.model.EventType;
import dev.longtask.model.JsonMapping;
import dev.longtask.model.RunStatus;
import dev.longtask.model.Task;
import dev.longtask.model.TaskDraft;
import dev.longtask.model.TaskStatus;
import dev.longtask.model.Usage;
import dev.longtask.model.run.DependencyCycleException;
import dev.longtask.model.run.NoSuchRunException;
import dev.longtask.model.run.NoSuchTaskException;
import dev.longtask.model.run.RunFile;
import dev.longtask.model.run.RunHistory;
import dev.longtask.model.run.RunSnapshot;
import dev.longtask.model.run.RunStore;
import dev.longtask.model.run.RunStores;
import dev.longtask.model.run.StoreException;
import dev.longtask.model.run.StoreOptions;
import dev.longtask.model.run.TaskStateException;
import dev.longtask.model.run.Transcript;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What every {@link RunStore} promises, whatever holds the log: the graph rules, the log without gaps, usage
 * totals, refusals that write nothing, reopening to the same state, projections, results and transcripts, secrets,
 * listeners, approvals and claims under contention. One subclass per store.
 */
public abstract class RunStoreContract {
    static final String RUN = "20261125-213000-a1b2";
    protected static final ObjectMapper JSON = JsonMapping.newMapper();

    @TempDir
    protected Path workspace;

    /** Creates a run and opens it for writing. */
    protected abstract RunStore create(String runId, String goal, String model, Budget budget, StoreOptions options);

    /** Opens an existing run for writing (after the store that created it was closed). */
    protected abstract RunStore reopen(String runId);

    /** Reads a run as any process can, without opening it. */
    protected abstract RunSnapshot read(String runId);

    protected abstract List<String> list();

    /** The lines of a transcript as the store keeps them ("task_1", "planner_1"...). */
    protected abstract List<JsonNode> transcript(RunStore store, String name) throws Exception;

    /** A task's result as the store keeps it. */
    protected abstract JsonNode result(RunStore store, int task) throws Exception;

    /** The store's runs, as a reading process (a server) opens them. */
    protected abstract RunStores stores();

    /** Everything the store wrote for the run, as text: to look for what must never be there. */
    protected abstract String everythingWritten(RunStore store) throws Exception;

    protected static StoreOptions options() {
        return StoreOptions.defaults().withSecrets(List.of());
    }

    RunStore newRun() {
        return create(RUN, "Write a report", "openai:gpt-4o-mini", new Budget(1000L, new BigDecimal("2.50"), null),
                options());
    }

    static TaskDraft draft(String subject, Integer... blockedBy) {
        return new TaskDraft(subject, "do " + subject, "general", List.of(blockedBy), Map.of("in", "a.txt"),
                Map.of("out", "b.txt"), List.of("it exists"));
    }

    @Test
    void graphFollowsSeed001Semantics() {
        try (RunStore store = newRun()) {
            Task one = store.createTask(draft("one"));
            Task two = store.createTask(draft("two", 1));
            Task three = store.createTask(draft("three", 1, 2));
            assertThat(List.of(one.id(), two.id(), three.id())).containsExactly(1, 2, 3);
            assertThat(store.task(1).blocks()).containsExactly(2, 3);
            assertThat(store.task(3).blockedBy()).containsExactly(1, 2);

            assertThat(store.claim(2, "w")).isFalse();
            assertThat(store.claim(1, "w")).isTrue();
            assertThat(store.claim(1, "other")).isFalse();
            store.complete(1, "done");
            assertThat(store.task(2).blockedBy()).isEmpty();
            assertThat(store.task(3).blockedBy()).containsExactly(2);
            assertThat(store.task(1).blocks()).containsExactly(2, 3);

            assertThatThrownBy(() -> store.addDependency(2, 3))
                    .isInstanceOf(DependencyCycleException.class)
                    .hasMessageContaining("task 2 cannot wait for task 3")
                    .hasMessageContaining("2 -> 3 -> 2");
            assertThatThrownBy(() -> store.addDependency(3, 3)).isInstanceOf(DependencyCycleException.class)
                    .hasMessageContaining("cannot wait for itself");
            assertThatThrownBy(() -> store.addDependency(3, 9)).isInstanceOf(NoSuchTaskException.class)
                    .hasMessageContaining("no task 9");
            assertThatThrownBy(() -> store.createTask(draft("bad", 7))).isInstanceOf(NoSuchTaskException.class);
            assertThatThrownBy(() -> store.complete(1, "again")).isInstanceOf(TaskStateException.class)
                    .hasMessageContaining("task 1 is completed");
            assertThat(store.createTask(draft("four")).id()).isEqualTo(4);
        }
    }

    @Test
    void llmCallsAddToTaskAndRunUsage() {
        try (RunStore store = newRun()) {
            store.createTask(draft("one"));
            ObjectNode data = JSON.createObjectNode().put("model", "m");
            data.set("usage", JSON.valueToTree(new Usage(100, 20, 0, 0, new BigDecimal("0.0105"), 0)));
            store.append(EventType.LLM_CALL, 1, data);
            store.append(EventType.LLM_CALL, 1, data);
            store.append(EventType.LLM_CALL, null, data);
            assertThat(store.task(1).usage().inputTokens()).isEqualTo(200);
            assertThat(store.run().usage().inputTokens()).isEqualTo(300);
            assertThat(store.run().usage().costUsd()).isEqualByComparingTo("0.0315");
        }
    }

    @Test
    void appendRefusesKindsThatHaveTheirOwnMethods() {
        try (RunStore store = newRun()) {
            assertThatThrownBy(() -> store.append(EventType.TASK_COMPLETED, 1, null))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("complete");
        }
    }

    @Test
    void refusedEventsAreNeverWritten() {
        try (RunStore store = newRun()) {
            store.createTask(draft("one"));
            assertThatThrownBy(() -> store.complete(5, "x")).isInstanceOf(NoSuchTaskException.class);
            assertThatThrownBy(() -> store.append(EventType.PROGRESS_NOTE, null, JSON.createObjectNode()))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'text' is missing");
            assertThat(store.eventsAfter(0)).extracting(Event::seq).containsExactly(1L, 2L);
            assertThat(store.run().lastSeq()).isEqualTo(2);
        }
    }

    @Test
    void reopenedStoreEqualsTheLiveOneAndEventsCountWithoutGaps() {
        List<Task> liveTasks;
        Object liveRun;
        try (RunStore store = newRun()) {
            store.createTask(draft("one"));
            store.createTask(draft("two", 1));
            store.claim(1, "w");
            store.append(EventType.SESSION_STARTED, null, JSON.createObjectNode().put("session", 1));
            store.append(EventType.ROUND_STARTED, null, JSON.createObjectNode().put("round", 1).put("objective", "go"));
            store.append(EventType.PROGRESS_NOTE, null, JSON.createObjectNode().put("text", "working"));
            store.append(EventType.FINDING_ADDED, 1, JSON.createObjectNode().put("text", "found it"));
            store.complete(1, "ok");
            store.setRunStatus(RunStatus.PAUSED, "budget");
            liveTasks = store.tasks();
            liveRun = store.run();
            List<Event> events = store.eventsAfter(0);
            for (int i = 0; i < events.size(); i++) {
                assertThat(events.get(i).seq()).isEqualTo(i + 1);
            }
            assertThat(store.eventsAfter(8)).extracting(Event::seq).containsExactly(9L, 10L);
            assertThat(store.eventsAfter(0, type -> false)).allSatisfy(e -> assertThat(e.data()).isEmpty());
        }
        try (RunStore again = reopen(RUN)) {
            assertThat(again.tasks()).isEqualTo(liveTasks);
            assertThat(again.run()).isEqualTo(liveRun);
        }
        RunSnapshot read = read(RUN);
        assertThat(read.tasks()).isEqualTo(liveTasks);
        assertThat(read.run()).isEqualTo(liveRun);
    }

    @Test
    void markdownProjectionsShowPlanProgressAndFindings() {
        try (RunStore store = newRun()) {
            store.createTask(draft("one"));
            store.createTask(draft("two", 1));
            store.append(EventType.SESSION_STARTED, null, JSON.createObjectNode().put("session", 1));
            store.append(EventType.ROUND_STARTED, null, JSON.createObjectNode().put("round", 1).put("objective", "plan"));
            store.append(EventType.PROGRESS_NOTE, null, JSON.createObjectNode().put("text", "planned two tasks"));
            store.append(EventType.FINDING_ADDED, 1, JSON.createObjectNode().put("text", "the build is slow"));
            store.append(EventType.DECISION_RECORDED, null, JSON.createObjectNode().put("text", "go on"));
            store.append(EventType.ERROR_RECORDED, 2, JSON.createObjectNode().put("text", "timeout"));
            store.flushProjections();
            Path dir = store.directory();
            assertThat(dir).isEqualTo(workspace.toAbsolutePath().normalize().resolve(".longtask/runs/" + RUN));
            assertThat(dir.resolve("task_plan.md")).content()
                    .contains("## Goal\n\nWrite a report")
                    .contains("[ ] #1: one\n[ ] #2: two (blocked by: 1)")
                    .contains("## Decisions\n\n- ").contains(": go on")
                    .contains("## Errors\n\n- ").contains(" task 2: timeout");
            assertThat(dir.resolve("progress.md")).content()
                    .containsPattern("## Session \\d{4}-\\d\\d-\\d\\dT")
                    .contains("### Round 1: plan")
                    .contains("planned two tasks");
            assertThat(dir.resolve("findings.md")).content().contains("## Task 1: one\n\n- the build is slow");
            assertThat(dir.resolve("tasks/task_2.json")).content().contains("\"blockedBy\" : [ 1 ]");
        }
    }

    @Test
    void listShowsNewestFirst() {
        create("b-run", "first", null, null, options()).close();
        create("a-run", "second", null, null, options()).close();
        assertThat(list()).containsExactly("a-run", "b-run");
    }

    @Test
    void anUnknownRunIsAClearError() {
        assertThatThrownBy(() -> reopen("nope")).isInstanceOf(NoSuchRunException.class)
                .hasMessageContaining("no run 'nope'");
        create("taken", "first", null, null, options()).close();
        assertThatThrownBy(() -> create("taken", "again", null, null, options())).isInstanceOf(StoreException.class)
                .hasMessageContaining("run taken already exists");
    }

    @Test
    void resultsAndTranscriptsAreKeptForEveryReader() throws Exception {
        try (RunStore store = newRun()) {
            store.createTask(draft("one"));
            Path result = store.writeResult(1, JSON.createObjectNode().put("success", true).put("summary", "ok"));
            assertThat(result).isEqualTo(store.directory().resolve("results/task_1/result.json"));
            assertThat(JSON.readTree(result.toFile()).get("summary").asText()).isEqualTo("ok");
            assertThat(result(store, 1).get("summary").asText()).isEqualTo("ok");
            Transcript transcript = store.transcript(1);
            transcript.append(JSON.createObjectNode().put("role", "user").put("content", "hi"));
            transcript.append(JSON.createObjectNode().put("role", "assistant").put("content", "hello"));
            store.roleTranscript("planner_1").append(JSON.createObjectNode().put("role", "user").put("content", "plan"));
            List<JsonNode> lines = transcript(store, "task_1");
            assertThat(lines).extracting(l -> l.get("content").asText()).containsExactly("hi", "hello");
            assertThat(transcript(store, "planner_1")).hasSize(1);
            assertThatThrownBy(() -> store.transcript(2)).isInstanceOf(NoSuchTaskException.class);
            assertThatThrownBy(() -> store.roleTranscript("../x")).isInstanceOf(IllegalArgumentException.class);
        }
    }

    @Test
    void documentsAreWrittenWholeAndReadThroughTheStoreByEveryReader() throws Exception {
        RunReader reader = new RunReader(stores());
        try (RunStore store = newRun()) {
            assertThat(store.read(RunFile.REPORT)).isEmpty();
            assertThat(store.written(RunFile.REPORT)).isEmpty();
            assertThat(reader.file(workspace, RUN, RunFile.REVIEW_REPORT)).isEmpty();
            // where a person is told to look, written or not; the names are the run directory's as before
            assertThat(store.where(RunFile.REPORT)).isEqualTo(store.directory().resolve("report.md"));
            assertThat(store.where(RunFile.REVIEW_JSON)).isEqualTo(store.directory().resolve("results/review/review.json"));

            Path report = store.writeReport("# Report\n", JSON.createObjectNode().put("title", "Report"));
            assertThat(report).isEqualTo(store.where(RunFile.REPORT));
            assertThat(store.read(RunFile.REPORT)).contains("# Report\n");
            assertThat(JSON.readTree(store.read(RunFile.FINAL_RESULT).orElseThrow()).get("title").asText())
                    .isEqualTo("Report");
            assertThatThrownBy(() -> store.write(RunFile.REPORT, "# not this way\n"))
                    .isInstanceOf(IllegalArgumentException.class);
            assertThat(store.read(RunFile.REPORT)).contains("# Report\n");

            Path review = store.write(RunFile.REVIEW_REPORT, "# Review\n");
            store.write(RunFile.REVIEW_JSON, "{\"score\": 90}\n");
            store.write(RunFile.REVIEW_REPORT, "# Review, again\n");
            assertThat(review).isEqualTo(store.directory().resolve("results/review/review.md"));
            assertThat(store.written(RunFile.REVIEW_REPORT)).contains(review);
            assertThat(store.read(RunFile.REVIEW_REPORT)).contains("# Review, again\n");
            // replaced whole: no temporary file is left beside them
            try (var files = Files.list(review.getParent())) {
                assertThat(files.map(f -> f.getFileName().toString())).containsExactlyInAnyOrder("review.md",
                        "review.json");
            }
            assertThat(reader.file(workspace, RUN, RunFile.REVIEW_REPORT)).contains("# Review, again\n");
            assertThat(reader.file(workspace, RUN, RunFile.REVIEW_JSON)).contains("{\"score\": 90}\n");
            assertThat(reader.report(workspace, RUN)).contains("# Report\n");
        }
        try (RunStore reopened = reopen(RUN)) {
            assertThat(reopened.read(RunFile.REVIEW_REPORT)).contains("# Review, again\n");
            assertThat(reopened.read(RunFile.REPORT)).contains("# Report\n");
        }
    }

    @Test
    void knownSecretsAreNeverWritten() throws Exception {
        String key = "sk-test-0123456789abcdef";
        StoreOptions withSecret = options().withSecrets(List.of(key));
        try (RunStore store = create("secret-run", "goal", null, null, withSecret)) {
            store.createTask(draft("one"));
            store.append(EventType.PROGRESS_NOTE, null, JSON.createObjectNode().put("text", "key is " + key));
            store.transcript(1).append(JSON.createObjectNode().put("content", "Authorization: Bearer " + key));
            store.writeResult(1, JSON.createObjectNode().put("summary", key));
            store.flushProjections();
            assertThat(store.directory().resolve("progress.md")).content().contains("[REDACTED]");
            assertThat(everythingWritten(store)).contains("[REDACTED]").doesNotContain(key);
        }
        try (var files = Files.walk(workspace)) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                assertThat(Files.readString(file, StandardCharsets.ISO_8859_1)).as(file.toString()).doesNotContain(key);
            }
        }
    }

    @Test
    void listenersHearEachEventAfterItIsDurable() {
        try (RunStore store = newRun()) {
            List<Long> heard = new ArrayList<>();
            store.subscribe(e -> heard.add(e.seq()));
            store.subscribe(e -> {
                throw new IllegalStateException("a broken listener does not break the store");
            });
            store.createTask(draft("one"));
            store.claim(1, "w");
            assertThat(heard).containsExactly(2L, 3L);
        }
    }

    @Test
    void approvalsGetTheNextIdAndAreAnsweredOnce() {
        ObjectNode args = JSON.createObjectNode().put("command", "ls");
        ApprovalQuestion asked = new ApprovalQuestion(99, 1, "general", "bash", args, "k1", "$ ls", "Bash(ls:*)",
                "the approval mode is ask");
        try (RunStore store = newRun()) {
            store.createTask(new TaskDraft("t", "do", "general", List.of(), Map.of(), Map.of(), List.of()));
            assertThat(store.requestApproval(asked).id()).isEqualTo(1);
            assertThat(store.requestApproval(asked).id()).isEqualTo(2);
            store.answerApproval(ApprovalAnswer.deny(2, "no", "me"));
            long before = store.run().lastSeq();
            assertThatThrownBy(() -> store.answerApproval(ApprovalAnswer.allowOnce(2, "me")))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("question #2 was answered");
            assertThatThrownBy(() -> store.answerApproval(ApprovalAnswer.allowOnce(3, "me")))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("no question #3");
            assertThatThrownBy(() -> store.append(EventType.APPROVAL_ANSWERED, null, JSON.createObjectNode()))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("answerApproval");
            assertThat(store.run().lastSeq()).as("refused answers are never written").isEqualTo(before);
        }
        RunSnapshot read = read(RUN);
        assertThat(read.openApprovals()).extracting(dev.longtask.model.Approval::id).containsExactly(1);
        assertThat(read.approvals().get(1).answer().reason()).isEqualTo("no");
        assertThat(read.approvals().get(0).question().arguments()).isEqualTo(args);
    }

    @Test
    void theHistoryOfSessionsAndPlansIsFoldedTheSameByEveryStore() {
        ObjectNode estimate = JSON.createObjectNode().put("time_s", 480);
        com.fasterxml.jackson.databind.node.ArrayNode planned = JSON.createArrayNode();
        planned.addObject().put("key", "a").put("subject", "first");
        List<Event> log;
        RunHistory live;
        try (RunStore store = newRun()) {
            store.append(null, new dev.longtask.model.EventData.SessionStarted(1, 1, "m", 2));
            store.append(null, new dev.longtask.model.EventData.PlanAccepted(1, "planner", 1, planned, estimate));
            store.createTask(draft("first"));
            store.append(null, new dev.longtask.model.EventData.SessionStarted(2, 1, "m", 5));
            store.append(null, new dev.longtask.model.EventData.PlanAccepted(2, "director", 2, planned,
                    JSON.createObjectNode().put("time_s", 60)));
            store.createTask(draft("second"));
            live = store.history(RunHistory.NONE);
            log = store.eventsAfter(0);
        }
        RunSnapshot read = read(RUN);
        RunHistory history = read.history();
        assertThat(history).as("read as any process reads it, the same as the writer's").isEqualTo(live);
        assertThat(history.sessionConcurrency()).as("the latest session's").isEqualTo(5);
        assertThat(read.concurrency(9)).as("nothing recorded in the run's settings").isEqualTo(5);
        assertThat(history.firstPlan().seconds()).as("the first plan's estimate").isEqualTo(480L);
        assertThat(history.firstPlan().accepted()).isEqualTo(log.get(2).time());
        java.time.Duration first = java.time.Duration.between(log.get(1).time(), log.get(3).time());
        java.time.Duration second = java.time.Duration.between(log.get(4).time(), log.get(log.size() - 1).time());
        assertThat(history.activeTime()).as("each session from its start to its last event").isEqualTo(first.plus(second));
        assertThat(history.activeTime(log.get(4).time().plusSeconds(100)))
                .as("the session at work counts up to now").isEqualTo(first.plusSeconds(100));
        try (RunStore reopened = reopen(RUN)) {
            assertThat(reopened.history(RunHistory.NONE)).as("reopened, from its checkpoint or its log").isEqualTo(history);
        }
    }

    @Test
    void finishWritesTheRecordsAndTheStatusTogether() {
        try (RunStore store = newRun()) {
            store.createTask(draft("one"));
            store.claim(1, "w");
            long before = store.run().lastSeq();
            store.finish(1, true, "all good", List.of(new dev.longtask.model.EventData.FindingAdded("a finding", "general", null)));
            assertThat(store.eventsAfter(before)).extracting(Event::type)
                    .containsExactly(EventType.FINDING_ADDED, EventType.TASK_COMPLETED);
            assertThat(store.task(1).status()).isEqualTo(TaskStatus.COMPLETED);
            assertThatThrownBy(() -> store.finish(1, false, "x", List.of())).isInstanceOf(TaskStateException.class);
            assertThat(store.run().lastSeq()).isEqualTo(before + 2);
        }
    }

    @Test
    void manyThreadsClaimingTheSameTasksGetEachTaskExactlyOnce() throws Exception {
        int tasks = 20;
        int threads = 6;
        try (RunStore store = newRun()) {
            for (int i = 0; i < tasks; i++) {
                store.createTask(draft("t" + i));
            }
            Map<Integer, String> winners = new ConcurrentHashMap<>();
            List<String> doubles = Collections.synchronizedList(new ArrayList<>());
            CountDownLatch start = new CountDownLatch(1);
            ExecutorService pool = Executors.newFixedThreadPool(threads);
            try {
                List<Future<?>> futures = new ArrayList<>();
                for (int t = 0; t < threads; t++) {
                    String owner = "w" + t;
                    futures.add(pool.submit(() -> {
                        start.await();
                        for (int id = 1; id <= tasks; id++) {
                            if (store.claim(id, owner) && winners.putIfAbsent(id, owner) != null) {
                                doubles.add("task " + id);
                            }
                        }
                        return null;
                    }));
                }
                start.countDown();
                for (Future<?> f : futures) {
                    f.get(60, TimeUnit.SECONDS);
                }
            } finally {
                pool.shutdownNow();
            }
            assertThat(doubles).isEmpty();
            assertThat(winners).hasSize(tasks);
            assertThat(store.tasks()).allSatisfy(t -> {
                assertThat(t.status()).isEqualTo(TaskStatus.IN_PROGRESS);
                assertThat(t.attempts()).isEqualTo(1);
                assertThat(t.owner()).isEqualTo(winners.get(t.id()));
            });
            assertThat(store.eventsAfter(0)).filteredOn(e -> e.type().equals(EventType.TASK_CLAIMED)).hasSize(tasks);
        }
    }
}
