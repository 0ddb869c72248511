package dev.longtask.engine;

import dev.longtask.model.Budget;
import dev.longtask.model.RunSettings;
import dev.longtask.model.plan.Estimate;
import dev.longtask.model.plan.Plan;
import dev.longtask.model.run.Finisher;

/**
 * A run to create: its goal, id (null for a new one), budgets and settings, and optionally a plan made without the
 * planner (with its estimate), a finisher, and whether to stop once the plan is made.
 */
public record NewRun(String goal, String runId, Budget budget, RunSettings settings, Plan plan, Estimate estimate,
                     Finisher finisher, boolean planOnly) {

    public NewRun {
        if (goal == null || goal.isBlank()) {
            throw new IllegalArgumentException("a run needs a goal: say what it must achieve");
        }
        budget = budget == null ? Budget.UNLIMITED : budget;
        settings = settings == null ? dev.longtask.model.RunSettings.NONE : settings;
        if (planOnly && plan != null) {
            throw new IllegalArgumentException("a given plan is carried out, not only planned");
        }
    }

    /** A run the planner plans. */
    public static NewRun of(String goal, String runId, Budget budget) {
        return new NewRun(goal, runId, budget, null, null, null, null, false);
    }

    public NewRun withSettings(RunSettings newSettings) {
        return new NewRun(goal, runId, budget, newSettings, plan, estimate, finisher, planOnly);
    }

    /** Carries out {@code given} (checked like a planner's plan) instead of asking the planner. */
    public NewRun withPlan(Plan given, Estimate givenEstimate) {
        return new NewRun(goal, runId, budget, settings, given, givenEstimate, finisher, false);
    }

    public NewRun withFinisher(Finisher step) {
        return new NewRun(goal, runId, budget, settings, plan, estimate, step, planOnly);
    }

    /** Stops with the plan and its estimate; a resume carries it out. */
    public NewRun stopAfterPlanning() {
        return new NewRun(goal, runId, budget, settings, plan, estimate, finisher, true);
    }
}
