package dev.longtask.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** A server collects once when its pool stays idle, and not while a run it took up meanwhile works. */
class IdleCollectionTest {
    private static final Duration LIMIT = Duration.ofSeconds(60);

    @Test
    void aPoolThatStaysIdleIsCollectedOnceAndOneBusyAgainIsNot() throws Exception {
        AtomicBoolean idle = new AtomicBoolean(true);
        AtomicInteger asked = new AtomicInteger();
        AtomicInteger collected = new AtomicInteger();
        try (IdleCollection collection = new IdleCollection(() -> {
            asked.incrementAndGet();
            return idle.get();
        }, collected::incrementAndGet, Duration.ZERO)) {
            collection.poolIdle();
            ServerFixture.await("the idle pool to be collected", LIMIT, () -> collected.get() == 1);

            idle.set(false); // a submission came in before the quiet while was over
            collection.poolIdle();
            ServerFixture.await("the pool to be looked at again", LIMIT, () -> asked.get() == 2);
            assertThat(collected).as("a busy pool is not collected").hasValue(1);
        }
    }

    @Test
    void aRunEndingAfterTheServerClosedAsksForNothing() {
        AtomicInteger collected = new AtomicInteger();
        IdleCollection collection = new IdleCollection(() -> true, collected::incrementAndGet, Duration.ZERO);
        collection.close();
        collection.poolIdle(); // the pool's last session ends during the shutdown: no error, no collection
        assertThat(collected).hasValue(0);
    }
}
