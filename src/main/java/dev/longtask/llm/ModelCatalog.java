package dev.longtask.llm;

import com.fasterxml.jackson.databind.JsonNode;
import dev.longtask.model.config.ModelPrice;
import dev.longtask.model.config.Resolved;
import dev.longtask.model.config.Settings;
import dev.longtask.model.config.Source;
import java.math.BigDecimal;
import java.util.Map;
import java.util.Optional;

/** What we know per model: its price, its context window and whether it needs the text tool protocol. */
final class ModelCatalog {
    /** For a model we know nothing about: small enough that compaction starts early rather than too late. */
    static final int DEFAULT_CONTEXT_WINDOW = 8192;

    private final ModelTable<ModelPrice> prices;
    private final ModelTable<Integer> windows;
    private final ModelTable<Boolean> textProtocol;

    ModelCatalog(Map<String, Resolved<ModelPrice>> prices,
                 Map<String, Resolved<Integer>> windows,
                 Map<String, Resolved<Boolean>> textProtocol) {
        this.prices = ModelTable.of(prices, "prices.yaml", ModelCatalog::price);
        this.windows = ModelTable.of(windows, "context-windows.yaml", JsonNode::asInt);
        this.textProtocol = ModelTable.of(textProtocol, null, JsonNode::asBoolean);
    }

    static ModelCatalog of(Settings settings) {
        return new ModelCatalog(settings.prices(), settings.contextWindows(), settings.textProtocol());
    }

    /** The model's price, or empty when it is not known (its calls are then unpriced). */
    Optional<Resolved<ModelPrice>> price(ModelSpec spec) {
        return prices.lookup(spec);
    }

    Resolved<Integer> contextWindow(ModelSpec spec) {
        return windows.lookup(spec).orElseGet(() -> new Resolved<>(DEFAULT_CONTEXT_WINDOW,
                Source.defaulted("unknown model; set context_window in config.yaml")));
    }

    Resolved<Boolean> textProtocol(ModelSpec spec) {
        return textProtocol.lookup(spec).orElseGet(() -> new Resolved<>(false,
                Source.defaulted("native tool calls")));
    }

    private static ModelPrice price(JsonNode n) {
        return new ModelPrice(decimal(n, "input"), decimal(n, "output"),
                decimal(n, "cache_read"), decimal(n, "cache_write"));
    }

    private static BigDecimal decimal(JsonNode n, String field) {
        JsonNode v = n.get(field);
        return v == null || v.isNull() ? null : new BigDecimal(v.asText());
    }
}
