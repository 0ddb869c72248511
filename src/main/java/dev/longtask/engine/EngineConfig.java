package dev.longtask.engine;

import dev.longtask.model.RunSettings;

/**
 * How a run is carried out.
 *
 * @param concurrency        tasks run at once by this process; 0 leaves them to workers (a shared store only)
 * @param maxRounds          rounds in all, the plan's first included; each consultation of the director opens one
 * @param synthesisPartChars characters of results the synthesizer reads in one part; 0 derives it from the window
 * @param owner              recorded as the owner of claimed tasks (e.g. "pid 4242")
 * @param taskTimeout        the hard limit of one task's agent loop ({@code task_timeout}); null for none
 */
public record EngineConfig(int concurrency, int maxRounds, int synthesisPartChars, String owner,
                           java.time.Duration taskTimeout) {

    public static final int DEFAULT_MAX_ROUNDS = 6;

    public EngineConfig {
        if (concurrency < 0) {
            throw new IllegalArgumentException("concurrency must be at least 0, got " + concurrency);
        }
        if (maxRounds < 1) {
            throw new IllegalArgumentException("max rounds must be at least 1, got " + maxRounds);
        }
        owner = owner == null || owner.isBlank() ? "pid " + ProcessHandle.current().pid() : owner;
    }

    /** A configuration whose tasks have no time limit. */
    public EngineConfig(int concurrency, int maxRounds, int synthesisPartChars, String owner) {
        this(concurrency, maxRounds, synthesisPartChars, owner, null);
    }

    public static EngineConfig defaults() {
        return new EngineConfig(RunSettings.DEFAULTS.concurrency(), DEFAULT_MAX_ROUNDS, 0, null);
    }

    public EngineConfig withConcurrency(int n) {
        return new EngineConfig(n, maxRounds, synthesisPartChars, owner, taskTimeout);
    }

    public EngineConfig withTaskTimeout(java.time.Duration limit) {
        return new EngineConfig(concurrency, maxRounds, synthesisPartChars, owner, limit);
    }
}
