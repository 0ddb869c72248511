package dev.longtask.engine;

import dev.longtask.model.RunSettings;
import dev.longtask.tools.undo.CheckpointLimits;

/**
 * How a run is carried out.
 *
 * @param concurrency        tasks run at once by this process; 0 leaves them to workers (a shared store only)
 * @param maxRounds          rounds in all, the plan's first included; each consultation of the director opens one
 * @param synthesisPartChars characters of results the synthesizer reads in one part; 0 derives it from the window
 * @param owner              recorded as the owner of claimed tasks (e.g. "pid 4242")
 * @param taskTimeout        the hard limit of one task's agent loop ({@code task_timeout}); null for none
 * @param checkpointLimits   the most files and bytes of a workspace checkpoints keep
 */
public record EngineConfig(int concurrency, int maxRounds, int synthesisPartChars, String owner,
                           java.time.Duration taskTimeout, CheckpointLimits checkpointLimits) {

    public static final int DEFAULT_MAX_ROUNDS = 6;

    public EngineConfig {
        if (concurrency < 0) {
            throw new IllegalArgumentException("concurrency must be at least 0, got " + concurrency);
        }
        if (maxRounds < 1) {
            throw new IllegalArgumentException("max rounds must be at least 1, got " + maxRounds);
        }
        owner = owner == null || owner.isBlank() ? "pid " + ProcessHandle.current().pid() : owner;
        checkpointLimits = checkpointLimits == null ? CheckpointLimits.DEFAULT : checkpointLimits;
    }

    /** A configuration with the default checkpoint limits. */
    public EngineConfig(int concurrency, int maxRounds, int synthesisPartChars, String owner,
                        java.time.Duration taskTimeout) {
        this(concurrency, maxRounds, synthesisPartChars, owner, taskTimeout, CheckpointLimits.DEFAULT);
    }

    /** A configuration whose tasks have no time limit. */
    public EngineConfig(int concurrency, int maxRounds, int synthesisPartChars, String owner) {
        this(concurrency, maxRounds, synthesisPartChars, owner, null);
    }

    public static EngineConfig defaults() {
        return new EngineConfig(RunSettings.DEFAULTS.concurrency(), DEFAULT_MAX_ROUNDS, 0, null);
    }

    public EngineConfig withConcurrency(int n) {
        return new EngineConfig(n, maxRounds, synthesisPartChars, owner, taskTimeout, checkpointLimits);
    }

    public EngineConfig withTaskTimeout(java.time.Duration limit) {
        return new EngineConfig(concurrency, maxRounds, synthesisPartChars, owner, limit, checkpointLimits);
    }

    public EngineConfig withCheckpointLimits(CheckpointLimits limits) {
        return new EngineConfig(concurrency, maxRounds, synthesisPartChars, owner, taskTimeout, limits);
    }
}
