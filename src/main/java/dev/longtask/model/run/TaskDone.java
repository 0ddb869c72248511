package dev.longtask.model.run;

/**
 * What became of a task a worker claimed and carried out; {@code providerError} is set when the provider refused.
 */
public record TaskDone(int taskId, boolean completed, boolean requeued, String summary, String providerError) {
}
