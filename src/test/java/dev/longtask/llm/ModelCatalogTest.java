package dev.longtask.llm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.longtask.model.config.ConfigException;
import dev.longtask.model.config.ModelPrice;
import dev.longtask.model.config.Resolved;
import dev.longtask.model.config.Source;
import dev.longtask.model.Usage;
import java.math.BigDecimal;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ModelCatalogTest {
    private final ModelCatalog builtIn = new ModelCatalog(Map.of(), Map.of(), Map.of());

    private BigDecimal inputPrice(ModelCatalog catalog, String spec) {
        return catalog.price(ModelSpec.parse(spec)).orElseThrow().value().input();
    }

    @Test
    void commonModelsHaveTheirPublishedPrices() {
        assertThat(inputPrice(builtIn, "anthropic:claude-sonnet-4-5-20250929")).isEqualByComparingTo("3");
        assertThat(inputPrice(builtIn, "anthropic:claude-opus-4-1-20250805")).isEqualByComparingTo("15");
        assertThat(inputPrice(builtIn, "anthropic:claude-opus-4-5")).isEqualByComparingTo("5");
        assertThat(inputPrice(builtIn, "anthropic:claude-haiku-4-5")).isEqualByComparingTo("1");
        assertThat(inputPrice(builtIn, "anthropic:claude-3-5-haiku-20241022")).isEqualByComparingTo("0.80");
        assertThat(inputPrice(builtIn, "openai:gpt-4o-2024-08-06")).isEqualByComparingTo("2.50");
        assertThat(inputPrice(builtIn, "openai:gpt-4o-mini")).isEqualByComparingTo("0.15");
        assertThat(inputPrice(builtIn, "openai:gpt-4o-2024-05-13")).isEqualByComparingTo("5");
        assertThat(inputPrice(builtIn, "openai:gpt-4.1-mini")).isEqualByComparingTo("0.40");
        assertThat(inputPrice(builtIn, "openai:o3")).isEqualByComparingTo("2");
        assertThat(inputPrice(builtIn, "openai:o4-mini")).isEqualByComparingTo("1.10");
        assertThat(inputPrice(builtIn, "openai:gpt-5-mini")).isEqualByComparingTo("0.25");
        assertThat(inputPrice(builtIn, "ollama:llama3.1:8b")).isEqualByComparingTo("0");
    }

    @Test
    void unknownModelsAreUnpricedNeverGuessed() {
        assertThat(builtIn.price(ModelSpec.parse("openai:my-finetune"))).isEmpty();
        assertThat(builtIn.price(ModelSpec.parse("anthropic:claude-opus-4-7"))).isEmpty();
        assertThat(builtIn.price(ModelSpec.parse("openai:gpt-5.9"))).isEmpty();

        Usage usage = PricedLlmClient.priced(Usage.unpriced(1000, 100, 0, 0), null);
        assertThat(usage.unpricedCalls()).isEqualTo(1);
        assertThat(usage.costText()).isEqualTo("unknown");
    }

    @Test
    void configuredPricesWinOverBuiltInOnes() {
        Source file = new Source(Source.Kind.WORKSPACE_FILE, "/ws/.longtask/config.yaml");
        ModelPrice cheap = new ModelPrice(new BigDecimal("1"), new BigDecimal("2"), null, null);
        ModelCatalog catalog = new ModelCatalog(Map.of("claude-sonnet-4*", new Resolved<>(cheap, file),
                "openai:my-finetune", new Resolved<>(cheap, file)), Map.of(), Map.of());

        assertThat(inputPrice(catalog, "anthropic:claude-sonnet-4-5")).isEqualByComparingTo("1");
        assertThat(catalog.price(ModelSpec.parse("openai:my-finetune")).orElseThrow().source()).isEqualTo(file);
        assertThat(catalog.price(ModelSpec.parse("anthropic:claude-sonnet-4-5")).orElseThrow().value().cacheRead())
                .isEqualByComparingTo("1");
    }

    @Test
    void costIsTheSumOverTokenKinds() {
        ModelPrice price = new ModelPrice(new BigDecimal("3"), new BigDecimal("15"), new BigDecimal("0.30"),
                new BigDecimal("3.75"));
        Usage usage = PricedLlmClient.priced(Usage.unpriced(1_000_000, 100_000, 2_000_000, 10_000), price);
        // 3 + 1.5 + 0.6 + 0.0375
        assertThat(usage.costUsd()).isEqualByComparingTo("5.1375");
        assertThat(usage.unpricedCalls()).isZero();
    }

    @Test
    void contextWindowsFromTableConfigOrAConservativeDefault() {
        assertThat(builtIn.contextWindow(ModelSpec.parse("anthropic:claude-sonnet-4-5")).value()).isEqualTo(200_000);
        assertThat(builtIn.contextWindow(ModelSpec.parse("openai:gpt-4.1")).value()).isEqualTo(1_047_576);
        assertThat(builtIn.contextWindow(ModelSpec.parse("openai:o1-mini")).value()).isEqualTo(128_000);
        assertThat(builtIn.contextWindow(ModelSpec.parse("ollama:llama3.1")).value())
                .isEqualTo(ModelCatalog.DEFAULT_CONTEXT_WINDOW);
        ModelCatalog configured = new ModelCatalog(Map.of(),
                Map.of("llama3.1", new Resolved<>(32_768, Source.flag("x"))), Map.of());
        assertThat(configured.contextWindow(ModelSpec.parse("ollama:llama3.1")).value()).isEqualTo(32_768);
    }

    @Test
    void textProtocolIsChosenPerModel() {
        ModelCatalog catalog = new ModelCatalog(Map.of(), Map.of(),
                Map.of("ollama:*", new Resolved<>(true, Source.flag("x")),
                        "ollama:qwen2.5", new Resolved<>(false, Source.flag("x"))));
        assertThat(catalog.textProtocol(ModelSpec.parse("ollama:gemma2")).value()).isTrue();
        assertThat(catalog.textProtocol(ModelSpec.parse("ollama:qwen2.5")).value()).isFalse();
        assertThat(catalog.textProtocol(ModelSpec.parse("openai:gpt-4o")).value()).isFalse();
    }

    @Test
    void modelSpecsNameTheirProvider() {
        assertThat(ModelSpec.parse("ollama:llama3.1:8b")).isEqualTo(new ModelSpec(Provider.OLLAMA, "llama3.1:8b"));
        assertThat(ModelSpec.parse("claude-haiku-4-5").provider()).isEqualTo(Provider.ANTHROPIC);
        assertThat(ModelSpec.parse("o4-mini").provider()).isEqualTo(Provider.OPENAI);
        assertThat(ModelSpec.parse("OpenAI:gpt-4o").toString()).isEqualTo("openai:gpt-4o");
        assertThatThrownBy(() -> ModelSpec.parse("llama3.1")).isInstanceOf(ConfigException.class)
                .hasMessageContaining("does not say its provider");
        assertThatThrownBy(() -> ModelSpec.parse("openai:")).isInstanceOf(ConfigException.class)
                .hasMessageContaining("has no model name");
    }
}
