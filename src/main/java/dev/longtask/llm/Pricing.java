package dev.longtask.llm;

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

    /** The price of a model as configured or known, or {@link #unknown()} without one. */
    static Pricing of(dev.longtask.config.ModelPrice price) {
        return price == null ? unknown() : perMillion(price.input(), price.output());
    }
}
