package dev.longtask.engine;

import dev.longtask.model.Budget;
import dev.longtask.model.RunSettings;

/**
 * What a resume changes: budgets to replace the run's, another model, settings to replace the recorded ones, and
 * who changed them ("--concurrency", "the server"). Null or empty parts change nothing; each change is an event.
 */
public record Resumption(Budget budget, String model, RunSettings settings, String by) {

    public static final Resumption NONE = new Resumption(Budget.UNLIMITED, null, RunSettings.NONE, "");

    public Resumption {
        budget = budget == null ? Budget.UNLIMITED : budget;
        settings = settings == null ? RunSettings.NONE : settings;
        by = by == null ? "" : by;
    }

    public static Resumption budget(Budget budget) {
        return new Resumption(budget, null, null, "");
    }
}
