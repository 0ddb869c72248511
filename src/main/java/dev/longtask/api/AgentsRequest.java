package dev.longtask.api;

import dev.longtask.model.agent.AgentStep;
import java.nio.file.Path;
import java.util.List;

/**
 * Agents to run directly, each as a task of a new run: one agent, several side by side ({@code parallel}, at most
 * {@code concurrency} at once), or a chain in which {@code {previous}} stands for the whole output of the step
 * before and the first failure stops it.
 *
 * @param workspace the workspace, or null for the runtime's
 * @param maxSteps  overrides the agents' {@code max_steps}, or null
 * @param model     the model of every step (else each agent's own, else the configured one), or null
 * @param baseUrl   where that model is served, or null
 */
public record AgentsRequest(Path workspace, List<AgentStep> steps, boolean parallel, boolean chain,
                            int concurrency, Integer maxSteps, String model, String baseUrl) {

    public AgentsRequest {
        steps = List.copyOf(steps);
        if (steps.isEmpty()) {
            throw new IllegalArgumentException("give at least one agent and its task");
        }
        if (parallel && chain) {
            throw new IllegalArgumentException("steps run in parallel or as a chain, not both");
        }
        if (concurrency < 1) {
            throw new IllegalArgumentException("concurrency must be at least 1, got " + concurrency);
        }
    }
}
