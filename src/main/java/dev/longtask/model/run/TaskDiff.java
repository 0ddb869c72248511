package dev.longtask.model.run;

import java.util.List;

/** A task's recorded changes that stand, as its last attempt made them. */
public record TaskDiff(int task, int attempt, boolean ended, List<FileDiff> files) {
}
