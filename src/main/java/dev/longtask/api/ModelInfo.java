package dev.longtask.api;

import dev.longtask.model.config.ModelPrice;
import dev.longtask.model.config.Resolved;
import dev.longtask.model.config.Source;
import dev.longtask.llm.Endpoint;
import java.util.List;
import java.util.Optional;

/**
 * The model a workspace's settings point at, each part with where it came from: what {@code longtask doctor} shows
 * before it sends anything.
 *
 * @param spec          the model spec, e.g. {@code anthropic:claude-sonnet-4-5}
 * @param protocol      the wire protocol's title, e.g. "OpenAI-compatible API"
 * @param keyVariable   the environment variable of the key this provider uses, or null when it uses none
 * @param keyRequired   whether a call cannot work without that key (the provider's own API)
 * @param textProtocol  whether tools are described and called in the text of messages rather than natively
 * @param warnings      what to tell a user before relying on this model, one line each
 */
public record ModelInfo(String spec, Source modelSource, String protocol, String baseUrl, Source baseUrlSource,
                        String keyVariable, boolean keyPresent, boolean keyRequired, Resolved<Boolean> textProtocol,
                        Resolved<Integer> contextWindow, Optional<Resolved<ModelPrice>> price, List<String> warnings) {

    public ModelInfo {
        warnings = List.copyOf(warnings);
    }

    static ModelInfo of(Endpoint e) {
        return new ModelInfo(e.spec().toString(), e.modelSource(), e.protocol().title(), e.baseUrl(),
                e.baseUrlSource(), e.keyVariable(), e.keyPresent(), e.keyRequired(), e.textProtocol(),
                e.contextWindow(), e.price(), e.warnings());
    }

    /** The most output tokens a call asks of this model when {@code configured} is the setting: a quarter of its window at most. */
    public int maxOutputTokens(int configured) {
        return Endpoint.maxOutputTokens(configured, contextWindow.value());
    }

    /** Whether the model can be called: a key that is required is present. */
    public boolean ready() {
        return !keyRequired || keyPresent;
    }
}
