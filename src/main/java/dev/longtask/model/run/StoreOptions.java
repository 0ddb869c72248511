package dev.longtask.model.run;

import dev.longtask.model.Secrets;
import java.time.Clock;
import java.util.List;
import java.util.Map;

/**
 * Settings of a {@link FileRunStore}.
 *
 * @param fsync           when events are forced to disk
 * @param checkpointEvery a checkpoint is written after this many events (and on pause and close)
 * @param checkpointsKept how many checkpoints stay in {@code checkpoints/}; older ones are pruned
 * @param clock           the time stamped on events
 * @param secrets         strings that must never reach the run directory; any occurrence in an event,
 *                        transcript line or result is replaced by {@code [REDACTED]}
 */
public record StoreOptions(FsyncPolicy fsync, int checkpointEvery, int checkpointsKept, Clock clock,
                           List<String> secrets) {

    public static final int DEFAULT_CHECKPOINT_EVERY = 500;
    public static final int DEFAULT_CHECKPOINTS_KEPT = 3;

    public StoreOptions {
        if (fsync == null) {
            throw new IllegalArgumentException("fsync policy is required");
        }
        if (checkpointEvery < 1) {
            throw new IllegalArgumentException("checkpointEvery must be at least 1, got " + checkpointEvery);
        }
        if (checkpointsKept < 1) {
            throw new IllegalArgumentException("checkpointsKept must be at least 1, got " + checkpointsKept);
        }
        clock = clock == null ? Clock.systemUTC() : clock;
        secrets = secrets == null ? List.of() : Secrets.ofValues(secrets).values();
    }

    /**
     * fsync grouped (every acknowledged event is durable, and appenders that wait together share one fsync), a
     * checkpoint every 500 events, 3 kept, and the API keys of this process's environment as secrets.
     */
    public static StoreOptions defaults() {
        return new StoreOptions(FsyncPolicy.GROUPED, DEFAULT_CHECKPOINT_EVERY, DEFAULT_CHECKPOINTS_KEPT,
                Clock.systemUTC(), secretsIn(System.getenv()));
    }

    public StoreOptions withFsync(FsyncPolicy policy) {
        return new StoreOptions(policy, checkpointEvery, checkpointsKept, clock, secrets);
    }

    public StoreOptions withCheckpointEvery(int events) {
        return new StoreOptions(fsync, events, checkpointsKept, clock, secrets);
    }

    public StoreOptions withCheckpointsKept(int count) {
        return new StoreOptions(fsync, checkpointEvery, count, clock, secrets);
    }

    public StoreOptions withClock(Clock newClock) {
        return new StoreOptions(fsync, checkpointEvery, checkpointsKept, newClock, secrets);
    }

    public StoreOptions withSecrets(List<String> newSecrets) {
        return new StoreOptions(fsync, checkpointEvery, checkpointsKept, clock, newSecrets);
    }

    /** The values of the environment's secret variables, by the one secrets policy ({@link Secrets}). */
    public static List<String> secretsIn(Map<String, String> environment) {
        return Secrets.fromEnvironment(environment).values();
    }
}
