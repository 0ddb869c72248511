package dev.longtask.store.file;

import static org.assertj.core.api.Assertions.assertThat;

import dev.longtask.model.Event;
import dev.longtask.model.run.FsyncPolicy;
import dev.longtask.store.StoreFixtures;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Subscribers see the events in the order of the log, whichever thread appended them. */
class DeliveryOrderTest {
    @TempDir
    Path workspace;

    @Test
    void eventsAppendedByManyThreadsReachEverySubscriberInLogOrder() throws Exception {
        int threads = 6;
        int perThread = 150;
        for (FsyncPolicy policy : List.of(FsyncPolicy.NONE, FsyncPolicy.GROUPED)) {
            try (FileRunStore store = FileRunStore.create(workspace, "order-" + policy.wire(), "order", null, null,
                    StoreFixtures.fast().withFsync(policy))) {
                List<Long> seen = new CopyOnWriteArrayList<>();
                store.subscribe(event -> {
                    seen.add(event.seq());
                    // A subscriber that takes a moment (a terminal, a socket) widens the window for reordering.
                    Thread.onSpinWait();
                });
                CountDownLatch start = new CountDownLatch(1);
                ExecutorService pool = Executors.newFixedThreadPool(threads);
                List<Future<?>> done = new ArrayList<>();
                for (int t = 0; t < threads; t++) {
                    int thread = t;
                    done.add(pool.submit(() -> {
                        start.await();
                        for (int i = 0; i < perThread; i++) {
                            StoreFixtures.appendNote(store, "thread " + thread + " note " + i);
                        }
                        return null;
                    }));
                }
                start.countDown();
                for (Future<?> f : done) {
                    f.get(60, TimeUnit.SECONDS);
                }
                pool.shutdown();

                List<Long> logOrder = store.eventsAfter(1).stream().map(Event::seq).toList();
                assertThat(seen).as("fsync " + policy.wire()).hasSize(threads * perThread).isEqualTo(logOrder);
            }
        }
    }
}
