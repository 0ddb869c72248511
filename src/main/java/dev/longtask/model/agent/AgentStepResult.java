package dev.longtask.model.agent;

/** A step as it ran: the task text it was given (with {@code {previous}} filled in) and how it ended. */
public record AgentStepResult(AgentStep step, String task, AgentOutcome outcome) {
}
