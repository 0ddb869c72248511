package dev.longtask.api;

import dev.longtask.model.llm.ChatRequest;
import dev.longtask.model.llm.ChatResponse;
import dev.longtask.model.llm.LlmClient;

/** The model of a run that has ended: never called, since such a run does no work; it only names the recorded model. */
record EndedRunModel(String spec) implements LlmClient {
    @Override
    public ChatResponse chat(ChatRequest request) {
        throw new IllegalStateException("a run that has ended makes no model call");
    }

    @Override
    public String modelSpec() {
        return spec == null ? "" : spec;
    }

    @Override
    public int contextWindowTokens() {
        return 0;
    }
}
