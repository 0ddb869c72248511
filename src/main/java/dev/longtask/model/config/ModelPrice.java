package dev.longtask.model.config;

import java.math.BigDecimal;

/** What a model costs, in USD per million tokens of each kind. */
public record ModelPrice(BigDecimal input, BigDecimal output, BigDecimal cacheRead, BigDecimal cacheWrite) {
    public ModelPrice {
        if (input == null || output == null) {
            throw new IllegalArgumentException("a price needs input and output");
        }
        cacheRead = cacheRead == null ? input : cacheRead;
        cacheWrite = cacheWrite == null ? input : cacheWrite;
    }
}
