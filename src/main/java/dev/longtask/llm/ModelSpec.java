package dev.longtask.llm;

import dev.longtask.model.config.ConfigException;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * A model as the user names it: {@code anthropic:<model>}, {@code openai:<model>} or {@code ollama:<model>}.
 * The model name may itself contain colons ({@code ollama:llama3.1:8b}). A bare {@code claude-*} name means
 * Anthropic and a bare {@code gpt-*}, {@code o1*}, {@code o3*}, {@code o4*} name means OpenAI.
 */
public record ModelSpec(Provider provider, String name) {

    public static ModelSpec parse(String spec) {
        String s = spec == null ? "" : spec.trim();
        int colon = s.indexOf(':');
        if (colon > 0) {
            String prefix = s.substring(0, colon).toLowerCase(Locale.ROOT);
            String name = s.substring(colon + 1).trim();
            for (Provider p : Provider.values()) {
                if (p.prefix().equals(prefix)) {
                    if (name.isEmpty()) {
                        throw new ConfigException("model spec '" + spec + "' has no model name after '"
                                + prefix + ":' (e.g. " + example(p) + ")");
                    }
                    return new ModelSpec(p, name);
                }
            }
        }
        String lower = s.toLowerCase(Locale.ROOT);
        if (lower.startsWith("claude-")) {
            return new ModelSpec(Provider.ANTHROPIC, s);
        }
        if (lower.startsWith("gpt-") || lower.matches("o[1-9]([-.].*)?") || lower.startsWith("chatgpt-")) {
            return new ModelSpec(Provider.OPENAI, s);
        }
        throw new ConfigException("model spec '" + spec + "' does not say its provider: write "
                + Arrays.stream(Provider.values()).map(p -> p.prefix() + ":<model>").collect(Collectors.joining(", "))
                + " (e.g. anthropic:claude-sonnet-4-5, openai:gpt-4.1, ollama:llama3.1)");
    }

    private static String example(Provider p) {
        return switch (p) {
            case ANTHROPIC -> "anthropic:claude-sonnet-4-5";
            case OPENAI -> "openai:gpt-4.1";
            case OLLAMA -> "ollama:llama3.1";
        };
    }

    @Override
    public String toString() {
        return provider.prefix() + ":" + name;
    }
}
