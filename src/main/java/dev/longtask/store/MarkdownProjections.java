package dev.longtask.store;

import dev.longtask.model.Run;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;
import java.util.regex.Pattern;

/** Renders the human-facing projections (task_plan.md, progress.md, findings.md) of a state. */
final class MarkdownProjections {
    private static final Pattern LINE_BREAK = Pattern.compile("\\s*\\R\\s*");

    private MarkdownProjections() {
    }

    static String taskPlan(RunState state) {
        return taskPlan(state, index -> state.tasks().get(index).line());
    }

    /** {@link #taskPlan(RunState)} with the line of the task at each index of the state's tasks from {@code lines}. */
    static String taskPlan(RunState state, IntFunction<String> lines) {
        Run run = state.run();
        StringBuilder md = new StringBuilder("# Task plan\n\n");
        md.append("Run ").append(run.id()).append(": ").append(run.status().wire());
        if (!run.statusReason().isBlank()) {
            md.append(" (").append(oneLine(run.statusReason())).append(')');
        }
        md.append("\n\n## Goal\n\n").append(run.goal().strip()).append("\n\n## Tasks\n\n");
        if (state.tasks().isEmpty()) {
            md.append("(no tasks yet)\n");
        }
        for (int i = 0; i < state.tasks().size(); i++) {
            md.append(lines.apply(i)).append('\n');
        }
        md.append("\n## Decisions\n\n");
        notes(md, state.decisions());
        md.append("\n## Errors\n\n");
        notes(md, state.errors());
        return md.toString();
    }

    static String progress(RunState state) {
        StringBuilder md = new StringBuilder("# Progress\n");
        boolean inList = false;
        for (ProgressEntry entry : state.progress()) {
            switch (entry.kind()) {
                case ProgressEntry.SESSION -> {
                    md.append("\n## Session ").append(time(entry.time())).append('\n');
                    inList = false;
                }
                case ProgressEntry.ROUND -> {
                    md.append("\n### Round ").append(entry.number());
                    if (!entry.text().isBlank()) {
                        md.append(": ").append(oneLine(entry.text()));
                    }
                    md.append('\n');
                    inList = false;
                }
                default -> {
                    if (!inList) {
                        md.append('\n');
                        inList = true;
                    }
                    md.append("- ").append(time(entry.time())).append(' ').append(item(entry.text())).append('\n');
                }
            }
        }
        return md.toString();
    }

    static String findings(RunState state) {
        Map<Integer, List<Note>> byTask = new LinkedHashMap<>();
        for (Note note : state.findings()) {
            byTask.computeIfAbsent(note.task() == null ? 0 : note.task(), k -> new ArrayList<>()).add(note);
        }
        StringBuilder md = new StringBuilder("# Findings\n");
        byTask.forEach((taskId, notes) -> {
            md.append("\n## ").append(taskId == 0 ? "Run" : "Task " + taskId + ": "
                    + oneLine(state.task(taskId).subject())).append("\n\n");
            for (Note note : notes) {
                md.append("- ").append(item(note.text())).append('\n');
            }
        });
        return md.toString();
    }

    private static void notes(StringBuilder md, List<Note> notes) {
        if (notes.isEmpty()) {
            md.append("(none)\n");
        }
        for (Note note : notes) {
            md.append("- ").append(time(note.time()));
            if (note.task() != null) {
                md.append(" task ").append(note.task());
            }
            md.append(": ").append(item(note.text())).append('\n');
        }
    }

    private static String time(Instant time) {
        return time.truncatedTo(ChronoUnit.SECONDS).toString();
    }

    /** Keeps a multi-line text inside its list item. */
    private static String item(String text) {
        return text.strip().replace("\r\n", "\n").replace("\n", "\n  ");
    }

    private static String oneLine(String text) {
        String stripped = text.strip();
        return hasLineBreak(stripped) ? LINE_BREAK.matcher(stripped).replaceAll(" ") : stripped;
    }

    /** Whether the text holds a line break of {@code \R} (LF, VT, FF, CR, NEL, LS, PS): most fields hold none. */
    private static boolean hasLineBreak(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c >= '\n' && c <= '\r' || c == '\u0085' || c == '\u2028' || c == '\u2029') {
                return true;
            }
        }
        return false;
    }
}
