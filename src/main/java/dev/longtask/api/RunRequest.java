package dev.longtask.api;

import dev.longtask.model.plan.Estimate;
import dev.longtask.model.run.Finisher;
import dev.longtask.model.plan.Plan;
import dev.longtask.model.ApprovalMode;
import dev.longtask.model.Budget;
import dev.longtask.model.Isolation;
import dev.longtask.model.SandboxMode;
import java.nio.file.Path;

/**
 * A run to start: its goal, and what differs from the runtime's defaults. Unset fields (null) take the value from
 * the runtime's builder, then from the environment and the workspace's {@code .longtask/config.yaml}. Immutable:
 * build one with {@link #builder(String)} (named setters, checked once by {@link Builder#build()}); each
 * {@code with}-method returns a changed copy, through {@link #toBuilder()}.
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
 * @param isolation   whether each task works in a tree of its own, merged when it completes (null: shared)
 */
public record RunRequest(String goal, Plan plan, Estimate estimate, Finisher finisher, boolean planOnly, String runId,
                         Path workspace, String model, String baseUrl, Budget budget, Integer concurrency,
                         ApprovalMode approval, SandboxMode sandbox, Isolation isolation) {

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
        return builder(goal).build();
    }

    /** A builder of a run toward {@code goal}, every other field unset (the runtime's). */
    public static Builder builder(String goal) {
        return new Builder().goal(goal);
    }

    /** A builder holding this request's fields, to change some of them. */
    public Builder toBuilder() {
        return new Builder().goal(goal).plan(plan, estimate).finisher(finisher).planOnly(planOnly).runId(runId)
                .workspace(workspace).model(model).baseUrl(baseUrl).budget(budget).concurrency(concurrency)
                .approval(approval).sandbox(sandbox).isolation(isolation);
    }

    /** The same run with another goal. */
    public RunRequest withGoal(String newGoal) {
        return toBuilder().goal(newGoal).build();
    }

    /** A run that carries out {@code plan} (checked like a planner's) instead of asking the planner. */
    public RunRequest withPlan(Plan givenPlan, Estimate givenEstimate) {
        return toBuilder().plan(givenPlan, givenEstimate).planOnly(false).build();
    }

    public RunRequest withFinisher(Finisher step) {
        return toBuilder().finisher(step).build();
    }

    /** Stop once the plan and its estimate are made. */
    public RunRequest onlyPlan() {
        return toBuilder().planOnly(true).build();
    }

    public RunRequest withRunId(String id) {
        return toBuilder().runId(id).build();
    }

    public RunRequest withWorkspace(Path dir) {
        return toBuilder().workspace(dir).build();
    }

    public RunRequest withModel(String spec) {
        return toBuilder().model(spec).build();
    }

    public RunRequest withBaseUrl(String url) {
        return toBuilder().baseUrl(url).build();
    }

    public RunRequest withBudget(Budget limits) {
        return toBuilder().budget(limits).build();
    }

    public RunRequest withConcurrency(Integer tasks) {
        return toBuilder().concurrency(tasks).build();
    }

    public RunRequest withApproval(ApprovalMode mode) {
        return toBuilder().approval(mode).build();
    }

    public RunRequest withSandbox(SandboxMode mode) {
        return toBuilder().sandbox(mode).build();
    }

    public RunRequest withIsolation(Isolation mode) {
        return toBuilder().isolation(mode).build();
    }

    /**
     * Builds a {@link RunRequest} by name, so that two settings of one type (the model and the base URL, both text)
     * cannot be swapped unseen; {@link #build()} checks the whole once. Unset fields are the runtime's.
     */
    public static final class Builder {
        private String goal;
        private Plan plan;
        private Estimate estimate;
        private Finisher finisher;
        private boolean planOnly;
        private String runId;
        private Path workspace;
        private String model;
        private String baseUrl;
        private Budget budget;
        private Integer concurrency;
        private ApprovalMode approval;
        private SandboxMode sandbox;
        private Isolation isolation;

        private Builder() {
        }

        /** What the run must achieve. */
        public Builder goal(String text) {
            this.goal = text;
            return this;
        }

        /** A plan made without the planner (a code review's) and the estimate recorded with it; null for the planner's. */
        public Builder plan(Plan given, Estimate itsEstimate) {
            this.plan = given;
            this.estimate = itsEstimate;
            return this;
        }

        /** A post-run step the session that ends the run carries out, or null. */
        public Builder finisher(Finisher step) {
            this.finisher = step;
            return this;
        }

        /** Stop once the plan and its estimate are made (a resume carries it out). */
        public Builder planOnly(boolean only) {
            this.planOnly = only;
            return this;
        }

        /** The run's id, or null for a new one like {@code 20261126-101500-a1b2}. */
        public Builder runId(String id) {
            this.runId = id;
            return this;
        }

        /** The directory the run works on (its runs go to {@code .longtask/runs} there). */
        public Builder workspace(Path dir) {
            this.workspace = dir;
            return this;
        }

        /** A model spec such as {@code anthropic:claude-sonnet-4-5} or {@code openai:NAME}. */
        public Builder model(String spec) {
            this.model = spec;
            return this;
        }

        /** Where an OpenAI-compatible model is served. */
        public Builder baseUrl(String url) {
            this.baseUrl = url;
            return this;
        }

        /** Limits; the fields set replace the configured ones. */
        public Builder budget(Budget limits) {
            this.budget = limits;
            return this;
        }

        /** Tasks run at once. */
        public Builder concurrency(Integer tasks) {
            this.concurrency = tasks;
            return this;
        }

        /** Whether tool calls wait for a person. */
        public Builder approval(ApprovalMode mode) {
            this.approval = mode;
            return this;
        }

        /** How {@code bash} is confined. */
        public Builder sandbox(SandboxMode mode) {
            this.sandbox = mode;
            return this;
        }

        /** Whether each task works in a tree of its own, merged into the workspace when it completes. */
        public Builder isolation(Isolation mode) {
            this.isolation = mode;
            return this;
        }

        /**
         * The request.
         *
         * @throws IllegalArgumentException when the goal is empty or the concurrency is below 1
         */
        public RunRequest build() {
            return new RunRequest(goal, plan, estimate, finisher, planOnly, runId, workspace, model, baseUrl, budget,
                    concurrency, approval, sandbox, isolation);
        }
    }
}
