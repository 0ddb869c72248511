package dev.longtask.model;

/**
 * The root of the failures longtask reports: a run store that cannot do what was asked
 * ({@code dev.longtask.model.run.StoreException}), settings that cannot be used ({@code dev.longtask.model.config.ConfigException})
 * and a model call that failed ({@code dev.longtask.model.llm.LlmException}). An embedder catches this one type to tell
 * longtask's own failures, whose messages are written for a person and name what is wrong, from bugs.
 */
public class LongtaskException extends RuntimeException {
    public LongtaskException(String message) {
        super(message);
    }

    public LongtaskException(String message, Throwable cause) {
        super(message, cause);
    }
}
