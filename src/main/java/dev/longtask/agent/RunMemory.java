package dev.longtask.agent;

import dev.longtask.model.run.MemoryFiles;
import dev.longtask.store.MemoryTexts;
import dev.longtask.model.run.RunStore;
import java.nio.file.Path;
import java.util.List;

/**
 * The run's disk memory an agent starts from: the head of {@code task_plan.md} (the goal and the plan) and
 * the tails of {@code findings.md} and {@code progress.md} (what was learned and done lately). Empty texts
 * when the agent runs outside a run.
 */
public record RunMemory(String planHead, String findingsTail, String progressTail) {

    public static final RunMemory NONE = new RunMemory("", "", "");

    static final int PLAN_LINES = 60;
    static final int FINDINGS_LINES = 40;
    static final int PROGRESS_LINES = 20;
    /** A cap in characters too, so one very long line cannot crowd out the task. */
    static final int MAX_CHARS = 6_000;

    public RunMemory {
        planHead = planHead == null ? "" : planHead;
        findingsTail = findingsTail == null ? "" : findingsTail;
        progressTail = progressTail == null ? "" : progressTail;
    }

    /**
     * Reads the memory files of a run directory; a missing file is empty, and so is one with nothing but headings
     * (findings.md before the first finding). A section that says only "(none)" is left out.
     */
    public static RunMemory read(Path runDirectory) {
        return of(MemoryTexts.read(runDirectory));
    }

    /** The memory of a run's files as {@link RunStore#memoryFiles} gives them. */
    public static RunMemory of(MemoryFiles files) {
        return new RunMemory(head(content(files.plan().lines().toList()), PLAN_LINES),
                tail(content(files.findings().lines().toList()), FINDINGS_LINES),
                tail(content(files.progress().lines().toList()), PROGRESS_LINES));
    }

    /** The lines without the sections that say nothing: empty when only headings remain. */
    static List<String> content(List<String> lines) {
        List<String> kept = new java.util.ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            int next = nextNonBlank(lines, i + 1);
            boolean emptySection = line.startsWith("#") && next >= 0 && lines.get(next).strip().equals("(none)")
                    && (nextNonBlank(lines, next + 1) < 0 || lines.get(nextNonBlank(lines, next + 1)).startsWith("#"));
            if (emptySection) {
                i = next;
                continue;
            }
            kept.add(line);
        }
        boolean anyContent = kept.stream().anyMatch(l -> !l.isBlank() && !l.startsWith("#"));
        return anyContent ? kept : List.of();
    }

    private static int nextNonBlank(List<String> lines, int from) {
        for (int i = from; i < lines.size(); i++) {
            if (!lines.get(i).isBlank()) {
                return i;
            }
        }
        return -1;
    }

    /**
     * This memory with each section cut to {@code chars} characters (the plan keeps its head, findings and progress
     * their tails), so that on a small context window the run's memory cannot crowd out the task and its work.
     */
    public RunMemory fitTo(int chars) {
        return new RunMemory(keepHead(planHead, chars), keepTail(findingsTail, chars), keepTail(progressTail, chars));
    }

    /** At most {@code chars} of the text's start, ending at a line's end when the cut leaves a whole line. */
    private static String keepHead(String text, int chars) {
        if (text.length() <= chars) {
            return text;
        }
        String cut = text.substring(0, chars);
        int lineEnd = cut.lastIndexOf('\n');
        return (lineEnd > 0 ? cut.substring(0, lineEnd) : cut) + "\n[... the rest of the file is not shown]";
    }

    /** At most {@code chars} of the text's end, starting at a line's start when the cut leaves a whole line. */
    private static String keepTail(String text, int chars) {
        if (text.length() <= chars) {
            return text;
        }
        String cut = text.substring(text.length() - chars);
        int lineStart = cut.indexOf('\n');
        return "[... earlier lines are not shown]\n"
                + (lineStart >= 0 && lineStart < cut.length() - 1 ? cut.substring(lineStart + 1) : cut);
    }

    public boolean isEmpty() {
        return planHead.isBlank() && findingsTail.isBlank() && progressTail.isBlank();
    }

    static String head(List<String> lines, int n) {
        String text = String.join("\n", lines.subList(0, Math.min(n, lines.size())));
        return text.length() <= MAX_CHARS && lines.size() > n ? text + "\n[... the rest of the file is not shown]"
                : keepHead(text, MAX_CHARS);
    }

    static String tail(List<String> lines, int n) {
        String text = String.join("\n", lines.subList(Math.max(0, lines.size() - n), lines.size()));
        return text.length() <= MAX_CHARS && lines.size() > n ? "[... earlier lines are not shown]\n" + text
                : keepTail(text, MAX_CHARS);
    }
}
