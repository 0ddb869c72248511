package dev.longtask.server;

import com.fasterxml.jackson.databind.JsonNode;
import dev.longtask.model.Event;
import dev.longtask.model.EventType;

/** One line a person reads in a chat: which run, and what happened. */
final class EventText {
    private static final int MAX = 300;

    private EventText() {
    }

    static String line(String runId, Event event) {
        JsonNode d = event.data();
        String what = switch (event.type()) {
            case EventType.RUN_CREATED -> "new run: " + d.path("goal").asText();
            case EventType.RUN_STATUS -> "status " + d.path("status").asText()
                    + reason(d.path("reason").asText());
            case EventType.SESSION_STARTED -> "session " + d.path("session").asText() + " started";
            case EventType.PLAN_ACCEPTED -> "plan accepted: " + d.path("tasks").size() + " tasks";
            case EventType.TASK_COMPLETED -> "task " + event.task() + " done: " + d.path("summary").asText();
            case EventType.TASK_FAILED -> "task " + event.task() + " failed: " + d.path("error").asText();
            case EventType.TASK_CANCELLED -> "task " + event.task() + " cancelled" + reason(d.path("reason").asText());
            case EventType.REPORT_WRITTEN -> "report written: " + d.path("title").asText();
            case EventType.ROUND_STARTED -> "round " + d.path("round").asText() + ": " + d.path("objective").asText();
            case EventType.DIRECTOR_DECIDED -> "director: " + d.path("action").asText()
                    + reason(d.path("reason").asText());
            case EventType.ERROR_RECORDED -> "error: " + d.path("text").asText();
            default -> event.type() + (event.task() == null ? "" : " (task " + event.task() + ")");
        };
        String line = "[longtask " + runId + "] " + what;
        return line.length() <= MAX ? line : line.substring(0, MAX - 1) + "…";
    }

    private static String reason(String reason) {
        return reason == null || reason.isBlank() ? "" : " - " + reason;
    }
}
