package dev.longtask.llm;

import java.util.regex.Pattern;

/**
 * What one endpoint's wire accepts beyond the common core of its protocol, decided once per client.
 *
 * @param protocol            Anthropic Messages or OpenAI Chat Completions
 * @param maxCompletionTokens the output limit goes as {@code max_completion_tokens} (OpenAI's own API, whose
 *                            reasoning models refuse {@code max_tokens}); else {@code max_tokens}
 * @param strictTools         tools whose schema allows it are sent with {@code strict: true}, so the provider
 *                            holds the model's arguments to the schema
 * @param promptCaching       Anthropic's {@code cache_control} breakpoints are set (OpenAI caches by prefix
 *                            by itself and takes no marks)
 */
record Dialect(Provider.Protocol protocol, boolean maxCompletionTokens, boolean strictTools, boolean promptCaching) {

    /** Claude models with strict tool use generally available: the 4.5 generation and later. */
    private static final Pattern ANTHROPIC_STRICT = Pattern.compile("claude-(opus|sonnet|haiku)-(4-[5-9]|[5-9])\\b.*");

    /**
     * The dialect of a model at a base URL: OpenAI's own API gets {@code max_completion_tokens} and strict tools;
     * other OpenAI-compatible servers (Ollama, vLLM, llama.cpp ...) only the common core; Anthropic gets prompt
     * caching, and strict tools on the models that support them.
     */
    static Dialect of(Provider provider, String model, String baseUrl) {
        return switch (provider.protocol()) {
            case ANTHROPIC -> new Dialect(Provider.Protocol.ANTHROPIC, false,
                    ANTHROPIC_STRICT.matcher(model).matches(), true);
            case OPENAI -> {
                boolean openAisOwn = provider == Provider.OPENAI && baseUrl.equals(provider.defaultBaseUrl());
                yield new Dialect(Provider.Protocol.OPENAI, openAisOwn, openAisOwn, false);
            }
        };
    }
}
