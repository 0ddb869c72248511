package dev.longtask.cli.view;

import dev.longtask.model.ApprovalQuestion;

/** How a question that waits for approval is named in one line, by {@code status}, {@code approve} and a run's end. */
public final class ApprovalText {
    private ApprovalText() {
    }

    /** "question #2: task #3 (general) wants bash: $ rm -rf build". */
    public static String line(ApprovalQuestion q) {
        return "question #" + q.id() + ": " + (q.task() == null ? "" : "task #" + q.task() + " ") + "(" + q.agent()
                + ") wants " + q.tool() + ": " + Formats.cut(firstLine(q), 100);
    }

    private static String firstLine(ApprovalQuestion q) {
        if (q.tool().equals("bash")) {
            return q.preview().lines().findFirst().orElse("");
        }
        String path = q.arguments() == null ? "" : q.arguments().path("path").asText("");
        return path.isEmpty() ? q.preview().lines().findFirst().orElse("") : path;
    }
}
