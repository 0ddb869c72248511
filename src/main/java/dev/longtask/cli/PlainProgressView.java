package dev.longtask.cli;

import dev.longtask.engine.ProgressSnapshot;
import dev.longtask.model.Event;
import dev.longtask.model.EventType;
import java.io.PrintWriter;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;

/** Without a terminal: one plain line per thing worth knowing, each with the running figures. */
final class PlainProgressView implements ProgressView {
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss").withZone(ZoneId.systemDefault());
    private final PrintWriter out;

    PlainProgressView(PrintWriter out) {
        this.out = out;
    }

    @Override
    public synchronized void onEvent(Event event, ProgressSnapshot s) {
        String what = describe(event);
        if (what == null) {
            return;
        }
        out.println(TIME.format(event.time()) + " " + what + "  [" + Figures.counts(s) + "]");
        out.flush();
    }

    static String describe(Event e) {
        String text = e.data() == null ? "" : firstText(e);
        return switch (e.type()) {
            case EventType.RUN_STATUS -> "run " + e.data().path("status").asText()
                    + (e.data().path("reason").asText().isEmpty() ? "" : ": " + e.data().path("reason").asText());
            case EventType.SESSION_STARTED -> "session " + e.data().path("session").asText() + " started";
            case EventType.ROUND_STARTED -> "round " + e.data().path("round").asText()
                    + (text.isEmpty() ? "" : ": " + text);
            case EventType.TASK_CREATED -> "task #" + e.task() + " planned: " + e.data().path("subject").asText();
            case EventType.TASK_CLAIMED -> "task #" + e.task() + " started";
            case EventType.TASK_COMPLETED -> "task #" + e.task() + " completed" + (text.isEmpty() ? "" : ": " + text);
            case EventType.TASK_FAILED -> "task #" + e.task() + " failed: " + e.data().path("error").asText();
            case EventType.TASK_CANCELLED -> "task #" + e.task() + " cancelled: " + e.data().path("reason").asText();
            case EventType.TASK_REQUEUED -> "task #" + e.task() + " back to pending: " + e.data().path("reason").asText();
            case EventType.LLM_RETRY -> "model call retried (" + e.data().path("error").asText() + ")";
            case EventType.DECISION_RECORDED -> "decision: " + text;
            default -> null;
        };
    }

    private static String firstText(Event e) {
        for (String field : new String[] {"summary", "objective", "text"}) {
            String v = e.data().path(field).asText("");
            if (!v.isEmpty()) {
                return oneLine(v, 120);
            }
        }
        return "";
    }

    static String oneLine(String text, int max) {
        String line = text.replaceAll("\\s+", " ").strip();
        return line.length() <= max ? line : line.substring(0, max - 1) + "…";
    }
}
