package dev.longtask.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.longtask.engine.ProgressSnapshot;
import dev.longtask.model.Event;
import dev.longtask.store.FileRunStore;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * {@code --json-events}: every event of the session as one JSON line on stdout, for other programs to follow a
 * run. The first line says which run and where ({@code {"type":"stream.started","run_id":...,"run_directory":...,
 * "from_seq":...}}); then come the events from the session's first on: those the session wrote before the view
 * was listening (run.created, run.budget) are read back from the log, so none is missing.
 */
final class JsonEventsView implements ProgressView {
    static final String STREAM_STARTED = "stream.started";

    private final PrintWriter out;
    private final ObjectMapper json;
    private final Path workspace;
    private final long fromSeq;
    private boolean started;

    /** @param fromSeq the first event of the session: 1 for a new run, the run's last event + 1 for a resume */
    JsonEventsView(PrintWriter out, ObjectMapper json, Path workspace, long fromSeq) {
        this.out = out;
        this.json = json;
        this.workspace = workspace;
        this.fromSeq = fromSeq;
    }

    @Override
    public synchronized void onEvent(Event event, ProgressSnapshot snapshot) {
        if (!started) {
            started = true;
            Path directory = FileRunStore.runsDirectory(workspace).resolve(snapshot.runId());
            ObjectNode header = json.createObjectNode().put("type", STREAM_STARTED).put("run_id", snapshot.runId())
                    .put("run_directory", directory.toString()).put("from_seq", Math.min(fromSeq, event.seq()));
            out.println(header);
            earlier(directory, event.seq());
        }
        out.println(JsonOutput.line(event));
        out.flush();
    }

    /** The session's events from {@code fromSeq} up to (not including) {@code firstHeard}, as the log holds them. */
    private void earlier(Path directory, long firstHeard) {
        if (fromSeq >= firstHeard) {
            return;
        }
        try (BufferedReader log = Files.newBufferedReader(directory.resolve("events.jsonl"), StandardCharsets.UTF_8)) {
            for (String line = log.readLine(); line != null; line = log.readLine()) {
                JsonNode event = json.readTree(line);
                long seq = event.path("seq").asLong();
                if (seq >= firstHeard) {
                    break;
                }
                if (seq >= fromSeq) {
                    out.println(JsonOutput.line(event));
                }
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot read the events before " + firstHeard + " from " + directory, e);
        }
    }
}
