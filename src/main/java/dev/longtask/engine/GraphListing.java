package dev.longtask.engine;

import dev.longtask.model.Task;
import dev.longtask.model.TaskStatus;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The graph as the director reads it: one entry per task (its line, agent, error, result and outputs) while they fit
 * the budget; past it, the tasks that need a decision (failed, pending, running) come first and the completed ones
 * the budget has no room for are named by id ranges, whose result files the director can still read. A run of a
 * thousand tasks must not overflow the director's window before it has read anything.
 */
final class GraphListing {
    /** An error is shown up to this many characters; the task's result file has the whole of it. */
    static final int ERROR_CHARS = 400;

    private GraphListing() {
    }

    static String of(List<Task> tasks, String resultPattern, int budgetChars) {
        List<String> entries = tasks.stream().map(t -> entry(t, resultPattern)).toList();
        int whole = entries.stream().mapToInt(String::length).sum();
        if (whole <= budgetChars) {
            return String.join("", entries);
        }
        StringBuilder out = new StringBuilder();
        List<Integer> left = new ArrayList<>();
        for (boolean completed : new boolean[] {false, true}) {
            for (int i = 0; i < tasks.size(); i++) {
                if ((tasks.get(i).status() == TaskStatus.COMPLETED) != completed) {
                    continue;
                }
                if (out.length() + entries.get(i).length() <= budgetChars) {
                    out.append(entries.get(i));
                } else {
                    left.add(tasks.get(i).id());
                }
            }
        }
        if (!left.isEmpty()) {
            out.append("... and ").append(left.size()).append(" more task").append(left.size() == 1 ? "" : "s")
                    .append(" not listed for room (").append(ranges(left.stream().sorted().toList()))
                    .append("); their results are at ").append(resultPattern)
                    .append('\n');
        }
        return out.toString();
    }

    private static String entry(Task t, String resultPattern) {
        StringBuilder b = new StringBuilder(t.line()).append(" [").append(t.agent()).append("]");
        if (t.status() == TaskStatus.FAILED && t.error() != null) {
            String error = t.error().length() > ERROR_CHARS ? t.error().substring(0, ERROR_CHARS) + "..." : t.error();
            b.append("\n    error: ").append(error);
        }
        if (t.status() == TaskStatus.COMPLETED || t.status() == TaskStatus.FAILED) {
            b.append("\n    result: ").append(resultPattern.replace("<id>", String.valueOf(t.id())));
        }
        if (!t.outputs().isEmpty()) {
            b.append("\n    outputs: ").append(t.outputs().values().stream().sorted().collect(Collectors.joining(", ")));
        }
        return b.append('\n').toString();
    }

    /** Sorted ids as "#3-#7, #9". */
    static String ranges(List<Integer> ids) {
        List<String> parts = new ArrayList<>();
        int i = 0;
        while (i < ids.size()) {
            int j = i;
            while (j + 1 < ids.size() && ids.get(j + 1) == ids.get(j) + 1) {
                j++;
            }
            parts.add(i == j ? "#" + ids.get(i) : "#" + ids.get(i) + "-#" + ids.get(j));
            i = j + 1;
        }
        return String.join(", ", parts);
    }
}
