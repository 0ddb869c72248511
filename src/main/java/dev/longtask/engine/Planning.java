package dev.longtask.engine;

import dev.longtask.model.agent.AgentOutcome;
import dev.longtask.model.EventData;
import dev.longtask.model.RunStatus;
import dev.longtask.model.plan.Estimate;
import dev.longtask.model.plan.Plan;
import java.util.List;

/** The first step of a run's life: the planner's plan, or a plan given with the run, recorded with its estimate. */
final class Planning {
    private final SessionParts s;
    private Estimate estimate;

    Planning(SessionParts s) {
        this.s = s;
    }

    /** The estimate of the plan made in this session, or null. */
    Estimate estimate() {
        return estimate;
    }

    /** The estimator of this run's plans: what the histories recorded with its model, else the priors. */
    private Estimator estimator() {
        var pricing = s.setup().models().pricing();
        return new Estimator(pricing, UsageHistories.of(s.setup()).basis(s.store().run().model(),
                pricing.billsCaching()));
    }

    /** Records a plan made without the planner. */
    void accept(Plan plan, Estimate given) {
        estimate = given;
        List<Integer> ids = s.book().accept(plan, "given", 1, estimate);
        s.store().append(null, new EventData.DecisionRecorded("plan given: " + ids.size() + " tasks"));
    }

    /** Asks the planner; null when the plan was accepted, else how the planner's loop ended. */
    AgentOutcome plan(int session) {
        s.store().setRunStatus(RunStatus.PLANNING, "");
        Planner.Result result = new Planner(s.kit(), new WorkspaceOverview(s.setup().tokens(), s.setup().workspaceMap()),
                s.config().concurrency()).plan(s.store().run().goal(), session);
        if (!result.accepted()) {
            return result.outcome();
        }
        estimate = estimator().estimate(result.plan(), s.config().concurrency(), true);
        List<Integer> ids = s.book().accept(result.plan(), "planner", 1, estimate);
        // The estimate stays with the plan's event (status and the report show it), not in the decision log
        // that every task's prompt carries: tokens and dollars tell an agent nothing about its task.
        s.store().append(null, new EventData.DecisionRecorded("plan accepted: " + ids.size() + " tasks"));
        return null;
    }
}
