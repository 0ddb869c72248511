package dev.longtask.store.file;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.longtask.model.Event;
import dev.longtask.model.EventType;
import dev.longtask.model.RunStatus;
import dev.longtask.model.Task;
import dev.longtask.model.TaskStatus;
import dev.longtask.model.run.FsyncPolicy;
import dev.longtask.model.run.RunSnapshot;
import dev.longtask.store.StoreFixtures;
import dev.longtask.model.run.StoreOptions;
import dev.longtask.model.run.Transcript;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The engine stops a run by interrupting the threads that write to the store. An interrupt must never close a
 * file the store keeps open (a FileChannel would be), never fail a write, and never be swallowed: the call
 * completes and the caller still sees its interrupt.
 */
class InterruptTest {
    @TempDir
    Path workspace;

    @AfterEach
    void clearInterrupt() {
        Thread.interrupted();
    }

    @ParameterizedTest
    @EnumSource(FsyncPolicy.class)
    void everyWriteByAnInterruptedThreadCompletesAndLeavesTheInterruptSet(FsyncPolicy policy) throws Exception {
        StoreOptions options = StoreFixtures.fast().withFsync(policy);
        Path dir;
        try (FileRunStore store = FileRunStore.create(workspace, "flag", "g", null, null, options)) {
            dir = store.directory();
            Task task = interrupted(() -> store.createTask(StoreFixtures.draft("one", List.of())));
            assertThat(interrupted(() -> store.claim(task.id(), "w"))).isTrue();
            Event note = interrupted(() -> store.append(EventType.PROGRESS_NOTE, task.id(), StoreFixtures.note("n")));
            interrupted(() -> {
                store.transcript(task.id()).append(StoreFixtures.JSON.createObjectNode().put("role", "user"));
                return null;
            });
            Path result = interrupted(() -> store.writeResult(task.id(), StoreFixtures.JSON.createObjectNode().put("ok", true)));
            interrupted(() -> store.complete(task.id(), "done"));
            interrupted(() -> {
                store.setRunStatus(RunStatus.PAUSED, "paused with a checkpoint");
                return null;
            });
            interrupted(() -> {
                store.checkpoint();
                return null;
            });
            assertThat(store.eventsAfter(note.seq() - 1)).first().extracting(Event::seq).isEqualTo(note.seq());
            assertThat(StoreFixtures.JSON.readTree(result.toFile()).path("ok").asBoolean()).isTrue();
            Thread.currentThread().interrupt();
            store.close();
            assertThat(Thread.interrupted()).as("close keeps the interrupt too").isTrue();
        }
        try (FileRunStore reopened = FileRunStore.open(workspace, "flag", options)) {
            assertThat(reopened.openReport().clean()).as(reopened.openReport().toString()).isTrue();
            assertThat(reopened.task(1).status()).isEqualTo(TaskStatus.COMPLETED);
            assertThat(reopened.run().status()).isEqualTo(RunStatus.PAUSED);
        }
        assertThat(Files.readAllLines(dir.resolve("transcripts/task_1.jsonl"))).containsExactly("{\"role\":\"user\"}");
    }

    @ParameterizedTest
    @EnumSource(value = FsyncPolicy.class, names = {"ALWAYS", "GROUPED"})
    void anInterruptArrivingDuringTheFsyncNeitherFailsTheAppendNorBreaksTheLog(FsyncPolicy policy) throws Exception {
        AtomicBoolean interruptDuringSync = new AtomicBoolean(false);
        EventLog.Syncer interrupting = file -> {
            if (interruptDuringSync.get()) {
                Thread.currentThread().interrupt();
            }
            EventLog.FSYNC.sync(file);
        };
        StoreOptions options = StoreFixtures.fast().withFsync(policy);
        try (FileRunStore store = FileRunStore.create(workspace, "during", "g", null, null, options, interrupting)) {
            interruptDuringSync.set(true);
            Event event = store.append(EventType.PROGRESS_NOTE, null, StoreFixtures.note("while interrupted"));
            assertThat(Thread.interrupted()).as("the interrupt that arrived during the fsync is kept").isTrue();
            interruptDuringSync.set(false);
            assertThat(store.run().lastSeq()).isEqualTo(event.seq());
            Thread other = new Thread(() -> StoreFixtures.appendNote(store, "from another thread"));
            other.start();
            other.join(TimeUnit.SECONDS.toMillis(10));
            assertThat(store.run().lastSeq()).isEqualTo(event.seq() + 1);
        }
        try (FileRunStore reopened = FileRunStore.open(workspace, "during", options)) {
            assertThat(reopened.eventsAfter(0)).extracting(e -> e.data().path("text").asText())
                    .contains("while interrupted", "from another thread");
        }
    }

    /**
     * Worker threads append events, transcript lines and results while another thread interrupts them at random
     * and the workers themselves sometimes start a call with their interrupt already set. Seeded (the order of
     * interrupts still depends on scheduling); no sleeps: the interrupter yields a random number of times between
     * interrupts, and the workers go on until it has sent at least {@code minInterrupts}.
     */
    @ParameterizedTest
    @EnumSource(FsyncPolicy.class)
    void randomInterruptsNeverLoseAnAcknowledgedWriteNorBreakTheStore(FsyncPolicy policy) throws Exception {
        int workers = 4;
        int opsPerWorker = 150;
        int minInterrupts = 200;
        long seed = 20261126L + policy.ordinal();
        StoreOptions options = StoreFixtures.fast().withFsync(policy).withCheckpointEvery(40);
        FileRunStore store = FileRunStore.create(workspace, "storm", "g", null, null, options);
        Path dir = store.directory();
        for (int w = 0; w < workers; w++) {
            store.createTask(StoreFixtures.draft("t" + w, List.of()));
        }
        Map<Long, String> acknowledged = new ConcurrentHashMap<>();
        List<List<String>> transcriptLines = new ArrayList<>();
        List<AtomicReference<String>> lastResult = new ArrayList<>();
        Queue<Throwable> failures = new ConcurrentLinkedQueue<>();
        AtomicInteger callsStartedInterrupted = new AtomicInteger();
        AtomicInteger callsEndedInterrupted = new AtomicInteger();
        AtomicInteger interruptsSent = new AtomicInteger();
        CountDownLatch start = new CountDownLatch(1);
        CountDownLatch started = new CountDownLatch(workers);
        List<Thread> threads = new ArrayList<>();
        for (int w = 0; w < workers; w++) {
            List<String> lines = new ArrayList<>();
            transcriptLines.add(lines);
            AtomicReference<String> result = new AtomicReference<>();
            lastResult.add(result);
            int worker = w;
            int taskId = w + 1;
            threads.add(new Thread(() -> {
                Random random = new Random(seed * 31 + worker);
                try {
                    start.await();
                    started.countDown();
                    Transcript transcript = store.transcript(taskId);
                    for (int i = 0; i < opsPerWorker || interruptsSent.get() < minInterrupts; i++) {
                        if (random.nextInt(4) == 0) {
                            Thread.currentThread().interrupt();
                        }
                        if (Thread.currentThread().isInterrupted()) {
                            callsStartedInterrupted.incrementAndGet();
                        }
                        String id = "w" + worker + "-" + i;
                        int op = random.nextInt(10);
                        if (op < 6) {
                            String type = op % 2 == 0 ? EventType.PROGRESS_NOTE : EventType.FINDING_ADDED;
                            Event event = store.append(type, taskId, StoreFixtures.note(id));
                            acknowledged.put(event.seq(), id);
                        } else if (op < 9) {
                            ObjectNode line = StoreFixtures.JSON.createObjectNode().put("id", id);
                            transcript.append(line);
                            lines.add(line.toString());
                        } else {
                            store.writeResult(taskId, StoreFixtures.JSON.createObjectNode().put("id", id));
                            result.set(id);
                        }
                        if (Thread.currentThread().isInterrupted()) {
                            callsEndedInterrupted.incrementAndGet();
                        }
                        if (random.nextBoolean()) {
                            Thread.interrupted();
                        }
                    }
                } catch (Throwable e) {
                    failures.add(e);
                }
            }, "storm-worker-" + w));
        }
        threads.forEach(Thread::start);
        AtomicBoolean storming = new AtomicBoolean(true);
        Thread interrupter = new Thread(() -> {
            Random random = new Random(seed);
            try {
                started.await();
            } catch (InterruptedException e) {
                return;
            }
            while (storming.get()) {
                threads.get(random.nextInt(workers)).interrupt();
                interruptsSent.incrementAndGet();
                // a random gap between interrupts, spun rather than yielded: on a loaded machine each yield can give
                // away a whole time slice, and the workers would write for minutes waiting for the 200th interrupt
                for (int spin = random.nextInt(2_000); spin > 0; spin--) {
                    Thread.onSpinWait();
                }
            }
        }, "storm-interrupter");
        interrupter.start();
        start.countDown();
        for (Thread t : threads) {
            t.join(TimeUnit.SECONDS.toMillis(60));
            assertThat(t.isAlive()).as(t.getName() + " finished").isFalse();
        }
        storming.set(false);
        interrupter.join(TimeUnit.SECONDS.toMillis(10));

        assertThat(failures).as("no store call failed because its thread was interrupted").isEmpty();
        assertThat(interruptsSent.get()).isGreaterThanOrEqualTo(minInterrupts);
        assertThat(callsStartedInterrupted.get()).isGreaterThan(opsPerWorker / 4);
        assertThat(callsEndedInterrupted.get()).as("interrupts are kept, not swallowed")
                .isGreaterThanOrEqualTo(callsStartedInterrupted.get());

        // The store stays usable for everyone after the storm.
        StoreFixtures.appendNote(store, "after the storm");
        assertThat(store.claim(1, "after")).isTrue();
        store.complete(1, "done after the storm");
        store.close();

        try (FileRunStore reopened = FileRunStore.open(workspace, "storm", options)) {
            assertThat(reopened.openReport().clean()).as(reopened.openReport().toString()).isTrue();
            Map<Long, String> inLog = new ConcurrentHashMap<>();
            for (Event e : reopened.eventsAfter(0)) {
                if (e.type().equals(EventType.PROGRESS_NOTE) || e.type().equals(EventType.FINDING_ADDED)) {
                    inLog.put(e.seq(), e.data().path("text").asText());
                }
            }
            assertThat(inLog).as("every acknowledged event, at its seq").containsAllEntriesOf(acknowledged);
            assertThat(inLog).hasSize(acknowledged.size() + 1);
            assertThat(reopened.task(1).status()).isEqualTo(TaskStatus.COMPLETED);
        }
        for (int w = 0; w < workers; w++) {
            List<String> lines = Files.readAllLines(dir.resolve("transcripts/task_" + (w + 1) + ".jsonl"),
                    StandardCharsets.UTF_8);
            for (String line : lines) {
                StoreFixtures.JSON.readTree(line);
            }
            assertThat(lines).as("transcript of worker " + w + ", line by line").isEqualTo(transcriptLines.get(w));
            String expected = lastResult.get(w).get();
            if (expected != null) {
                JsonNode result = StoreFixtures.JSON.readTree(dir.resolve("results/task_" + (w + 1) + "/result.json").toFile());
                assertThat(result.path("id").asText()).isEqualTo(expected);
            }
        }
        StoreFixtures.assertProjectionsMatch(dir, StoreFixtures.fullReplay(dir));
    }

    @Test
    void anInterruptedThreadCanOpenAndReadARun() throws Exception {
        StoreOptions options = StoreFixtures.fast();
        try (FileRunStore store = FileRunStore.create(workspace, "open", "g", null, null, options)) {
            store.createTask(StoreFixtures.draft("one", List.of()));
            store.checkpoint();
            StoreFixtures.appendNote(store, "after the checkpoint");
        }
        RunSnapshot read = interrupted(() -> FileRunStore.read(workspace, "open"));
        assertThat(read.tasks()).hasSize(1);
        assertThat(interrupted(() -> FileRunStore.list(workspace))).containsExactly("open");
        FileRunStore reopened = interrupted(() -> FileRunStore.open(workspace, "open", options));
        try (reopened) {
            assertThat(reopened.openReport().checkpoint()).isNotNull();
            assertThat(interrupted(() -> reopened.eventsAfter(0))).hasSize(3);
        }
    }

    interface Call<T> {
        T call() throws Exception;
    }

    /** Runs {@code call} with this thread's interrupt set and checks the interrupt is still set afterwards. */
    private static <T> T interrupted(Call<T> call) throws Exception {
        Thread.currentThread().interrupt();
        T value = call.call();
        assertThat(Thread.interrupted()).as("the caller's interrupt is kept").isTrue();
        return value;
    }
}
