package dev.longtask.llm;

import dev.longtask.model.llm.ChatRequest;
import dev.longtask.model.llm.ChatResponse;
import dev.longtask.model.llm.LlmClient;
import java.util.function.Function;

/**
 * The fully decorated client {@link LlmClients} builds: text protocol (when configured) over retries over
 * pricing over record/replay over the provider adapter. {@link #withListener} gives a client that shares
 * everything but reports attempts to another listener, e.g. one per task.
 */
public final class ModelClient implements LlmClient {
    private final Endpoint endpoint;
    private final Function<AttemptListener, LlmClient> assembly;
    private final LlmClient client;

    ModelClient(Endpoint endpoint, Function<AttemptListener, LlmClient> assembly, AttemptListener listener) {
        this.endpoint = endpoint;
        this.assembly = assembly;
        this.client = assembly.apply(listener);
    }

    @Override
    public ChatResponse chat(ChatRequest request) {
        return client.chat(request);
    }

    @Override
    public String modelSpec() {
        return client.modelSpec();
    }

    @Override
    public int contextWindowTokens() {
        return client.contextWindowTokens();
    }

    /** What this client talks to, resolved from the settings. */
    public Endpoint endpoint() {
        return endpoint;
    }

    /** The same model, connection and settings, reporting attempts to {@code listener}. */
    public ModelClient withListener(AttemptListener listener) {
        return new ModelClient(endpoint, assembly, listener);
    }
}
