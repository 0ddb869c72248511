package dev.longtask.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.longtask.model.Budget;
import dev.longtask.model.Event;
import dev.longtask.model.EventData;
import dev.longtask.model.EventType;
import dev.longtask.model.RunStatus;
import dev.longtask.model.TaskDraft;
import dev.longtask.model.Usage;
import dev.longtask.model.run.CallSums;
import dev.longtask.model.run.FsyncPolicy;
import dev.longtask.model.run.RunHistory;
import dev.longtask.model.run.StoreOptions;
import dev.longtask.store.file.FileRunStore;
import dev.longtask.testing.RunFixtures;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a run took is summed as its model calls are recorded and kept in its checkpoints, and comes out as reading the
 * log back would make it: for a run at work, for one opened again from its checkpoint, and for a run written before
 * the sums were kept (whose log is read).
 */
class RunActualsTest {
    private static final StoreOptions NO_FSYNC = StoreOptions.defaults().withSecrets(List.of())
            .withFsync(FsyncPolicy.NONE);
    private static final Instant END = Instant.parse("2026-11-28T12:00:00Z");

    @TempDir
    Path ws;

    private static EventData.LlmCall call(String model, String agent, long ms, long in, long out, long read) {
        return new EventData.LlmCall(model, agent, "step", 1, ms, new Usage(in, out, read, 2, BigDecimal.ONE, 0));
    }

    /** The history as a run without kept sums has it: the end reads the log. */
    private static RunHistory withoutSums(RunHistory h) {
        return new RunHistory(h.seq(), h.blockedCancels(), h.lastGraphChange(), h.lastReport(), h.lastDirectorAction(),
                h.finisher(), h.earlierSessions(), h.sessionStart(), h.lastTime(), h.unfinishedPlans(),
                h.sessionConcurrency(), h.firstPlan(), h.endedFailed(), h.sessionEnded(), null);
    }

    @Test
    void theSumsKeptAsCallsArriveAreWhatTheLogSaysAndSurviveAReopen() {
        RunRecord live;
        CallSums kept;
        try (FileRunStore store = FileRunStore.create(ws, "sums", "goal", "m:run", Budget.UNLIMITED, NO_FSYNC)) {
            store.append(null, call("m:run", "planner", 1500, 1000, 100, 0));
            int one = store.createTask(new TaskDraft("one", "do one", "general", List.of(), Map.of(), Map.of(),
                    List.of())).id();
            int two = store.createTask(new TaskDraft("two", "do two", "general", List.of(), Map.of(), Map.of(),
                    List.of())).id();
            int three = store.createTask(new TaskDraft("three", "do three", "coder", List.of(), Map.of(), Map.of(),
                    List.of())).id();
            for (int id : List.of(one, two, three)) {
                assertThat(store.claim(id, "me")).isTrue();
            }
            store.append(one, call("m:run", "general", 40, 500, 50, 10));
            store.append(two, call("m:run", "general", 60, 700, 70, 0));
            store.append(one, call("m:run", "general", 30, 300, 30, 5));
            // a call naming no model is the run's model's, and counts with those that named it
            store.append(two, call(null, "general", 20, 100, 10, 0));
            store.append(three, call("m:other", "coder", 80, 900, 90, 0));
            // a role's call made for a task is the role's, not the task's
            store.append(three, call("m:run", "director", 700, 200, 20, 0));
            for (int id : List.of(one, two, three)) {
                store.complete(id, "done");
            }
            store.append(null, call("m:run", "synthesizer", 2500, 4000, 400, 0));
            RunHistory history = store.history(RunHistory.NONE);
            assertThat(history.calls()).as("folded as the calls were recorded").isNotNull();
            kept = history.calls();
            live = RunActuals.of(store, history, 2, RunStatus.COMPLETED, END);
            RunRecord fromLog = RunActuals.of(store, withoutSums(history), 2, RunStatus.COMPLETED, END);
            assertThat(live).as("the kept sums make what the log makes").isEqualTo(fromLog);

            Map<String, AgentFigures> by = new LinkedHashMap<>();
            live.agents().forEach(a -> by.put(a.agent() + "@" + a.model(), a));
            assertThat(by.keySet()).containsExactly("planner@m:run", "general@m:run", "coder@m:other",
                    "director@m:run", "synthesizer@m:run");
            AgentFigures general = by.get("general@m:run");
            assertThat(general.units()).as("two tasks").isEqualTo(2);
            assertThat(general.steps()).isEqualTo(4);
            assertThat(general.inputTokens()).isEqualTo(1600);
            assertThat(general.outputTokens()).isEqualTo(160);
            assertThat(general.cacheReadTokens()).isEqualTo(15);
            assertThat(general.cacheWriteTokens()).isEqualTo(8);
            assertThat(by.get("director@m:run").units()).isEqualTo(1);
            assertThat(by.get("director@m:run").seconds()).isEqualTo(0.7);
            assertThat(by.get("planner@m:run").seconds()).isEqualTo(1.5);
            assertThat(by.get("coder@m:other").steps()).isEqualTo(1);
        }
        try (FileRunStore again = FileRunStore.open(ws, "sums", NO_FSYNC)) {
            RunHistory history = again.history(RunHistory.NONE);
            assertThat(history.calls()).as("read back from the checkpoint written at the close").isEqualTo(kept);
            assertThat(RunActuals.of(again, history, 2, RunStatus.COMPLETED, END)).isEqualTo(live);
            // a call after the reopen is added to what the checkpoint held
            again.append(null, call("m:run", "synthesizer", 500, 1, 1, 0));
            RunRecord more = RunActuals.of(again, 2, RunStatus.COMPLETED, END);
            assertThat(more.agents()).filteredOn(a -> a.agent().equals("synthesizer")).singleElement()
                    .satisfies(a -> assertThat(a.steps()).isEqualTo(2));
            assertThat(more).isEqualTo(RunActuals.of(again, withoutSums(again.history(RunHistory.NONE)), 2,
                    RunStatus.COMPLETED, END));
        }
    }

    @Test
    void aCallWithoutItsAgentLeavesTheSumsToTheLogWhichNamesTheTasksAgent() {
        try (FileRunStore store = FileRunStore.create(ws, "older", "goal", "m:run", Budget.UNLIMITED, NO_FSYNC)) {
            int one = store.createTask(new TaskDraft("one", "do one", "coder", List.of(), Map.of(), Map.of(),
                    List.of())).id();
            assertThat(store.claim(one, "me")).isTrue();
            store.append(one, call("m:run", null, 40, 500, 50, 0));
            store.complete(one, "done");
            assertThat(store.history(RunHistory.NONE).calls()).as("not summable here").isNull();
            RunRecord record = RunActuals.of(store, 1, RunStatus.COMPLETED, END);
            assertThat(record.agents()).singleElement().satisfies(a -> {
                assertThat(a.agent()).isEqualTo("coder");
                assertThat(a.inputTokens()).isEqualTo(500);
                assertThat(a.units()).isEqualTo(1);
            });
        }
    }

    @Test
    void aRunWrittenBeforeTheSumsWereKeptReportsFromItsLog() {
        Path old = RunFixtures.formatTwo(ws);
        try (FileRunStore store = FileRunStore.open(old, "fixture-completed", NO_FSYNC)) {
            RunHistory history = store.history(RunHistory.NONE);
            Map<String, long[]> expected = new LinkedHashMap<>();
            for (Event e : store.eventsAfter(0)) {
                if (EventType.LLM_CALL.equals(e.type())) {
                    long[] s = expected.computeIfAbsent(e.data().path("agent").asText(), k -> new long[2]);
                    s[0]++;
                    s[1] += e.data().path("usage").path("input_tokens").asLong();
                }
            }
            assertThat(expected).isNotEmpty();
            RunRecord record = RunActuals.of(store, history, 1, RunStatus.COMPLETED, END);
            Map<String, long[]> got = new LinkedHashMap<>();
            record.agents().forEach(a -> got.put(a.agent(), new long[] {a.steps(), a.inputTokens()}));
            assertThat(got.keySet()).containsExactlyElementsOf(expected.keySet());
            expected.forEach((agent, s) -> assertThat(got.get(agent)).as(agent).containsExactly(s));
            assertThat(record).isEqualTo(RunActuals.of(store, withoutSums(history), 1, RunStatus.COMPLETED, END));
        }
    }
}
