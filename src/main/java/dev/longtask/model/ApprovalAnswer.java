package dev.longtask.model;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * A person's answer to an {@link ApprovalQuestion}: the payload of {@code approval.answered}.
 *
 * @param id       the question's id
 * @param decision allow once, allow always for this run, or deny
 * @param reason   why it was denied (goes back to the model); may be empty
 * @param by       who answered: "terminal", "longtask approve", an API user ...
 */
@JsonPropertyOrder({"id", "decision", "reason", "by"})
public record ApprovalAnswer(int id, ApprovalDecision decision, String reason, String by) {

    public ApprovalAnswer {
        if (decision == null) {
            throw new IllegalArgumentException("an approval answer needs a decision");
        }
        reason = reason == null ? "" : reason.strip();
        by = by == null ? "" : by;
    }

    public static ApprovalAnswer allowOnce(int id, String by) {
        return new ApprovalAnswer(id, ApprovalDecision.ALLOW_ONCE, "", by);
    }

    public static ApprovalAnswer allowAlways(int id, String by) {
        return new ApprovalAnswer(id, ApprovalDecision.ALLOW_ALWAYS, "", by);
    }

    public static ApprovalAnswer deny(int id, String reason, String by) {
        return new ApprovalAnswer(id, ApprovalDecision.DENY, reason, by);
    }
}
