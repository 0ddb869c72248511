package dev.longtask.model;

import java.util.List;
import java.util.Map;

/** What is needed to create a task; the store gives it an id, timestamps and status. */
public record TaskDraft(
        String subject,
        String instruction,
        String agent,
        List<Integer> blockedBy,
        Map<String, String> inputs,
        Map<String, String> outputs,
        List<String> successCriteria) {

    public TaskDraft {
        if (subject == null || subject.isBlank()) {
            throw new IllegalArgumentException("a task needs a subject");
        }
        instruction = instruction == null ? "" : instruction;
        agent = agent == null || agent.isBlank() ? "general" : agent;
        blockedBy = List.copyOf(blockedBy == null ? List.of() : blockedBy);
        inputs = Map.copyOf(inputs == null ? Map.of() : inputs);
        outputs = Map.copyOf(outputs == null ? Map.of() : outputs);
        successCriteria = List.copyOf(successCriteria == null ? List.of() : successCriteria);
    }

    public static TaskDraft of(String subject) {
        return new TaskDraft(subject, "", "general", List.of(), Map.of(), Map.of(), List.of());
    }
}
