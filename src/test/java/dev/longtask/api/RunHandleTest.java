package dev.longtask.api;

import static dev.longtask.testing.ScriptedModel.call;
import static dev.longtask.testing.ScriptedModel.decide;
import static dev.longtask.testing.ScriptedModel.report;
import static dev.longtask.testing.ScriptedModel.submitResult;
import static dev.longtask.testing.ScriptedModel.write;
import static org.assertj.core.api.Assertions.assertThat;

import dev.longtask.model.llm.ChatMessage;
import dev.longtask.model.Event;
import dev.longtask.model.RunStatus;
import dev.longtask.model.run.FsyncPolicy;
import dev.longtask.testing.EngineFixture;
import dev.longtask.testing.ScriptedModel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Several runs at once in one runtime, each watched and steered through its own handle. */
class RunHandleTest {
    @TempDir
    Path tmp;

    /** Six independent tasks; a task of {@code gate}'s subject waits for the latch before it answers. */
    private static ChatMessage.Assistant six(ScriptedModel.Turn turn, CountDownLatch gate) {
        return switch (turn.role()) {
            case "planner" -> call("submit_plan", EngineFixture.plan(IntStream.rangeClosed(1, 6)
                    .mapToObj(i -> EngineFixture.task("t" + i, "Part " + i, "general", List.of(),
                            Map.of("out", "out/" + i + ".md"))).toArray(com.fasterxml.jackson.databind.node.ObjectNode[]::new)));
            case "director" -> decide("continue", "all parts are written");
            case "synthesizer" -> report("Parts", "# Parts\n\nsix parts");
            default -> {
                if (turn.subject().equals("Part 4")) {
                    awaitQuietly(gate);
                }
                yield turn.step() == 1 ? write("out/" + turn.subject().substring(5) + ".md", turn.subject())
                        : submitResult(true, "wrote " + turn.subject());
            }
        };
    }

    private static void awaitQuietly(CountDownLatch gate) {
        try {
            gate.await(120, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private Longtask runtime(ScriptedModel model, Path workspace) {
        return Longtask.builder().workspace(workspace).home(tmp.resolve("home")).environment(Map.of())
                .llm(model, EngineFixture.models(model).pricing()).concurrency(2).fsync(FsyncPolicy.NONE).build();
    }

    @Test
    void twoRunsGoOnAtOnceAndASubscriberFromAnySeqMissesNothingAndSeesNothingTwice() throws Exception {
        CountDownLatch gate = new CountDownLatch(1);
        ScriptedModel model = new ScriptedModel(turn -> six(turn, gate));
        Path first = Files.createDirectories(tmp.resolve("first"));
        Path second = Files.createDirectories(tmp.resolve("second"));
        try (Longtask longtask = runtime(model, first)) {
            RunHandle a = longtask.start(RunRequest.goal("six parts"));
            RunHandle b = longtask.start(RunRequest.goal("six parts, elsewhere").withWorkspace(second));
            assertThat(a.runId()).isNotEqualTo(b.runId());
            assertThat(b.directory()).startsWith(second.toRealPath());

            // Both runs stand at part 4 until the gate opens; subscribe to one from the middle of its log.
            waitFor(() -> a.snapshot().figures().completed() >= 3, "run a got to part 4");
            // The live figures count the session's time at work as it goes (they read 0 s throughout once).
            waitFor(() -> {
                Long atWork = a.snapshot().progress().workSeconds();
                return atWork != null && atWork >= 1;
            }, "run a's live snapshot counts its time at work");
            long from = longtask.runs(first).events(a.runId(), 0).size() / 2;
            List<Long> seen = new CopyOnWriteArrayList<>();
            Subscription subscription = a.events(from, event -> seen.add(event.seq()));
            gate.countDown();
            Outcome outcomeA = a.await();
            Outcome outcomeB = b.await();
            subscription.close();

            assertThat(outcomeA.status()).as(outcomeA.reason()).isEqualTo(RunStatus.COMPLETED);
            assertThat(outcomeB.status()).as(outcomeB.reason()).isEqualTo(RunStatus.COMPLETED);
            List<Long> log = longtask.runs(first).events(a.runId(), from).stream().map(Event::seq).toList();
            assertThat(seen).isEqualTo(log);
            Snapshot done = a.snapshot();
            assertThat(done.figures().completed()).isEqualTo(6);
            assertThat(done.progress().percent()).isEqualTo(100.0);
            assertThat(done.runningHere()).isFalse();
        }
    }

    @Test
    void aPausedRunResumesAndACancelledOneHasNothingLeftToDo() throws Exception {
        CountDownLatch gate = new CountDownLatch(1);
        ScriptedModel model = new ScriptedModel(turn -> six(turn, gate));
        Path ws = Files.createDirectories(tmp.resolve("ws"));
        try (Longtask longtask = runtime(model, ws)) {
            RunHandle run = longtask.start(RunRequest.goal("six parts"));
            waitFor(() -> run.snapshot().figures().completed() >= 3, "the run got to part 4");
            run.pause();
            gate.countDown();
            Outcome paused = run.await();
            assertThat(paused.status()).isEqualTo(RunStatus.PAUSED);
            assertThat(paused.reason()).contains("paused on request");

            RunHandle resumed = longtask.resume(run.runId());
            Outcome done = resumed.await();
            assertThat(done.status()).as(done.reason()).isEqualTo(RunStatus.COMPLETED);
            assertThat(model.calls("task", "Part 1")).as("completed work never runs again").isEqualTo(2);

            RunHandle other = longtask.start(RunRequest.goal("six parts again").withRunId("given-id"));
            other.cancel();
            assertThat(other.await().status()).isEqualTo(RunStatus.CANCELLED);
            Outcome again = longtask.resume("given-id").await();
            assertThat(again.nothingToDo()).isTrue();
        }
    }

    /**
     * A resume opens its run on a thread of its own while it builds the engine: a refusal of the open still reaches the
     * caller as the store's own exception, and a resume refused before it (its MCP configuration is broken) opens,
     * changes and locks nothing.
     */
    @Test
    void aResumeIsRefusedAsBeforeAndARefusedResumeLeavesTheRunAsItWas() throws Exception {
        CountDownLatch gate = new CountDownLatch(0);
        ScriptedModel model = new ScriptedModel(turn -> six(turn, gate));
        Path workspace = Files.createDirectories(tmp.resolve("ws"));
        try (Longtask longtask = runtime(model, workspace)) {
            RunHandle run = longtask.start(RunRequest.goal("six parts").withRunId("held"));
            run.pause();
            run.await();
            Path log = run.directory().resolve("events.jsonl");
            long length = Files.size(log);

            try (dev.longtask.store.file.FileRunStore writer = dev.longtask.store.file.FileRunStore.open(workspace, "held",
                    dev.longtask.model.run.StoreOptions.defaults())) {
                org.assertj.core.api.Assertions.assertThatThrownBy(() -> longtask.resume("held"))
                        .isInstanceOf(dev.longtask.model.run.RunLockedException.class)
                        .hasMessageContaining("run held is open for writing");
            }
            org.assertj.core.api.Assertions.assertThatThrownBy(() -> longtask.resume("no-such-run"))
                    .isInstanceOf(dev.longtask.model.run.NoSuchRunException.class);

            length = Files.size(log);
            Files.writeString(workspace.resolve(".mcp.json"), "{ not json");
            org.assertj.core.api.Assertions.assertThatThrownBy(() -> longtask.resume("held"))
                    .isInstanceOf(dev.longtask.model.config.ConfigException.class).hasMessageContaining(".mcp.json");
            assertThat(Files.size(log)).as("nothing recorded").isEqualTo(length);
            dev.longtask.store.file.FileRunStore.open(workspace, "held", dev.longtask.model.run.StoreOptions.defaults())
                    .close();

            Files.delete(workspace.resolve(".mcp.json"));
            assertThat(longtask.resume("held").await().status()).isEqualTo(RunStatus.COMPLETED);
        }
    }

    private static void waitFor(java.util.function.BooleanSupplier condition, String what) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofMinutes(2).toNanos(); // catches a hang, not a slow machine
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting until " + what);
            }
            Thread.sleep(10);
        }
    }
}
