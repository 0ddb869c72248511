package dev.longtask.agent;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.longtask.model.run.Transcript;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** A transcript kept in memory, for tests. */
final class RecordingTranscript implements Transcript {
    private final List<ObjectNode> entries = new CopyOnWriteArrayList<>();
    /** The kinds of the lines of each write, in order: lines appended together are one write. */
    private final List<List<String>> writes = new CopyOnWriteArrayList<>();
    private final java.util.concurrent.atomic.AtomicInteger interruptedWrites = new java.util.concurrent.atomic.AtomicInteger();

    @Override
    public void append(ObjectNode entry) {
        writes.add(List.of(entry.path("kind").asText()));
        add(entry);
    }

    @Override
    public void appendAll(List<ObjectNode> lines) {
        writes.add(lines.stream().map(e -> e.path("kind").asText()).toList());
        lines.forEach(this::add);
    }

    private void add(ObjectNode entry) {
        if (Thread.currentThread().isInterrupted()) {
            // A real transcript's file channel would be closed by this write.
            interruptedWrites.incrementAndGet();
        }
        entries.add(entry.deepCopy());
    }

    int interruptedWrites() {
        return interruptedWrites.get();
    }

    List<ObjectNode> entries() {
        return List.copyOf(entries);
    }

    List<List<String>> writes() {
        return List.copyOf(writes);
    }

    List<String> kinds() {
        return entries.stream().map(e -> e.path("kind").asText()).toList();
    }
}
