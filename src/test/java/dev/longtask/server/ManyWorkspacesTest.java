package dev.longtask.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A long-lived server holds no more threads or file descriptors after 40 runs in 40 workspaces than after its
 * first 10, and hardly more heap after a full GC: the model clients of the runs share their HTTP connections per
 * provider endpoint, and an ended run's recent events are dropped, so little is kept per workspace or run. (When each
 * workspace kept its own client, every run added a selector thread and two descriptors: 30 threads and 60 descriptors
 * here; when the hub kept the event window of every run it had carried, about 25 KB a run: 750 KB here.)
 * {@link ManyWorkspacesBench} draws the curve over 1,000 runs.
 */
class ManyWorkspacesTest {
    private static final int WARM_UP = 10;
    private static final int RUNS = 40;
    /** Room for what comes and goes whatever the count: pool threads, the scripted model's, idle connections. */
    private static final int SLACK = 12;
    /**
     * Heap a run may still leave after a full GC: the pool's record of it and its cached figures (a few KB), and the
     * runtime's model clients, of which it keeps the 64 last used.
     */
    private static final long HEAP_PER_RUN = 12 * 1024;

    @TempDir
    Path dir;

    @Test
    void threadsAndDescriptorsDoNotGrowWithTheRunsAndWorkspacesAServerHasSeen() throws Exception {
        try (ManyWorkspaces server = ManyWorkspaces.start(dir, 4)) {
            server.run(WARM_UP);
            ManyWorkspaces.Sample warm = server.sample();
            long warmHeap = server.leastHeap();
            server.run(RUNS - WARM_UP);
            ManyWorkspaces.Sample bound = new ManyWorkspaces.Sample(RUNS, warm.threads() + SLACK, warm.fds() + SLACK,
                    0);
            ManyWorkspaces.Sample after = server.settled(bound, Duration.ofSeconds(30));
            assertThat(after.threads()).as("threads after %d runs (after %d: %s)", RUNS, WARM_UP, warm)
                    .isLessThanOrEqualTo(bound.threads());
            assertThat(after.fds()).as("open descriptors after %d runs (after %d: %s)", RUNS, WARM_UP, warm)
                    .isLessThanOrEqualTo(bound.fds());
            long grown = server.leastHeap() - warmHeap;
            assertThat(grown).as("heap after a full GC grew by %d bytes over %d runs (%d a run)", grown,
                    RUNS - WARM_UP, grown / (RUNS - WARM_UP)).isLessThan(HEAP_PER_RUN * (RUNS - WARM_UP));
        }
    }
}
