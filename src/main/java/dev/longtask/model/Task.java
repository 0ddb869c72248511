package dev.longtask.model;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * One node of a run's graph, exactly as {@code tasks/task_<id>.json} holds it.
 * {@code blockedBy} lists the unfinished tasks this one waits for (completed ones are removed);
 * {@code blocks} lists the tasks that wait for this one.
 */
@JsonPropertyOrder({"id", "subject", "instruction", "agent", "status", "blockedBy", "blocks", "inputs",
        "outputs", "success_criteria", "owner", "attempts", "created", "started", "finished", "usage", "error"})
@JsonInclude(JsonInclude.Include.ALWAYS)
public record Task(
        int id,
        String subject,
        String instruction,
        String agent,
        TaskStatus status,
        List<Integer> blockedBy,
        List<Integer> blocks,
        Map<String, String> inputs,
        Map<String, String> outputs,
        @JsonProperty("success_criteria") List<String> successCriteria,
        String owner,
        int attempts,
        Instant created,
        Instant started,
        Instant finished,
        Usage usage,
        String error) {

    public Task {
        subject = subject == null ? "" : subject;
        instruction = instruction == null ? "" : instruction;
        agent = agent == null ? "general" : agent;
        status = status == null ? TaskStatus.PENDING : status;
        blockedBy = List.copyOf(blockedBy == null ? List.of() : blockedBy);
        blocks = List.copyOf(blocks == null ? List.of() : blocks);
        inputs = Map.copyOf(inputs == null ? Map.of() : inputs);
        outputs = Map.copyOf(outputs == null ? Map.of() : outputs);
        successCriteria = List.copyOf(successCriteria == null ? List.of() : successCriteria);
        owner = owner == null ? "" : owner;
        usage = usage == null ? Usage.ZERO : usage;
    }

    /** Ready to run: pending with nothing left blocking it. Derived, so not a field of the task file. */
    @JsonIgnore
    public boolean isReady() {
        return status == TaskStatus.PENDING && blockedBy.isEmpty();
    }

    public Task withStatus(TaskStatus newStatus) {
        return new Task(id, subject, instruction, agent, newStatus, blockedBy, blocks, inputs, outputs,
                successCriteria, owner, attempts, created, started, finished, usage, error);
    }

    public Task withBlockedBy(List<Integer> newBlockedBy) {
        return new Task(id, subject, instruction, agent, status, newBlockedBy, blocks, inputs, outputs,
                successCriteria, owner, attempts, created, started, finished, usage, error);
    }

    public Task withBlocks(List<Integer> newBlocks) {
        return new Task(id, subject, instruction, agent, status, blockedBy, newBlocks, inputs, outputs,
                successCriteria, owner, attempts, created, started, finished, usage, error);
    }

    public Task withUsage(Usage newUsage) {
        return new Task(id, subject, instruction, agent, status, blockedBy, blocks, inputs, outputs,
                successCriteria, owner, attempts, created, started, finished, newUsage, error);
    }

    /** One line as `tasks` and task_plan.md show it: "[x] #3: subject (blocked by: 1, 2)". */
    public String line() {
        String blocked = blockedBy.isEmpty() || status.isTerminal() ? ""
                : " (blocked by: " + String.join(", ", blockedBy.stream().map(String::valueOf).toList()) + ")";
        return status.marker() + " #" + id + ": " + subject + blocked;
    }
}
