package dev.longtask.engine;

import dev.longtask.model.agent.AgentOutcome;
import dev.longtask.model.agent.AgentSpec;
import dev.longtask.agent.AgentTask;
import dev.longtask.agent.RunMemory;
import dev.longtask.agent.TaskContract;
import dev.longtask.agent.Terminal;
import dev.longtask.model.Budget;
import dev.longtask.model.Counts;
import dev.longtask.model.Durations;
import dev.longtask.model.plan.Plan;
import java.util.ArrayList;
import java.util.List;

/**
 * Turns the goal into a plan: the planner agent must call {@code submit_plan}; a plan that fails validation goes
 * back to it with the problems, a bounded number of times.
 */
final class Planner {
    static final int MAX_REJECTIONS = 4;

    /** The accepted plan, or why there is none; {@code outcome} says how the planner's loop ended. */
    record Result(Plan plan, AgentOutcome outcome) {
        boolean accepted() {
            return plan != null;
        }
    }

    private final RoleKit kit;
    private final WorkspaceOverview overview;
    private final int concurrency;

    /** @param concurrency tasks the session works on at once (0: workers of a shared store run them) */
    Planner(RoleKit kit, WorkspaceOverview overview, int concurrency) {
        this.kit = kit;
        this.overview = overview;
        this.concurrency = concurrency;
    }

    Result plan(String goal, int session) {
        AgentSpec planner = kit.agents().require("planner");
        Terminal submitPlan = Terminal.of(kit.roles().submitPlan(TaskAgents.names(kit.agents())),
                args -> kit.validator().problems(PlanBook.parse(kit.json(), args, "tasks"))).withMaxRejections(MAX_REJECTIONS);
        AgentTask job = new AgentTask(planner, TaskContract.instruction(brief(goal)), RunMemory.NONE,
                kit.context().forTask(null, 0), submitPlan);
        AgentOutcome outcome = kit.runner().run(job, null, kit.store().roleTranscript("planner_session_" + session));
        if (outcome.ending() == AgentOutcome.Ending.SUBMITTED) {
            return new Result(PlanBook.parse(kit.json(), outcome.submitted(), "tasks"), outcome);
        }
        return new Result(null, outcome);
    }

    /** The run's budget as the planner should plan for it. */
    static String budget(Budget budget) {
        List<String> limits = new ArrayList<>();
        if (budget.maxTokens() != null) {
            limits.add(Counts.plural(budget.maxTokens(), "token"));
        }
        if (budget.maxCostUsd() != null) {
            limits.add("$" + budget.maxCostUsd().stripTrailingZeros().toPlainString());
        }
        if (budget.maxTime() != null) {
            limits.add(Durations.text(budget.maxTime().toSeconds()) + " at work");
        }
        return limits.isEmpty() ? "it has no token, cost or time budget."
                : "its budget is " + String.join(", ", limits) + ": plan work that fits it (it pauses when one is reached).";
    }

    private String brief(String goal) {
        StringBuilder b = new StringBuilder();
        b.append("Plan the work for this goal:\n\n").append(goal.strip()).append("\n\n");
        b.append("The workspace is ").append(kit.workspace().root()).append("; every path you give is relative to it.\n");
        b.append("Put intermediate files (notes, analyses, drafts) under ").append(kit.book().runPath())
                .append("/results/work/; put deliverables the goal asks for where the goal wants them.\n");
        b.append("Every task automatically receives the result file of each task it depends on (")
                .append(kit.book().runPath()).append("/results/task_<id>/result.json) and their declared outputs as inputs, ")
                .append("so a dependency is enough to pass a result on; list other files a task needs as inputs.\n\n");
        b.append(concurrency > 0 ? "The run works on up to " + Counts.plural(concurrency, "task") + " at once"
                : "Workers run the tasks, several at once").append("; ").append(budget(kit.store().run().budget()))
                .append("\n\n");
        b.append("Agents you may assign (each task's agent has the steps shown: size each task to finish well within"
                + " them):\n").append(TaskAgents.catalogue(kit.agents()));
        int budget = WorkspaceOverview.budgetFor(kit.runner().contextWindow(kit.agents().require("planner").model()));
        b.append("\nThe workspace (its shape, then a map of its source):\n").append(overview.of(kit.workspace().root(), budget));
        b.append("\nWhen the plan is ready, call submit_plan.\n");
        return b.toString();
    }
}
