package dev.longtask.llm;

import dev.longtask.config.ModelPrice;
import dev.longtask.config.Resolved;
import dev.longtask.config.Source;
import java.util.Optional;

/**
 * Everything resolved about the model to talk to, each part with where it came from: what {@code doctor}
 * shows and what {@link LlmClients} builds a client from.
 *
 * @param keyVariable the environment variable of the key this provider uses, or null when it uses none
 * @param keyRequired whether a call cannot work without that key (the provider's own API)
 */
public record Endpoint(
        ModelSpec spec,
        Source modelSource,
        String baseUrl,
        Source baseUrlSource,
        String keyVariable,
        boolean keyPresent,
        boolean keyRequired,
        Resolved<Boolean> textProtocol,
        Resolved<Integer> contextWindow,
        Optional<Resolved<ModelPrice>> price) {

    public Provider.Protocol protocol() {
        return spec.provider().protocol();
    }

    /** Whether the endpoint can be called: a key that is required is present. */
    public boolean ready() {
        return !keyRequired || keyPresent;
    }
}
