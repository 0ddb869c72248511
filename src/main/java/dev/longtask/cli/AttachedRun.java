package dev.longtask.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.longtask.model.Event;
import dev.longtask.model.EventType;
import dev.longtask.model.JsonMapping;
import java.io.PrintWriter;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * {@code longtask run --server URL}: the run goes to the server as its foreground run (it takes no pool slot and
 * waits for none) and this terminal follows it; Ctrl-C pauses it on the server. The exit code is the run's, as for
 * a local run: 0 completed, 1 failed or cancelled, 3 paused, 130 interrupted.
 */
final class AttachedRun {
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss")
            .withZone(ZoneId.systemDefault());
    private static final ObjectMapper EVENTS = JsonMapping.newMapper();

    private final PrintWriter out;
    private final ServerClient client;

    AttachedRun(PrintWriter out, ServerClient client) {
        this.out = out;
        this.client = client;
    }

    ExitCode run(ObjectNode submission) {
        submission.put("foreground", true);
        JsonNode answer = client.post("/api/runs", submission, 201, "the run");
        String runId = answer.path("run_id").asText();
        out.println("run " + runId + " is the foreground run of " + client.base() + "; Ctrl-C pauses it there");
        out.flush();
        CountDownLatch stopped = new CountDownLatch(1);
        Thread onCtrlC = new Thread(() -> {
            try {
                client.post("/api/runs/" + runId + "/pause", null, 202, "the pause");
                stopped.await(30, TimeUnit.SECONDS);
            } catch (RuntimeException e) {
                // the server is gone or the run ended meanwhile: nothing left to pause
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "longtask-attached-ctrl-c");
        Runtime.getRuntime().addShutdownHook(onCtrlC);
        ExitCode[] exit = {ExitCode.FAILED};
        try {
            client.follow(runId, node -> {
                Event event = event(node);
                String line = PlainProgressView.describe(event);
                if (line != null) {
                    out.println(TIME.format(event.time()) + " " + line);
                    out.flush();
                }
                if (!EventType.RUN_STATUS.equals(event.type())) {
                    return false;
                }
                switch (event.data().path("status").asText()) {
                    case "completed" -> exit[0] = ExitCode.OK;
                    case "failed", "cancelled" -> exit[0] = ExitCode.FAILED;
                    case "paused" -> {
                        exit[0] = ExitCode.PAUSED;
                        return true;
                    }
                    case "interrupted" -> {
                        exit[0] = ExitCode.INTERRUPTED;
                        return true;
                    }
                    default -> {
                    }
                }
                return false;
            });
        } finally {
            stopped.countDown();
            try {
                Runtime.getRuntime().removeShutdownHook(onCtrlC);
            } catch (IllegalStateException shuttingDown) {
                // Ctrl-C is being handled
            }
        }
        if (exit[0] == ExitCode.PAUSED || exit[0] == ExitCode.INTERRUPTED) {
            out.println("continue with: curl -X POST -H \"Authorization: Bearer $TOKEN\" " + client.base()
                    + "/api/runs/" + runId + "/resume");
        }
        out.flush();
        return exit[0];
    }

    private static Event event(JsonNode node) {
        try {
            return EVENTS.treeToValue(node, Event.class);
        } catch (JsonProcessingException e) {
            throw new CliFailure(ExitCode.FAILED, "the server sent an event that is not one: " + e.getOriginalMessage());
        }
    }
}
