package dev.longtask.llm;

import dev.longtask.model.config.ModelPrice;
import dev.longtask.model.config.Resolved;
import dev.longtask.model.config.Source;
import dev.longtask.model.Counts;
import java.util.List;
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

    /**
     * What to tell a user before relying on this endpoint, one line each: an Ollama model whose window nobody set
     * runs on an assumed one, and Ollama cuts a prompt longer than its own num_ctx without an error.
     */
    public List<String> warnings() {
        if (spec.provider() == Provider.OLLAMA && contextWindow.source().kind() == Source.Kind.DEFAULT) {
            return List.of(spec + " runs on an assumed context window of " + Counts.full(contextWindow.value()) + " tokens, and "
                    + "Ollama cuts longer prompts silently at its own num_ctx: set context_window in "
                    + ".longtask/config.yaml and run Ollama with that context (OLLAMA_CONTEXT_LENGTH)");
        }
        return List.of();
    }

    /** The most output tokens a call asks of this model: {@code configured}, but never more than fits its window. */
    public int maxOutputTokens(int configured) {
        return maxOutputTokens(configured, contextWindow.value());
    }

    /** The most output tokens a call asks of a model with {@code window} tokens of context, {@code configured} at most. */
    public static int maxOutputTokens(int configured, int window) {
        return Math.min(configured, ProviderLlmClient.outputCap(window));
    }

    /** Whether the endpoint can be called: a key that is required is present. */
    public boolean ready() {
        return !keyRequired || keyPresent;
    }
}
