package dev.longtask.engine;

/** The goal cannot fit the prompts of the run's model; nothing was created. */
final class GoalTooLargeException extends IllegalArgumentException {
    GoalTooLargeException(String message) {
        super(message);
    }
}
