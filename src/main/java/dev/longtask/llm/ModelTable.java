package dev.longtask.llm;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.longtask.model.config.Resolved;
import dev.longtask.model.config.Source;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * Per-model values (prices, context windows, text-protocol flags) looked up by model. A key is a model
 * name ("gpt-4o") or a spec ("ollama:llama3.1"); a trailing {@code *} matches any rest. Configured entries
 * win over built-in ones; within each, an exact key wins over patterns and a longer pattern over a shorter.
 */
final class ModelTable<T> {
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    private final List<Map<String, Resolved<T>>> tiers;

    private ModelTable(List<Map<String, Resolved<T>>> tiers) {
        this.tiers = tiers;
    }

    /** {@code configured} first, then the built-in resource read with {@code reader}. */
    static <T> ModelTable<T> of(Map<String, Resolved<T>> configured, String resource, Function<JsonNode, T> reader) {
        List<Map<String, Resolved<T>>> tiers = new ArrayList<>();
        tiers.add(configured);
        if (resource != null) {
            tiers.add(builtIn(resource, reader));
        }
        return new ModelTable<>(tiers);
    }

    Optional<Resolved<T>> lookup(ModelSpec spec) {
        String full = spec.toString();
        for (Map<String, Resolved<T>> tier : tiers) {
            Resolved<T> exact = tier.containsKey(full) ? tier.get(full) : tier.get(spec.name());
            if (exact != null) {
                return Optional.of(exact);
            }
            String best = null;
            for (String key : tier.keySet()) {
                if (key.endsWith("*") && matches(key, full, spec.name())
                        && (best == null || key.length() > best.length())) {
                    best = key;
                }
            }
            if (best != null) {
                return Optional.of(tier.get(best));
            }
        }
        return Optional.empty();
    }

    private static boolean matches(String pattern, String full, String name) {
        String prefix = pattern.substring(0, pattern.length() - 1);
        return full.startsWith(prefix) || (!prefix.contains(":") && name.startsWith(prefix));
    }

    private static <T> Map<String, Resolved<T>> builtIn(String resource, Function<JsonNode, T> reader) {
        try (InputStream in = ModelTable.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + resource);
            }
            JsonNode root = YAML.readTree(in);
            Map<String, Resolved<T>> table = new java.util.LinkedHashMap<>();
            root.fields().forEachRemaining(f -> table.put(f.getKey(),
                    new Resolved<>(reader.apply(f.getValue()), Source.defaulted("built-in table: " + f.getKey()))));
            return table;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + resource, e);
        }
    }
}
