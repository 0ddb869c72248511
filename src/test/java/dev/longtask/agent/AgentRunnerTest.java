package dev.longtask.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.longtask.model.agent.AgentOutcome;
import dev.longtask.model.ApprovalMode;
import dev.longtask.model.EventData;
import dev.longtask.model.SandboxMode;
import dev.longtask.model.run.RunStore;
import dev.longtask.tools.undo.Checkpoints;
import dev.longtask.model.agent.AgentSpec;
import dev.longtask.model.llm.ChatMessage;
import dev.longtask.model.llm.LlmClient;
import dev.longtask.tools.ToolContext;
import dev.longtask.model.Budget;
import dev.longtask.model.Event;
import dev.longtask.model.TaskDraft;
import dev.longtask.model.TaskStatus;
import dev.longtask.store.file.FileRunStore;
import dev.longtask.model.run.FsyncPolicy;
import dev.longtask.model.run.StoreOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One task of a real file store run by the loop: transcript on disk as it happens, result, findings, status. */
class AgentRunnerTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path ws;
    private FileRunStore store;
    private LoopFixture f;

    @BeforeEach
    void setUp() throws IOException {
        Files.writeString(ws.resolve("a.txt"), "alpha\n");
        store = FileRunStore.create(ws, null, "test goal", "test:scripted", Budget.UNLIMITED,
                StoreOptions.defaults().withFsync(FsyncPolicy.NONE));
        f = new LoopFixture(ws);
    }

    @AfterEach
    void tearDown() {
        store.close();
    }

    private Runner runner() {
        return (id, agent, model, index, total) -> new AgentRunner(store, new AgentRunner.Parts(dev.longtask.testing.EngineFixture.models(model), f.tools, LoopFixture.TOKENS, Clock.systemUTC(), LoopSettings.DEFAULTS,
                new ToolContext(f.workspace, store, 0), null, null)).claimAndExecute(id, agent, index, total).outcome();
    }

    /** The runner as {@code longtask agent} uses it: claim, run, record. */
    private interface Runner {
        AgentOutcome run(int id, AgentSpec agent, LlmClient model, int index, int total);
    }

    private int task(String instruction, Map<String, String> outputs) {
        return store.createTask(new TaskDraft("subject", instruction, "tester", List.of(), Map.of(), outputs,
                List.of("it is done"))).id();
    }

    private List<JsonNode> transcriptLines(int id) throws IOException {
        Path file = store.directory().resolve("transcripts/task_" + id + ".jsonl");
        if (!Files.exists(file)) {
            return List.of();
        }
        return Files.readAllLines(file).stream().filter(l -> !l.isBlank()).map(l -> {
            try {
                return JSON.readTree(l);
            } catch (IOException e) {
                throw new AssertionError(e);
            }
        }).toList();
    }

    private List<Event> events(String type) {
        return store.eventsAfter(0).stream().filter(e -> e.type().equals(type)).toList();
    }

    @Test
    void aTaskRunsToCompletionWithEverythingRecorded() throws Exception {
        int id = task("Read a.txt and report", Map.of("report", "out/report.md"));
        f.model.call("read", "{\"path\":\"a.txt\"}")
                .then(request -> {
                    // The first step is already in the transcript file on disk.
                    try {
                        assertThat(transcriptLines(id)).extracting(l -> l.path("kind").asText())
                                .containsExactly("system", "user", "assistant", "tool_call", "tool_result");
                    } catch (IOException e) {
                        throw new AssertionError(e);
                    }
                    return new ChatMessage.Assistant("", List.of(f.model.toolCall("note",
                            "{\"text\":\"a.txt:1 is alpha\"}")));
                })
                .call("write", "{\"path\":\"out/report.md\",\"content\":\"# alpha\"}")
                .call("submit_result", "{\"success\":true,\"summary\":\"Reported.\",\"findings\":[\"a.txt holds alpha\"],"
                        + "\"artifacts\":{\"report\":\"out/report.md\"}}");

        AgentOutcome outcome = runner().run(id, LoopFixture.agent(10, "read", "write"), f.model, 1, 1);

        assertThat(outcome.success()).isTrue();
        assertThat(store.task(id).status()).isEqualTo(TaskStatus.COMPLETED);
        String system = ScriptedModel.systemPrompt(f.model.requests().get(0));
        assertThat(system).contains("test goal", "Read a.txt and report", "out/report.md", "it is done", "task 1 of 1");
        JsonNode result = JSON.readTree(store.directory().resolve("results/task_" + id + "/result.json").toFile());
        assertThat(result.path("success").asBoolean()).isTrue();
        assertThat(result.path("summary").asText()).isEqualTo("Reported.");
        assertThat(result.path("artifacts").path("report").asText()).isEqualTo("out/report.md");
        assertThat(result.path("notes").get(0).asText()).isEqualTo("a.txt:1 is alpha");
        assertThat(events("llm.call")).hasSize(4).allSatisfy(e -> {
            assertThat(e.task()).isEqualTo(id);
            assertThat(e.data().path("model").asText()).isEqualTo("test:scripted");
            assertThat(e.data().at("/usage/input_tokens").asLong()).isEqualTo(100);
        });
        assertThat(events("finding.added")).extracting(e -> e.data().path("text").asText())
                .containsExactly("a.txt:1 is alpha", "a.txt holds alpha");
        store.flushProjections(); // the projector thread writes findings.md a moment after the events
        assertThat(Files.readString(store.directory().resolve("findings.md"))).contains("a.txt:1 is alpha",
                "a.txt holds alpha");
        assertThat(transcriptLines(id)).last().satisfies(l -> assertThat(l.path("kind").asText()).isEqualTo("outcome"));
    }

    /**
     * What a task changed is written in the batch that ends it ({@code finish}: one fsync of the log), not appended
     * before it on its own, and comes before its end in the log.
     */
    @Test
    void aTasksChangesAreRecordedInTheBatchThatEndsIt() throws Exception {
        int id = task("Write b.txt", Map.of());
        f.model.call("write", "{\"path\":\"b.txt\",\"content\":\"beta\"}")
                .call("submit_result", "{\"success\":true,\"summary\":\"Written.\"}");
        List<String> writes = new java.util.concurrent.CopyOnWriteArrayList<>();
        RunStore watched = (RunStore) java.lang.reflect.Proxy.newProxyInstance(RunStore.class.getClassLoader(),
                new Class<?>[] {RunStore.class}, (proxy, method, args) -> {
                    if (method.getName().equals("append") && args.length == 2 && args[1] instanceof EventData data) {
                        writes.add("append " + data.type());
                    } else if (method.getName().equals("finish")) {
                        @SuppressWarnings("unchecked")
                        List<EventData> records = (List<EventData>) args[3];
                        writes.add("finish " + records.stream().map(EventData::type).toList());
                    }
                    try {
                        return method.invoke(store, args);
                    } catch (java.lang.reflect.InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
        try (Checkpoints checkpoints = Checkpoints.open(ws, store.runId())) {
            assertThat(checkpoints.on()).isTrue();
            new AgentRunner(watched, new AgentRunner.Parts(dev.longtask.testing.EngineFixture.models(f.model), f.tools,
                    LoopFixture.TOKENS, Clock.systemUTC(), LoopSettings.DEFAULTS, new ToolContext(f.workspace, watched,
                    0, ApprovalMode.AUTO, SandboxMode.AUTO, checkpoints), null, null))
                    .claimAndExecute(id, LoopFixture.agent(10, "write"), 1, 1);
        }

        assertThat(store.task(id).status()).isEqualTo(TaskStatus.COMPLETED);
        assertThat(writes).doesNotContain("append task.changes")
                .contains("finish [task.changes, progress.note]");
        List<String> types = store.eventsAfter(0).stream().filter(e -> id == (e.task() == null ? -1 : e.task()))
                .map(Event::type).toList();
        assertThat(types.subList(types.size() - 3, types.size()))
                .containsExactly("task.changes", "progress.note", "task.completed");
        assertThat(events("task.changes")).hasSize(1);
    }

    /**
     * A task's first model call does not wait for its claim to be durable, but nothing the answer asks for happens
     * before every event written behind so far is: the store's {@code awaitWritten} is held here, and the write the
     * first answer asks for comes only once it returns. A retry awaits it before it starts (it undoes files).
     */
    @Test
    void aTasksFirstCallOverlapsItsClaimsFsyncAndItsAnswerWaitsForIt() throws Exception {
        int id = task("Write b.txt", Map.of());
        f.model.call("write", "{\"path\":\"b.txt\",\"content\":\"beta\"}")
                .call("submit_result", "{\"success\":true,\"summary\":\"Written.\"}");
        java.util.concurrent.CountDownLatch awaiting = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.atomic.AtomicInteger awaits = new java.util.concurrent.atomic.AtomicInteger();
        RunStore held = (RunStore) java.lang.reflect.Proxy.newProxyInstance(RunStore.class.getClassLoader(),
                new Class<?>[] {RunStore.class}, (proxy, method, args) -> {
                    if (method.getName().equals("awaitWritten")) {
                        awaits.incrementAndGet();
                        awaiting.countDown();
                        release.await();
                    }
                    try {
                        return method.invoke(store, args);
                    } catch (java.lang.reflect.InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
        AgentRunner runner = new AgentRunner(held, new AgentRunner.Parts(dev.longtask.testing.EngineFixture.models(
                f.model), f.tools, LoopFixture.TOKENS, Clock.systemUTC(), LoopSettings.DEFAULTS,
                new ToolContext(f.workspace, held, 0), null, null));
        dev.longtask.model.Task claimed = store.claimBehind(id, "w").orElseThrow();
        java.util.concurrent.CompletableFuture<AgentRunner.TaskRun> run = java.util.concurrent.CompletableFuture
                .supplyAsync(() -> runner.execute(claimed, LoopFixture.agent(10, "write"), 1, 1));

        assertThat(awaiting.await(30, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
        assertThat(f.model.requests()).as("the first call was made before the claim is known durable").hasSize(1);
        assertThat(ScriptedModel.systemPrompt(f.model.requests().get(0))).as("its memory shows it in progress")
                .contains("[>] #" + id + ": subject");
        assertThat(ws.resolve("b.txt")).as("nothing the answer asks for is done before").doesNotExist();
        release.countDown();
        assertThat(run.get(30, java.util.concurrent.TimeUnit.SECONDS).completed()).isTrue();
        assertThat(ws.resolve("b.txt")).hasContent("beta");
        assertThat(awaits.get()).isEqualTo(1);

        // A retry undoes what the attempt before it left, so it awaits its claim before anything else.
        int retried = task("Again", Map.of());
        assertThat(store.claim(retried, "w")).isTrue();
        store.requeue(retried, "stopped");
        dev.longtask.model.Task again = store.claimBehind(retried, "w").orElseThrow();
        assertThat(again.attempts()).isEqualTo(2);
        f.model.call("submit_result", "{\"success\":true,\"summary\":\"Again.\"}");
        assertThat(runner.execute(again, LoopFixture.agent(10, "write"), 1, 1).completed()).isTrue();
        assertThat(awaits.get()).as("once before it starts, once at its first call").isEqualTo(3);
    }

    @Test
    void aFailedTaskIsMarkedFailedWithTheReason() {
        int id = task("Never finishes", Map.of());
        f.model.otherwise(r -> new ChatMessage.Assistant("still thinking", List.of()));

        AgentOutcome outcome = runner().run(id, LoopFixture.agent(2, "read"), f.model, 1, 1);

        assertThat(outcome.ending()).isEqualTo(AgentOutcome.Ending.MAX_STEPS);
        assertThat(store.task(id).status()).isEqualTo(TaskStatus.FAILED);
        assertThat(store.task(id).error()).contains("max_steps (2)");
    }

    @Test
    void aTaskThatRunsPastItsTimeLimitIsStoppedAndFails() throws Exception {
        int id = task("Hangs in a model call", Map.of());
        java.util.concurrent.CountDownLatch never = new java.util.concurrent.CountDownLatch(1);
        f.model.otherwise(request -> {
            try {
                never.await(); // a provider that never answers; only the deadline's interrupt ends the wait
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new dev.longtask.model.llm.LlmException("interrupted while waiting for the model", 0, false, e);
            }
            throw new AssertionError("the latch is never released");
        });
        AgentRunner runner = new AgentRunner(store, new AgentRunner.Parts(dev.longtask.testing.EngineFixture.models(
                f.model), f.tools, LoopFixture.TOKENS, Clock.systemUTC(), LoopSettings.DEFAULTS,
                new ToolContext(f.workspace, store, 0), null, null, null, null, java.time.Duration.ofMillis(300)));

        AgentOutcome outcome = runner.claimAndExecute(id, LoopFixture.agent(10, "read"), 1, 1).outcome();

        assertThat(outcome.ending()).isEqualTo(AgentOutcome.Ending.TIMED_OUT);
        assertThat(Thread.currentThread().isInterrupted()).as("the deadline's interrupt is not left behind").isFalse();
        assertThat(store.task(id).status()).isEqualTo(TaskStatus.FAILED);
        assertThat(store.task(id).error()).contains("task_timeout");
        JsonNode result = JSON.readTree(store.directory().resolve("results/task_" + id + "/result.json").toFile());
        assertThat(result.path("ending").asText()).isEqualTo("timed_out");
        assertThat(Thread.getAllStackTraces().keySet()).as("the deadline's watcher ends with the task")
                .noneMatch(t -> t.getName().startsWith("longtask-task-deadline") && t.isAlive()
                        && waitedToEnd(t));
    }

    private static boolean waitedToEnd(Thread t) {
        try {
            t.join(30_000); // the watcher wakes as the loop ends; a generous deadline on a loaded machine
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return t.isAlive();
    }

    @Test
    void aTaskWithinItsTimeLimitIsNotTouchedByIt() {
        int id = task("Finishes at once", Map.of());
        f.model.call("submit_result", "{\"success\":true,\"summary\":\"Done.\"}");
        AgentRunner runner = new AgentRunner(store, new AgentRunner.Parts(dev.longtask.testing.EngineFixture.models(
                f.model), f.tools, LoopFixture.TOKENS, Clock.systemUTC(), LoopSettings.DEFAULTS,
                new ToolContext(f.workspace, store, 0), null, null, null, null, java.time.Duration.ofHours(1)));

        AgentOutcome outcome = runner.claimAndExecute(id, LoopFixture.agent(10, "read"), 1, 1).outcome();

        assertThat(outcome.ending()).isEqualTo(AgentOutcome.Ending.SUBMITTED);
        assertThat(store.task(id).status()).isEqualTo(TaskStatus.COMPLETED);
    }

    @Test
    void anInterruptedTaskGoesBackToPendingWithItsRecordIntact() throws Exception {
        int id = task("Work", Map.of());
        f.tools.add(FileTools.fixed("slow", () -> {
            Thread.currentThread().interrupt();
            return "partial";
        }));
        f.model.call("slow", "{}");

        AgentOutcome outcome = runner().run(id, LoopFixture.agent(5, "slow"), f.model, 1, 1);

        assertThat(Thread.interrupted()).isTrue();
        assertThat(outcome.ending()).isEqualTo(AgentOutcome.Ending.INTERRUPTED);
        assertThat(store.task(id).status()).isEqualTo(TaskStatus.PENDING);
        assertThat(transcriptLines(id)).extracting(l -> l.path("kind").asText()).contains("tool_result", "outcome");
        // The store is still usable after the interrupt.
        assertThat(store.createTask(TaskDraft.of("after")).id()).isEqualTo(id + 1);
    }

    @Test
    void aTaskThatIsNotPendingIsNotRun() {
        int id = task("Work", Map.of());
        store.claim(id, "someone else");

        assertThatThrownBy(() -> runner().run(id, LoopFixture.agent(5), f.model, 1, 1))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("cannot be claimed");
        assertThat(f.model.requests()).isEmpty();
    }
}
