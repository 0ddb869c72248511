package dev.longtask.llm;

import dev.longtask.model.config.ModelPrice;
import dev.longtask.model.Usage;
import dev.longtask.model.llm.ChatRequest;
import dev.longtask.model.llm.ChatResponse;
import dev.longtask.model.llm.LlmClient;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/** Puts a price on each call's usage when the model's price is known; otherwise the call stays unpriced. */
final class PricedLlmClient implements LlmClient {
    private static final BigDecimal MILLION = BigDecimal.valueOf(1_000_000);

    private final LlmClient inner;
    private final ModelPrice price;

    /** @param price the model's price, or null when unknown */
    PricedLlmClient(LlmClient inner, ModelPrice price) {
        this.inner = inner;
        this.price = price;
    }

    @Override
    public ChatResponse chat(ChatRequest request) {
        ChatResponse r = inner.chat(request);
        return new ChatResponse(r.message(), priced(r.usage(), price), r.finishReason());
    }

    static Usage priced(Usage u, ModelPrice price) {
        if (price == null) {
            return Usage.unpriced(u.inputTokens(), u.outputTokens(), u.cacheReadTokens(), u.cacheWriteTokens());
        }
        BigDecimal micro = price.input().multiply(BigDecimal.valueOf(u.inputTokens()))
                .add(price.output().multiply(BigDecimal.valueOf(u.outputTokens())))
                .add(price.cacheRead().multiply(BigDecimal.valueOf(u.cacheReadTokens())))
                .add(price.cacheWrite().multiply(BigDecimal.valueOf(u.cacheWriteTokens())));
        BigDecimal cost = micro.divide(MILLION, MathContext.DECIMAL64).setScale(8, RoundingMode.HALF_UP);
        return new Usage(u.inputTokens(), u.outputTokens(), u.cacheReadTokens(), u.cacheWriteTokens(), cost, 0);
    }

    @Override
    public String modelSpec() {
        return inner.modelSpec();
    }

    @Override
    public int contextWindowTokens() {
        return inner.contextWindowTokens();
    }
}
