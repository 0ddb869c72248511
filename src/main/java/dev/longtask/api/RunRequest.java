package dev.longtask.api;

import dev.longtask.engine.Estimate;
import dev.longtask.engine.Finisher;
import dev.longtask.engine.Plan;
import dev.longtask.model.ApprovalMode;
import dev.longtask.model.Budget;
import dev.longtask.model.SandboxMode;
import java.nio.file.Path;

/**
 * A run to start: its goal, and what differs from the runtime's defaults. Unset fields (null) take the value from
 * the runtime's builder, then from the environment and the workspace's {@code .longtask/config.yaml}. Immutable;
 * each {@code with}-method returns a changed copy.
 *
 * @param goal        what the run must achieve
 * @param plan        a plan made without the planner (a code review's), or null for the planner's
 * @param estimate    the estimate recorded with a given plan, or null
 * @param finisher    a post-run step the session that ends the run carries out, or null
 * @param planOnly    stop once the plan and its estimate are made (a resume carries it out)
 * @param runId       the run's id, or null for a new one like {@code 20261126-101500-a1b2}
 * @param workspace   the directory the run works on (its runs go to {@code .longtask/runs} there)
 * @param model       model spec such as {@code anthropic:claude-sonnet-4-5} or {@code openai:NAME}
 * @param baseUrl     where an OpenAI-compatible model is served
 * @param budget      limits; fields set replace the configured ones
 * @param concurrency tasks run at once
 * @param approval    whether tool calls wait for a person
 * @param sandbox     how {@code bash} is confined
 */
public record RunRequest(String goal, Plan plan, Estimate estimate, Finisher finisher, boolean planOnly, String runId,
                         Path workspace, String model, String baseUrl, Budget budget, Integer concurrency,
                         ApprovalMode approval, SandboxMode sandbox) {

    public RunRequest {
        if (goal == null || goal.isBlank()) {
            throw new IllegalArgumentException("the goal is empty: say what the run must achieve");
        }
        if (concurrency != null && concurrency < 1) {
            throw new IllegalArgumentException("concurrency must be at least 1, got " + concurrency);
        }
    }

    /** A run the planner plans, with every setting from the runtime. */
    public static RunRequest goal(String goal) {
        return new RunRequest(goal, null, null, null, false, null, null, null, null, null, null, null, null);
    }

    /** The same run with another goal. */
    public RunRequest withGoal(String newGoal) {
        return new RunRequest(newGoal, plan, estimate, finisher, planOnly, runId, workspace, model, baseUrl, budget,
                concurrency, approval, sandbox);
    }

    /** A run that carries out {@code plan} (checked like a planner's) instead of asking the planner. */
    public RunRequest withPlan(Plan givenPlan, Estimate givenEstimate) {
        return new RunRequest(goal, givenPlan, givenEstimate, finisher, false, runId, workspace, model, baseUrl, budget,
                concurrency, approval, sandbox);
    }

    public RunRequest withFinisher(Finisher step) {
        return new RunRequest(goal, plan, estimate, step, planOnly, runId, workspace, model, baseUrl, budget,
                concurrency, approval, sandbox);
    }

    /** Stop once the plan and its estimate are made. */
    public RunRequest onlyPlan() {
        return new RunRequest(goal, plan, estimate, finisher, true, runId, workspace, model, baseUrl, budget,
                concurrency, approval, sandbox);
    }

    public RunRequest withRunId(String id) {
        return new RunRequest(goal, plan, estimate, finisher, planOnly, id, workspace, model, baseUrl, budget,
                concurrency, approval, sandbox);
    }

    public RunRequest withWorkspace(Path dir) {
        return new RunRequest(goal, plan, estimate, finisher, planOnly, runId, dir, model, baseUrl, budget,
                concurrency, approval, sandbox);
    }

    public RunRequest withModel(String spec) {
        return new RunRequest(goal, plan, estimate, finisher, planOnly, runId, workspace, spec, baseUrl, budget,
                concurrency, approval, sandbox);
    }

    public RunRequest withBaseUrl(String url) {
        return new RunRequest(goal, plan, estimate, finisher, planOnly, runId, workspace, model, url, budget,
                concurrency, approval, sandbox);
    }

    public RunRequest withBudget(Budget limits) {
        return new RunRequest(goal, plan, estimate, finisher, planOnly, runId, workspace, model, baseUrl, limits,
                concurrency, approval, sandbox);
    }

    public RunRequest withConcurrency(Integer tasks) {
        return new RunRequest(goal, plan, estimate, finisher, planOnly, runId, workspace, model, baseUrl, budget,
                tasks, approval, sandbox);
    }

    public RunRequest withApproval(ApprovalMode mode) {
        return new RunRequest(goal, plan, estimate, finisher, planOnly, runId, workspace, model, baseUrl, budget,
                concurrency, mode, sandbox);
    }

    public RunRequest withSandbox(SandboxMode mode) {
        return new RunRequest(goal, plan, estimate, finisher, planOnly, runId, workspace, model, baseUrl, budget,
                concurrency, approval, mode);
    }
}
