package dev.longtask.cli.view;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.longtask.api.Runs;
import dev.longtask.api.Stores;
import dev.longtask.model.plan.ProgressSnapshot;
import dev.longtask.model.Event;
import java.io.PrintWriter;
import java.nio.file.Path;

/**
 * {@code --json-events}: every event of the session as one JSON line on stdout, for other programs to follow a
 * run. The first line says which run and where ({@code {"type":"stream.started","run_id":...,"run_directory":...,
 * "from_seq":...}}); then come the session's events from its first on (the runtime delivers them from the start
 * of the session, run.created and run.budget included).
 */
final class JsonEventsView implements ProgressView {
    static final String STREAM_STARTED = "stream.started";

    private final PrintWriter out;
    private final ObjectMapper json;
    private final Path workspace;
    private boolean started;

    JsonEventsView(PrintWriter out, ObjectMapper json, Path workspace) {
        this.out = out;
        this.json = json;
        this.workspace = workspace;
    }

    @Override
    public synchronized void onEvent(Event event, ProgressSnapshot snapshot) {
        if (!started) {
            started = true;
            Path directory = Runs.of(Stores.files(), workspace).directory(snapshot.runId());
            ObjectNode header = json.createObjectNode().put("type", STREAM_STARTED).put("run_id", snapshot.runId())
                    .put("run_directory", directory.toString()).put("from_seq", event.seq());
            out.println(header);
        }
        out.println(JsonOutput.line(event));
        out.flush();
    }
}
