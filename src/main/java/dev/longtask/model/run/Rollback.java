package dev.longtask.model.run;

import java.util.List;

/** What a rollback of tasks' changes did, or why it refused: {@code refused} names each file and who changed it since. */
public record Rollback(List<Integer> tasks, List<String> restored, List<String> refused, String stash) {
}
