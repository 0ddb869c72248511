package dev.longtask.api;

import dev.longtask.engine.EngineSetup;
import dev.longtask.engine.TaskWork;
import dev.longtask.model.run.RunStore;
import dev.longtask.tools.mcp.McpServers;

/**
 * What a worker keeps of a run from its first claim of one of the run's tasks until it closes the run's store: the
 * engine's set-up (the run's models, agents, tools, permissions) and its MCP servers, shared by every task of the run
 * the worker carries out, as a session shares them among its tasks. Assembling them again at every claim read the
 * workspace's agents and configuration from disk for each task.
 */
record WorkerRunParts(EngineSetup setup, McpServers servers) implements AutoCloseable {
    /** What a slot runs the task it claimed with; closing it leaves the run's parts open for its next task. */
    TaskWork work(RunStore store) {
        return new TaskWork(setup, store, () -> {
        });
    }

    /** Stops the run's MCP servers. */
    @Override
    public void close() {
        servers.close();
    }
}
