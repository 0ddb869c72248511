package dev.longtask.store.file;

import static dev.longtask.store.StoreFixtures.appendNote;
import static dev.longtask.store.StoreFixtures.draft;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.longtask.model.EventData;
import dev.longtask.model.EventType;
import dev.longtask.model.Task;
import dev.longtask.model.TaskStatus;
import dev.longtask.model.run.FsyncPolicy;
import dev.longtask.model.run.StoreException;
import dev.longtask.store.StoreFixtures;
import dev.longtask.model.run.StoreOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConcurrencyTest {
    @TempDir
    Path workspace;

    @Test
    void groupCommitSharesOneFsyncAndNobodyReturnsBeforeIt() throws Exception {
        AtomicBoolean armed = new AtomicBoolean(false);
        CountDownLatch firstSyncEntered = new CountDownLatch(1);
        CountDownLatch releaseFirstSync = new CountDownLatch(1);
        AtomicInteger syncsWhileArmed = new AtomicInteger();
        EventLog.Syncer holdingSyncer = file -> {
            if (armed.get() && syncsWhileArmed.getAndIncrement() == 0) {
                firstSyncEntered.countDown();
                await(releaseFirstSync);
            }
            file.getFD().sync();
        };
        StoreOptions options = StoreFixtures.fast().withFsync(FsyncPolicy.GROUPED).withCheckpointEvery(1000);
        int appenders = 6;
        try (FileRunStore store = FileRunStore.create(workspace, "group", "g", null, null, options, holdingSyncer)) {
            long before = store.writtenSeq();
            armed.set(true);
            AtomicInteger returned = new AtomicInteger();
            ExecutorService pool = Executors.newFixedThreadPool(appenders);
            List<Future<Long>> seqs = new ArrayList<>();
            for (int i = 0; i < appenders; i++) {
                String text = "note " + i;
                seqs.add(pool.submit(() -> {
                    long seq = store.append(EventType.PROGRESS_NOTE, null, StoreFixtures.note(text)).seq();
                    returned.incrementAndGet();
                    return seq;
                }));
            }
            assertThat(firstSyncEntered.await(10, TimeUnit.SECONDS)).isTrue();
            awaitCondition(() -> store.writtenSeq() == before + appenders);
            assertThat(returned.get()).as("no append returns while the fsync that covers it is held").isZero();
            assertThat(store.run().lastSeq()).as("readers see no event that is not durable").isEqualTo(before);

            releaseFirstSync.countDown();
            List<Long> got = new ArrayList<>();
            for (Future<Long> f : seqs) {
                got.add(f.get(10, TimeUnit.SECONDS));
            }
            pool.shutdown();
            assertThat(got).containsExactlyInAnyOrderElementsOf(
                    java.util.stream.LongStream.rangeClosed(before + 1, before + appenders).boxed().toList());
            assertThat(syncsWhileArmed.get())
                    .as("the leader's fsync, then one fsync shared by the %d that waited", appenders - 1)
                    .isEqualTo(2);
            assertThat(store.run().lastSeq()).isEqualTo(before + appenders);
        }
    }

    @Test
    void aFailedFsyncRefusesFurtherChangesAndReopenRecovers() throws Exception {
        AtomicBoolean failing = new AtomicBoolean(false);
        EventLog.Syncer syncer = file -> {
            if (failing.get()) {
                throw new IOException("simulated EIO");
            }
            file.getFD().sync();
        };
        StoreOptions options = StoreFixtures.fast().withFsync(FsyncPolicy.ALWAYS);
        FileRunStore store = FileRunStore.create(workspace, "eio", "g", null, null, options, syncer);
        store.createTask(draft("one", List.of()));
        failing.set(true);
        assertThatThrownBy(() -> appendNote(store, "lost?")).isInstanceOf(StoreException.class)
                .hasMessageContaining("could not be fsynced");
        assertThatThrownBy(() -> store.claim(1, "w")).isInstanceOf(StoreException.class)
                .hasMessageContaining("reopen the run");
        assertThat(store.run().lastSeq()).as("the unacknowledged event is not shown").isEqualTo(2);
        store.close();
        try (FileRunStore again = FileRunStore.open(workspace, "eio", options)) {
            assertThat(again.task(1).subject()).isEqualTo("one");
            assertThat(again.claim(1, "w")).isTrue();
        }
    }

    @Test
    void anEventWrittenBehindIsShownOnlyOnceDurableAndItsCallerDoesNotWaitForThat() throws Exception {
        AtomicBoolean armed = new AtomicBoolean(false);
        CountDownLatch syncEntered = new CountDownLatch(1);
        CountDownLatch releaseSync = new CountDownLatch(1);
        EventLog.Syncer holdingSyncer = file -> {
            if (armed.getAndSet(false)) {
                syncEntered.countDown();
                await(releaseSync);
            }
            file.getFD().sync();
        };
        StoreOptions options = StoreFixtures.fast().withFsync(FsyncPolicy.GROUPED).withCheckpointEvery(1000);
        try (FileRunStore store = FileRunStore.create(workspace, "behind", "g", null, null, options, holdingSyncer)) {
            store.createTask(draft("one", List.of()));
            List<Long> heard = new CopyOnWriteArrayList<>();
            store.subscribe(event -> heard.add(event.seq()));
            long before = store.run().lastSeq();
            armed.set(true);

            Optional<Task> claimed = store.claimBehind(1, "w");
            assertThat(claimed).as("the claim returns while its fsync is held").isPresent();
            assertThat(claimed.get().status()).isEqualTo(TaskStatus.IN_PROGRESS);
            assertThat(claimed.get().attempts()).isEqualTo(1);
            store.appendBehind(1, new EventData.ProgressNote("behind"));
            assertThat(syncEntered.await(10, TimeUnit.SECONDS)).isTrue();
            assertThat(store.run().lastSeq()).as("readers see no event that is not durable").isEqualTo(before);
            assertThat(store.task(1).status()).isEqualTo(TaskStatus.PENDING);
            assertThat(store.memoryFiles().plan()).as("the memory a task starts from shows its claim at once; the task "
                    + "awaits it before it acts").contains("[>] #1: one");
            assertThat(heard).as("nor do subscribers").isEmpty();
            assertThat(store.claim(1, "other")).as("a claim written behind is refused a second time").isFalse();
            CountDownLatch waited = new CountDownLatch(1);
            Thread awaiting = new Thread(() -> {
                store.awaitWritten();
                waited.countDown();
            });
            awaiting.start();
            assertThat(waited.await(200, TimeUnit.MILLISECONDS)).as("awaitWritten returns only once durable").isFalse();

            releaseSync.countDown();
            assertThat(waited.await(10, TimeUnit.SECONDS)).isTrue();
            awaitCondition(() -> store.run().lastSeq() == before + 2 && heard.size() == 2);
            assertThat(heard).containsExactly(before + 1, before + 2);
            assertThat(store.task(1).status()).isEqualTo(TaskStatus.IN_PROGRESS);
        }
    }

    @Test
    void closingSettlesWhatWasWrittenBehind() throws Exception {
        StoreOptions options = StoreFixtures.fast().withFsync(FsyncPolicy.GROUPED);
        long last;
        try (FileRunStore store = FileRunStore.create(workspace, "settle", "g", null, null, options)) {
            for (int i = 0; i < 50; i++) {
                store.appendBehind(null, new EventData.ProgressNote("note " + i));
            }
            last = store.writtenSeq();
        }
        try (FileRunStore again = FileRunStore.open(workspace, "settle", options)) {
            assertThat(again.run().lastSeq()).isEqualTo(last);
            assertThat(Files.readString(again.directory().resolve("progress.md"))).contains("note 49");
        }
    }

    @Test
    void anFsyncThatFailsBehindTheCallerRefusesTheNextChange() throws Exception {
        AtomicBoolean failing = new AtomicBoolean(false);
        EventLog.Syncer syncer = file -> {
            if (failing.get()) {
                throw new IOException("simulated EIO");
            }
            file.getFD().sync();
        };
        StoreOptions options = StoreFixtures.fast().withFsync(FsyncPolicy.GROUPED);
        FileRunStore store = FileRunStore.create(workspace, "eio-behind", "g", null, null, options, syncer);
        store.createTask(draft("one", List.of()));
        long durable = store.run().lastSeq();
        failing.set(true);
        store.appendBehind(null, new EventData.ProgressNote("lost?"));
        awaitCondition(() -> {
            try {
                appendNote(store, "probe");
                return false;
            } catch (StoreException refused) {
                return refused.getMessage().contains("reopen the run");
            }
        });
        assertThat(store.run().lastSeq()).as("the event whose fsync failed is never shown").isEqualTo(durable);
        store.close();
        try (FileRunStore again = FileRunStore.open(workspace, "eio-behind", options)) {
            assertThat(again.claim(1, "w")).isTrue();
        }
    }

    /**
     * The settler lingers before it fsyncs what was written behind: a commit that must be durable meanwhile fsyncs
     * both, and the settler returns at that fsync's end (its linger here is ten minutes); alone, it fsyncs itself;
     * a claim written behind ends the linger (its task will await it).
     */
    @Test
    void aLingeringSettlerIsCoveredByTheNextCommitsFsyncAndFsyncsItselfWhenNoneComes() throws Exception {
        AtomicInteger syncs = new AtomicInteger();
        EventLog.Syncer counting = file -> {
            syncs.incrementAndGet();
            file.getFD().sync();
        };
        Path file = workspace.resolve("events.jsonl");
        try (EventLog log = EventLog.open(file, FsyncPolicy.GROUPED, counting,
                new LogScan.Shape(0, 0, 0, new LongList(), LogDigest.empty()))) {
            log.write(1, "{\"seq\":1}\n".getBytes(java.nio.charset.StandardCharsets.UTF_8));
            CountDownLatch settled = new CountDownLatch(1);
            Thread settler = lingering(log, settled, 1);
            awaitCondition(() -> settler.getState() == Thread.State.TIMED_WAITING);
            assertThat(syncs.get()).as("nothing fsynced while the settler lingers").isZero();
            assertThat(log.visibleSeq()).isZero();

            log.write(2, "{\"seq\":2}\n".getBytes(java.nio.charset.StandardCharsets.UTF_8));
            log.awaitDurable(2);
            assertThat(settled.await(10, TimeUnit.SECONDS)).as("the settler's event was covered").isTrue();
            assertThat(syncs.get()).as("one fsync for both").isEqualTo(1);
            assertThat(log.visibleSeq()).isEqualTo(2);

            log.write(3, "{\"seq\":3}\n".getBytes(java.nio.charset.StandardCharsets.UTF_8));
            log.awaitDurable(3, TimeUnit.MILLISECONDS.toNanos(1));
            assertThat(syncs.get()).as("alone, it fsyncs once its linger is over").isEqualTo(2);
            assertThat(log.visibleSeq()).isEqualTo(3);

            // a claim written behind the lingered-for event hurries it: the settler fsyncs both at once
            log.write(4, "{\"seq\":4}\n".getBytes(java.nio.charset.StandardCharsets.UTF_8));
            CountDownLatch hurried = new CountDownLatch(1);
            Thread waiter = lingering(log, hurried, 4, 5);
            awaitCondition(() -> waiter.getState() == Thread.State.TIMED_WAITING);
            log.write(5, "{\"seq\":5}\n".getBytes(java.nio.charset.StandardCharsets.UTF_8));
            log.hurry();
            assertThat(hurried.await(10, TimeUnit.SECONDS)).as("hurried, nobody lingers").isTrue();
            assertThat(syncs.get()).as("one fsync for the two").isEqualTo(3);
            assertThat(log.visibleSeq()).isEqualTo(5);
        }
    }

    /** A started thread that awaits each of {@code seqs} durable, lingering ten minutes for each, then counts down. */
    private static Thread lingering(EventLog log, CountDownLatch done, long... seqs) {
        Thread thread = new Thread(() -> {
            try {
                for (long seq : seqs) {
                    log.awaitDurable(seq, TimeUnit.MINUTES.toNanos(10));
                }
                done.countDown();
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        });
        thread.start();
        return thread;
    }

    private static void await(CountDownLatch latch) throws IOException {
        try {
            if (!latch.await(10, TimeUnit.SECONDS)) {
                throw new IOException("test latch never released");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(e);
        }
    }

    /** Waits for a condition another thread makes true (not a sleep standing in for it); fails after 10 s. */
    static void awaitCondition(BooleanSupplier condition) {
        Instant deadline = Instant.now().plus(Duration.ofSeconds(10));
        while (!condition.getAsBoolean()) {
            if (Instant.now().isAfter(deadline)) {
                throw new AssertionError("condition not met within 10 s");
            }
            Thread.onSpinWait();
            Thread.yield();
        }
    }
}
