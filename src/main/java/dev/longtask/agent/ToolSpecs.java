package dev.longtask.agent;

import dev.longtask.llm.TokenCounter;
import dev.longtask.model.llm.ToolSpec;
import java.util.List;

/** The tools offered to the model on every step of a job, with what they cost of the window (counted when needed). */
final class ToolSpecs {
    private final List<ToolSpec> specs;
    private final TokenCounter tokens;
    private final int bound;
    private int counted = -1;

    ToolSpecs(List<ToolSpec> specs, TokenCounter tokens) {
        this.specs = List.copyOf(specs);
        this.tokens = tokens;
        // The counts a runtime's counter remembers (every task offers the same tools), else the upper bound.
        this.bound = specs.stream().mapToInt(tokens::knownBound).sum();
    }

    List<ToolSpec> list() {
        return specs;
    }

    /** At least {@link #tokens}, known without counting (the count itself once the counter remembers every tool). */
    int tokenBound() {
        return bound;
    }

    int tokens() {
        if (counted < 0) {
            counted = specs.stream().mapToInt(tokens::count).sum();
        }
        return counted;
    }
}
