package dev.longtask.engine;

import dev.longtask.agent.AgentRunner;
import dev.longtask.model.agent.AgentSpec;
import dev.longtask.model.Task;
import dev.longtask.model.run.TaskDone;
import dev.longtask.model.run.RunStore;
import dev.longtask.tools.undo.Checkpoints;
import java.util.List;
import java.util.Optional;

/**
 * A task that a worker claimed from a shared store, carried out by the same {@link AgentRunner} a session runs its
 * tasks with: the agent's loop with the task's contract and the run's memory, then the record of what came of it
 * (every write fenced by the claim). {@link #stop} ends the loop early; the task goes back to pending.
 */
public final class TaskWork implements AutoCloseable {
    private final StopSignal stop = new StopSignal();
    private final SessionParts parts;
    private final AutoCloseable afterwards;
    private final Checkpoints checkpoints;

    /** @param afterwards closed with this (the MCP servers started for the task) */
    public TaskWork(EngineSetup setup, RunStore store, AutoCloseable afterwards) {
        this.checkpoints = RunCheckpoints.open(setup, store, false);
        this.parts = SessionParts.of(store, setup, stop, checkpoints);
        this.afterwards = afterwards;
    }

    /** Runs the agent of {@code task}, which this process claimed; a task whose agent is unknown fails at once. */
    public TaskDone execute(Task task) {
        Optional<AgentSpec> agent = parts.setup().agents().find(task.agent());
        if (agent.isEmpty()) {
            String error = unknownAgent(task.agent());
            parts.store().fail(task.id(), error);
            return new TaskDone(task.id(), false, false, error, null);
        }
        List<Task> tasks = parts.store().tasks();
        AgentRunner.TaskRun run = parts.runner().execute(task.id(), agent.get(), task.id(), tasks.size());
        return new TaskDone(run.taskId(), run.completed(), run.requeued(), run.summary(), run.providerError());
    }

    /** Ends the agent's loop soon (a worker stopping); the task is requeued by its claim. Returns at once. */
    public void stop(String reason) {
        stop.stop(StopSignal.Kind.INTERRUPT, reason);
    }

    static String unknownAgent(String name) {
        return "no agent named '" + name + "' (run 'longtask agents' to list them)";
    }

    @Override
    public void close() {
        checkpoints.close();
        try {
            afterwards.close();
        } catch (Exception e) {
            // The task's record is written; a server that will not stop cleanly changes nothing in the run.
        }
    }
}
