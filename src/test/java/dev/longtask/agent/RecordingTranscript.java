package dev.longtask.agent;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.longtask.store.Transcript;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** A transcript kept in memory, for tests. */
final class RecordingTranscript implements Transcript {
    private final List<ObjectNode> entries = new CopyOnWriteArrayList<>();

    @Override
    public void append(ObjectNode entry) {
        entries.add(entry.deepCopy());
    }

    List<ObjectNode> entries() {
        return List.copyOf(entries);
    }

    List<String> kinds() {
        return entries.stream().map(e -> e.path("kind").asText()).toList();
    }
}
