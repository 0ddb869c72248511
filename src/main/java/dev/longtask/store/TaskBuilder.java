package dev.longtask.store;

import dev.longtask.model.Task;
import dev.longtask.model.TaskStatus;
import dev.longtask.model.Usage;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/** A changed copy of a {@link Task}: the reducer's way of writing "this task, but ...". */
final class TaskBuilder {
    int id;
    String subject;
    String instruction;
    String agent;
    TaskStatus status;
    List<Integer> blockedBy;
    List<Integer> blocks;
    Map<String, String> inputs;
    Map<String, String> outputs;
    List<String> successCriteria;
    String owner;
    int attempts;
    Instant created;
    Instant started;
    Instant finished;
    Usage usage;
    String error;

    static TaskBuilder from(Task t) {
        TaskBuilder b = new TaskBuilder();
        b.id = t.id();
        b.subject = t.subject();
        b.instruction = t.instruction();
        b.agent = t.agent();
        b.status = t.status();
        b.blockedBy = t.blockedBy();
        b.blocks = t.blocks();
        b.inputs = t.inputs();
        b.outputs = t.outputs();
        b.successCriteria = t.successCriteria();
        b.owner = t.owner();
        b.attempts = t.attempts();
        b.created = t.created();
        b.started = t.started();
        b.finished = t.finished();
        b.usage = t.usage();
        b.error = t.error();
        return b;
    }

    Task build() {
        return new Task(id, subject, instruction, agent, status, blockedBy, blocks, inputs, outputs,
                successCriteria, owner, attempts, created, started, finished, usage, error);
    }
}
