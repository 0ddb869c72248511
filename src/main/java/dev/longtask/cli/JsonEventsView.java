package dev.longtask.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.longtask.engine.ProgressSnapshot;
import dev.longtask.model.Event;
import java.io.PrintWriter;

/** {@code --json-events}: every event as one JSON line on stdout, for other programs to follow a run. */
final class JsonEventsView implements ProgressView {
    private final PrintWriter out;
    private final ObjectMapper json;

    JsonEventsView(PrintWriter out, ObjectMapper json) {
        this.out = out;
        this.json = json;
    }

    @Override
    public synchronized void onEvent(Event event, ProgressSnapshot snapshot) {
        try {
            out.println(json.writeValueAsString(event));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("event " + event.seq() + " cannot be written as JSON", e);
        }
        out.flush();
    }
}
