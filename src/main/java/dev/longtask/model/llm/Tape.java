package dev.longtask.model.llm;

import java.nio.file.Path;

/**
 * Record or replay of model calls: {@code --record FILE} appends every request and its response as a JSON
 * line (no keys; requests carry none); {@code --replay FILE} answers from such a file with no network.
 */
public sealed interface Tape {

    Tape NONE = new None();

    static Tape record(Path file) {
        return new Record(file);
    }

    static Tape replay(Path file) {
        return new Replay(file);
    }

    record None() implements Tape {
    }

    record Record(Path file) implements Tape {
    }

    record Replay(Path file) implements Tape {
    }
}
