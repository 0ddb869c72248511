package dev.longtask.engine;

import dev.longtask.model.Budget;
import dev.longtask.model.Counts;
import dev.longtask.model.Durations;
import dev.longtask.model.Usage;
import java.time.Duration;
import java.util.Optional;

/** Says whether a run has reached one of its budgets, and which, in words a user can act on. */
final class BudgetGuard {

    public Optional<String> reached(Budget budget, Usage usage, Duration activeTime) {
        if (budget.maxTokens() != null && usage.totalTokens() >= budget.maxTokens()) {
            return Optional.of("token budget reached: " + Counts.full(usage.totalTokens()) + " of "
                    + Counts.full(budget.maxTokens()) + " tokens used; resume with a larger token budget (--max-tokens)");
        }
        if (budget.maxCostUsd() != null && usage.costUsd().compareTo(budget.maxCostUsd()) >= 0) {
            return Optional.of("cost budget reached: " + usage.costText() + " of $" + budget.maxCostUsd().toPlainString()
                    + " spent; resume with a larger cost budget (--max-cost)");
        }
        if (budget.maxTime() != null && activeTime.compareTo(budget.maxTime()) >= 0) {
            return Optional.of("time budget reached: ran " + Durations.text(activeTime.toSeconds())
                    + " of " + Durations.text(budget.maxTime().toSeconds())
                    + "; resume with a larger time budget (--max-time)");
        }
        return Optional.empty();
    }
}
