package dev.longtask.cli.view;

import dev.longtask.model.Event;
import dev.longtask.model.EventType;

/**
 * Says a long error once. A model call that fails for good is followed by the task going back to pending and the
 * run pausing, each event quoting the same error in its reason: printed in full each time, one replay mismatch
 * filled a screen with it three times over. The lines after the first refer to it instead.
 */
final class RepeatedErrors {
    /** Shorter errors read fine twice, and a short text could match inside unrelated words. */
    private static final int LONG = 60;
    private static final String REFERENCE = "the error above";

    private String said;

    /** {@code line}, describing {@code event}, with an error already printed in full replaced by a reference. */
    String shorten(Event event, String line) {
        String shown = said != null && line.contains(said) ? line.replace(said, REFERENCE) : line;
        String error = failure(event);
        if (error != null && error.length() >= LONG && !error.equals(said)) {
            said = error;
        }
        return shown;
    }

    /** The error a failed-for-good model call or a failed task states, if the event is one. */
    private static String failure(Event e) {
        if (e.data() == null) {
            return null;
        }
        return switch (e.type()) {
            case EventType.LLM_RETRY -> e.data().path("wait_ms").isNumber() ? null : e.data().path("error").asText();
            case EventType.TASK_FAILED -> e.data().path("error").asText();
            default -> null;
        };
    }
}
