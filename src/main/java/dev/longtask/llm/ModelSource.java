package dev.longtask.llm;

import dev.longtask.model.llm.LlmClient;
import dev.longtask.model.llm.Pricing;

/**
 * Where the runtime gets its model clients: the run's model, or an agent's own model when its definition names
 * one. Each task gets a client reporting its failed attempts to that task's listener.
 */
public interface ModelSource {

    /** The run's model spec, as recorded in run.json. */
    String runModel();

    /**
     * @param modelSpec an agent's own model, or null for the run's model
     * @param listener  told of every failed attempt (the run logs them as {@code llm.retry})
     */
    LlmClient client(String modelSpec, AttemptListener listener);

    /** Prices tokens of the run's model for estimates; empty costs when its price is unknown. */
    Pricing pricing();
}
