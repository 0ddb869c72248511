package dev.longtask.tools.undo;

import dev.longtask.tools.undo.ChangeJournal.Entry;
import dev.longtask.tools.undo.ChangeJournal.Op;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/** A run's journal read back: per task, the attempts whose changes still stand and what they touched, in order. */
final class JournalView {
    /** A file an attempt touched: the content it found (null: absent) and the journal line of the first touch. */
    record Touch(String path, String before, String mode, int line, String by) {
    }

    /** An attempt whose changes stand (not undone). {@code changes} is null until it ended. */
    static final class Attempt {
        final int task;
        final int attempt;
        final int startLine;
        final String foundTree;
        final Map<String, Touch> touches = new LinkedHashMap<>();
        /** Shell commands begun and never seen to end (a crash): the tree each started on, and its line. */
        final List<Map.Entry<Integer, String>> openShells = new ArrayList<>();
        int endLine = -1;
        String leftTree;
        String commit;
        List<Change> changes;

        Attempt(int task, int attempt, int startLine, String foundTree) {
            this.task = task;
            this.attempt = attempt;
            this.startLine = startLine;
            this.foundTree = foundTree;
        }

        boolean ended() {
            return changes != null;
        }
    }

    private int lines;
    private final Map<Integer, List<Attempt>> live = new TreeMap<>();
    private final Map<String, Attempt> current = new LinkedHashMap<>();
    /** Each task's latest attempt, standing or undone. */
    private final Map<Integer, Attempt> latest = new TreeMap<>();
    /** path -> the lines where a standing attempt touched it, with the task; null until asked after a change. */
    private Map<String, List<int[]>> touchesByPath;

    /** {@code entries}: the journal's lines so far; later ones are given to {@link #add}. */
    JournalView(List<Entry> entries) {
        entries.forEach(this::add);
    }

    /** The journal's next line. */
    void add(Entry e) {
        int line = lines++;
        touchesByPath = null;
        String key = e.task() + "/" + e.attempt();
        switch (e.op()) {
            case START -> {
                Attempt a = new Attempt(e.task(), e.attempt(), line, e.tree());
                current.put(key, a);
                latest.put(e.task(), a);
                live.computeIfAbsent(e.task(), t -> new ArrayList<>()).add(a);
            }
            case TOUCH -> {
                Attempt a = current.get(key);
                if (a != null && !a.touches.containsKey(e.path())) {
                    a.touches.put(e.path(), new Touch(e.path(), e.before(), e.mode(), line, e.by()));
                }
            }
            case BASH -> {
                Attempt a = current.get(key);
                if (a != null) {
                    a.openShells.add(Map.entry(line, e.tree()));
                }
            }
            case BASH_END -> {
                Attempt a = current.get(key);
                if (a != null && !a.openShells.isEmpty()) {
                    a.openShells.remove(a.openShells.size() - 1);
                }
            }
            case END -> {
                Attempt a = current.remove(key);
                if (a != null) {
                    a.endLine = line;
                    a.leftTree = e.tree();
                    a.commit = e.commit();
                    a.changes = e.changes() == null ? List.of() : e.changes();
                    a.openShells.clear();
                }
            }
            case UNDONE -> {
                Set<Integer> undone = new HashSet<>(e.attempts() == null ? List.of() : e.attempts());
                List<Attempt> attempts = live.getOrDefault(e.task(), new ArrayList<>());
                attempts.removeIf(a -> undone.contains(a.attempt));
                if (attempts.isEmpty()) {
                    live.remove(e.task());
                }
            }
            default -> {
            }
        }
    }

    private Map<String, List<int[]>> touchesByPath() {
        if (touchesByPath == null) {
            Map<String, List<int[]>> byPath = new LinkedHashMap<>();
            live.values().forEach(attempts -> attempts.forEach(a -> a.touches.values().forEach(t ->
                    byPath.computeIfAbsent(t.path(), p -> new ArrayList<>()).add(new int[] {t.line(), a.task}))));
            touchesByPath = byPath;
        }
        return touchesByPath;
    }

    /** The latest attempt of {@code task}, whether its changes stand or were undone; null if it never started. */
    Attempt latest(int task) {
        return latest.get(task);
    }

    /** The attempts of {@code task} whose changes stand, oldest first. */
    List<Attempt> standing(int task) {
        return live.getOrDefault(task, List.of());
    }

    /** Every task with changes that stand, by id. */
    Map<Integer, List<Attempt>> standing() {
        return live;
    }

    /** The task (other than {@code task}) that touched {@code path} after journal line {@code line}, or 0. */
    int touchedLaterBy(String path, int line, int task) {
        for (int[] touch : touchesByPath().getOrDefault(path, List.of())) {
            if (touch[0] > line && touch[1] != task) {
                return touch[1];
            }
        }
        return 0;
    }

    /** Every path two or more standing tasks touched, with those tasks in the order they touched it. */
    Map<String, List<Integer>> sharedPaths() {
        Map<String, List<Integer>> shared = new TreeMap<>();
        touchesByPath().forEach((path, touches) -> {
            List<Integer> tasks = new ArrayList<>();
            touches.stream().sorted((x, y) -> Integer.compare(x[0], y[0])).forEach(t -> {
                if (!tasks.contains(t[1])) {
                    tasks.add(t[1]);
                }
            });
            if (tasks.size() > 1) {
                shared.put(path, tasks);
            }
        });
        return shared;
    }

    int size() {
        return lines;
    }
}
