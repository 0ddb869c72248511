package dev.longtask.agent;

import dev.longtask.model.agent.AgentSpec;
import dev.longtask.tools.ToolContext;

/**
 * One job for {@link AgentLoop#run}: which agent, what it must do, the run's memory it starts from, where its
 * tools act (workspace, store and task id) and the tool that ends it.
 */
public record AgentTask(AgentSpec agent, TaskContract contract, RunMemory memory, ToolContext context,
                        Terminal terminal) {

    public AgentTask {
        memory = memory == null ? RunMemory.NONE : memory;
        if (agent == null || contract == null || context == null || terminal == null) {
            throw new IllegalArgumentException("an agent task needs an agent, a contract, a context and a terminal");
        }
    }

    /** A task agent's job, ended by {@code submit_result}, which checks the contract's outputs exist. */
    public static AgentTask submitting(AgentSpec agent, TaskContract contract, RunMemory memory, ToolContext context) {
        return new AgentTask(agent, contract, memory, context,
                Terminal.submitResult(context.workspace(), contract.outputs()));
    }

    /** {@link #submitting(AgentSpec, TaskContract, RunMemory, ToolContext)}, its schema compiled once by {@code caches}. */
    public static AgentTask submitting(AgentSpec agent, TaskContract contract, RunMemory memory, ToolContext context,
                                       LoopCaches caches) {
        return new AgentTask(agent, contract, memory, context,
                Terminal.submitResult(context.workspace(), contract.outputs(), caches));
    }

    /** The same job starting from other memory (the run's, cut to the model's window). */
    public AgentTask withMemory(RunMemory other) {
        return new AgentTask(agent, contract, other, context, terminal);
    }

    /** The same job for another definition of its agent. */
    public AgentTask withAgent(AgentSpec spec) {
        return new AgentTask(spec, contract, memory, context, terminal);
    }
}
