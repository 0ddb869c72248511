package dev.longtask.model.llm;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Objects;
import java.util.Optional;

/**
 * What tokens of a model cost; empty when the price is not known, so an estimate says "unknown" rather than
 * a made-up number. The one pricing interface of estimates (a run's, a review's).
 */
@FunctionalInterface
public interface Pricing {
    Optional<BigDecimal> cost(long inputTokens, long outputTokens);

    /**
     * The cost with {@code cacheReadTokens} prompt tokens read from the provider's cache besides the
     * {@code inputTokens} billed at the full price; a price without a cache rate bills them as input.
     */
    default Optional<BigDecimal> cost(long inputTokens, long outputTokens, long cacheReadTokens) {
        return cost(inputTokens + cacheReadTokens, outputTokens);
    }

    /** Whether the provider bills prompt tokens read from its cache at a lower rate: an estimate counts them apart. */
    default boolean billsCaching() {
        return false;
    }

    /** No price known. */
    static Pricing unknown() {
        return (in, out) -> Optional.empty();
    }

    /** A price in USD per million input and output tokens. */
    static Pricing perMillion(BigDecimal inputUsd, BigDecimal outputUsd) {
        Objects.requireNonNull(inputUsd, "input price");
        Objects.requireNonNull(outputUsd, "output price");
        if (inputUsd.signum() < 0 || outputUsd.signum() < 0) {
            throw new IllegalArgumentException("prices cannot be negative");
        }
        BigDecimal million = BigDecimal.valueOf(1_000_000);
        return (in, out) -> Optional.of(inputUsd.multiply(BigDecimal.valueOf(in))
                .add(outputUsd.multiply(BigDecimal.valueOf(out)))
                .divide(million, 6, RoundingMode.HALF_UP));
    }

    /** The price of a model as configured or known, its cache rate included, or {@link #unknown()} without one. */
    static Pricing of(dev.longtask.model.config.ModelPrice price) {
        if (price == null) {
            return unknown();
        }
        Pricing plain = perMillion(price.input(), price.output());
        BigDecimal cacheRead = price.cacheRead();
        return new Pricing() {
            @Override
            public Optional<BigDecimal> cost(long inputTokens, long outputTokens) {
                return plain.cost(inputTokens, outputTokens);
            }

            @Override
            public Optional<BigDecimal> cost(long inputTokens, long outputTokens, long cacheReadTokens) {
                return plain.cost(inputTokens, outputTokens).map(c -> c.add(cacheRead
                        .multiply(BigDecimal.valueOf(cacheReadTokens))
                        .divide(BigDecimal.valueOf(1_000_000), 6, RoundingMode.HALF_UP)));
            }

            @Override
            public boolean billsCaching() {
                return cacheRead.compareTo(price.input()) < 0;
            }
        };
    }
}
