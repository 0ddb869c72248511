package dev.longtask.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.longtask.model.ApprovalAnswer;
import dev.longtask.model.ApprovalQuestion;
import dev.longtask.model.Event;
import dev.longtask.model.EventType;
import dev.longtask.model.JsonMapping;
import java.io.InputStream;
import java.io.PrintWriter;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * {@code longtask run --server URL}: the run goes to the server as its foreground run (it takes no pool slot and
 * waits for none) and this terminal follows it and answers its approval questions; Ctrl-C pauses it on the server.
 * The exit code is the run's, as for a local run: 0 completed, 1 failed or cancelled, 3 paused, 130 interrupted.
 */
final class AttachedRun {
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss")
            .withZone(ZoneId.systemDefault());
    private static final ObjectMapper EVENTS = JsonMapping.newMapper();

    private final PrintWriter out;
    private final ServerClient client;
    private final InputStream terminal;

    /** @param terminal where the person's answers to approval questions are read, or null without a terminal */
    AttachedRun(PrintWriter out, ServerClient client, InputStream terminal) {
        this.out = out;
        this.client = client;
        this.terminal = terminal;
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
        HeldLines lines = new HeldLines(out);
        try (AttachedQuestions questions = new AttachedQuestions(runId, client, out, terminal, lines)) {
            client.follow(runId, node -> {
                Event event = event(node);
                String line = line(event);
                if (line != null) {
                    lines.print(TIME.format(event.time()) + " " + line);
                }
                if (EventType.APPROVAL_REQUESTED.equals(event.type())) {
                    questions.requested(payload(event, ApprovalQuestion.class));
                } else if (EventType.APPROVAL_ANSWERED.equals(event.type())) {
                    questions.answered(event.data().path("id").asInt());
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

    /** The event's line, as the plain view writes it; an answer to a question says who gave it. */
    private static String line(Event event) {
        if (EventType.APPROVAL_ANSWERED.equals(event.type())) {
            ApprovalAnswer answer = payload(event, ApprovalAnswer.class);
            return "question #" + answer.id() + " answered by " + answer.by() + ": " + switch (answer.decision()) {
                case ALLOW_ONCE -> "allowed once";
                case ALLOW_ALWAYS -> "allowed for the rest of the run";
                case DENY -> "denied" + (answer.reason().isEmpty() ? "" : " (" + answer.reason() + ")");
            };
        }
        return PlainProgressView.describe(event);
    }

    private static Event event(JsonNode node) {
        try {
            return EVENTS.treeToValue(node, Event.class);
        } catch (JsonProcessingException e) {
            throw new CliFailure(ExitCode.FAILED, "the server sent an event that is not one: " + e.getOriginalMessage());
        }
    }

    private static <T> T payload(Event event, Class<T> type) {
        try {
            return EVENTS.treeToValue(event.data(), type);
        } catch (JsonProcessingException | IllegalArgumentException e) {
            throw new CliFailure(ExitCode.FAILED, "the server sent a " + event.type() + " event that is not one: "
                    + e.getMessage());
        }
    }

    /** The run's lines, kept back while a question is on the screen and shown after it. */
    private static final class HeldLines implements ProgressView {
        private final PrintWriter out;
        private final java.util.List<String> kept = new java.util.ArrayList<>();
        private boolean held;

        HeldLines(PrintWriter out) {
            this.out = out;
        }

        synchronized void print(String line) {
            if (held) {
                kept.add(line);
                return;
            }
            out.println(line);
            out.flush();
        }

        @Override
        public void onEvent(Event event, dev.longtask.engine.ProgressSnapshot snapshot) {
        }

        @Override
        public synchronized void hold() {
            held = true;
        }

        @Override
        public synchronized void release() {
            held = false;
            kept.forEach(out::println);
            kept.clear();
            out.flush();
        }
    }
}
