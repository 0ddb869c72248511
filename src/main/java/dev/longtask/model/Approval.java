package dev.longtask.model;

/** A question of a run and its answer, null while it waits. */
public record Approval(ApprovalQuestion question, ApprovalAnswer answer) {

    public boolean open() {
        return answer == null;
    }

    public int id() {
        return question.id();
    }
}
