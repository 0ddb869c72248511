package dev.longtask.model.run;

/**
 * One file of a task's recorded changes: {@code unified} is git's unified diff of it (or a line saying it is
 * binary).
 */
public record FileDiff(String path, String change, int added, int removed, String unified) {
}
