package dev.longtask.llm;

import dev.longtask.model.config.Settings;

/** Who serves a model, the wire protocol it speaks, where it lives by default and which key it needs. */
public enum Provider {
    ANTHROPIC("anthropic", Protocol.ANTHROPIC, "https://api.anthropic.com/v1/", Settings.ANTHROPIC_API_KEY),
    OPENAI("openai", Protocol.OPENAI, "https://api.openai.com/v1", Settings.OPENAI_API_KEY),
    /** A local Ollama server, spoken to over its OpenAI-compatible endpoint; needs no key. */
    OLLAMA("ollama", Protocol.OPENAI, "http://localhost:11434/v1", null);

    public enum Protocol {
        ANTHROPIC("Anthropic Messages API"),
        OPENAI("OpenAI Chat Completions API");

        private final String title;

        Protocol(String title) {
            this.title = title;
        }

        public String title() {
            return title;
        }
    }

    private final String prefix;
    private final Protocol protocol;
    private final String defaultBaseUrl;
    private final String keyVariable;

    Provider(String prefix, Protocol protocol, String defaultBaseUrl, String keyVariable) {
        this.prefix = prefix;
        this.protocol = protocol;
        this.defaultBaseUrl = defaultBaseUrl;
        this.keyVariable = keyVariable;
    }

    /** "anthropic", "openai" or "ollama": the part of a model spec before the colon. */
    public String prefix() {
        return prefix;
    }

    public Protocol protocol() {
        return protocol;
    }

    public String defaultBaseUrl() {
        return defaultBaseUrl;
    }

    /** The environment variable holding this provider's key, or null when it needs none. */
    public String keyVariable() {
        return keyVariable;
    }
}
