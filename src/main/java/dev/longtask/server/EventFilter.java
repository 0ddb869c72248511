package dev.longtask.server;

import dev.longtask.model.EventType;
import java.util.Arrays;
import java.util.List;
import java.util.Set;

/**
 * Which event types a reader gets: patterns like {@code task.completed} or {@code task.*}, minus excluded ones.
 * Without patterns a reader gets the run-level events only (status, plan, rounds, tasks finishing, the report,
 * approvals); the chatty per-step ones (model calls, retries, notes, findings, claims) only when named.
 */
record EventFilter(List<String> include, List<String> exclude) {
    /** The run-level events: what every subscriber gets unless it asks for something else. */
    static final Set<String> RUN_LEVEL = Set.of(EventType.RUN_CREATED, EventType.RUN_STATUS, EventType.RUN_BUDGET,
            EventType.SESSION_STARTED, EventType.ROUND_STARTED, EventType.PLAN_ACCEPTED, EventType.DIRECTOR_DECIDED,
            EventType.TASK_COMPLETED, EventType.TASK_FAILED, EventType.TASK_CANCELLED, EventType.REPORT_WRITTEN,
            EventType.ERROR_RECORDED);

    static final EventFilter RUN_LEVEL_ONLY = new EventFilter(List.of(), List.of());
    static final EventFilter EVERYTHING = new EventFilter(List.of("*"), List.of());

    EventFilter {
        include = List.copyOf(include);
        exclude = List.copyOf(exclude);
        for (String pattern : include) {
            check(pattern);
        }
        for (String pattern : exclude) {
            check(pattern);
        }
    }

    /** From comma-separated lists (a query string's {@code types} and {@code exclude}); null or blank is none. */
    static EventFilter parse(String types, String excluded, EventFilter whenNoTypes) {
        List<String> include = split(types);
        List<String> exclude = split(excluded);
        if (include.isEmpty()) {
            return new EventFilter(whenNoTypes.include, exclude.isEmpty() ? whenNoTypes.exclude : exclude);
        }
        return new EventFilter(include, exclude);
    }

    boolean accepts(String type) {
        if (exclude.stream().anyMatch(p -> matches(p, type))) {
            return false;
        }
        if (include.isEmpty()) {
            return RUN_LEVEL.contains(type) || type.startsWith("approval.");
        }
        return include.stream().anyMatch(p -> matches(p, type));
    }

    private static boolean matches(String pattern, String type) {
        if (pattern.equals("*")) {
            return true;
        }
        return pattern.endsWith(".*") ? type.startsWith(pattern.substring(0, pattern.length() - 1))
                : pattern.equals(type);
    }

    private static List<String> split(String list) {
        if (list == null || list.isBlank()) {
            return List.of();
        }
        return Arrays.stream(list.split(",")).map(String::strip).filter(s -> !s.isEmpty()).toList();
    }

    private static void check(String pattern) {
        if (!pattern.matches("\\*|[a-z_]+(\\.[a-z_]+)*(\\.\\*)?")) {
            throw new IllegalArgumentException("'" + pattern + "' is not an event type or pattern (like "
                    + "task.completed, task.* or *)");
        }
    }
}
