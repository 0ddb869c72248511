package dev.longtask.server;

import dev.longtask.model.Budget;
import java.nio.file.Path;

/**
 * A run as submitted to the server, checked: its goal, the workspace (a real directory under an allowed root),
 * and how it is to be carried out.
 *
 * @param model       a model spec like {@code openai:gpt-4.1}, or null for the workspace's configured one
 * @param concurrency tasks at once, or null for the workspace's configured value
 * @param priority    higher starts first; FIFO among equals
 * @param approval    {@code auto}, {@code ask} or {@code read-only}
 * @param foreground  the run a person drives: it does not wait for a pool slot and its questions reach them
 */
public record RunRequest(String goal, Path workspace, String model, Budget budget, Integer concurrency,
                         int priority, String approval, boolean foreground) {
    public static final int MIN_PRIORITY = -1000;
    public static final int MAX_PRIORITY = 1000;
}
