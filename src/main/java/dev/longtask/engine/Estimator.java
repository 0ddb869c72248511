package dev.longtask.engine;

import dev.longtask.llm.Pricing;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Estimates a plan from a simple model of an agent loop: every step resends the conversation so far, which
 * grows by one tool call and its result per step. The constants are the assumptions the estimate states.
 */
final class Estimator {
    static final int STEPS_PER_TASK = 8;
    static final int BASE_PROMPT_TOKENS = 3_000;
    static final int TOKENS_PER_STEP = 1_500;
    static final int OUTPUT_TOKENS_PER_STEP = 400;
    static final double SECONDS_PER_CALL = 2.0;
    static final double OUTPUT_TOKENS_PER_SECOND = 50.0;
    /** Planner, director and synthesizer together, counted as this many tasks. */
    static final int ROLE_TASKS = 2;

    private final Pricing pricer;

    public Estimator(Pricing pricer) {
        this.pricer = pricer;
    }

    public Estimate estimate(Plan plan, int concurrency) {
        int n = plan.tasks().size();
        long inputPerTask = (long) STEPS_PER_TASK * BASE_PROMPT_TOKENS
                + (long) TOKENS_PER_STEP * STEPS_PER_TASK * (STEPS_PER_TASK + 1) / 2;
        long outputPerTask = (long) OUTPUT_TOKENS_PER_STEP * STEPS_PER_TASK;
        long input = inputPerTask * (n + ROLE_TASKS);
        long output = outputPerTask * (n + ROLE_TASKS);
        double secondsPerTask = STEPS_PER_TASK * (SECONDS_PER_CALL + OUTPUT_TOKENS_PER_STEP / OUTPUT_TOKENS_PER_SECOND);
        double makespanTasks = Math.max(longestChain(plan), Math.ceil((double) n / Math.max(1, concurrency)));
        long seconds = Math.round((makespanTasks + ROLE_TASKS) * secondsPerTask);
        String assumptions = "about " + STEPS_PER_TASK + " model calls per task, a prompt of ~" + BASE_PROMPT_TOKENS
                + " tokens growing ~" + TOKENS_PER_STEP + " per step, ~" + (int) OUTPUT_TOKENS_PER_SECOND
                + " output tokens/s; planner, director and synthesizer counted as " + ROLE_TASKS + " tasks";
        return new Estimate(n, input, output, pricer.cost(input, output).orElse(null), seconds, assumptions);
    }

    /** Tasks on the longest dependency chain of the plan (the plan is already checked to have no cycle). */
    static int longestChain(Plan plan) {
        Map<String, PlannedTask> byKey = new HashMap<>();
        plan.tasks().forEach(t -> byKey.put(t.key(), t));
        Map<String, Integer> memo = new HashMap<>();
        int longest = 0;
        for (PlannedTask t : plan.tasks()) {
            longest = Math.max(longest, depth(t, byKey, memo));
        }
        return longest;
    }

    private static int depth(PlannedTask task, Map<String, PlannedTask> byKey, Map<String, Integer> memo) {
        Integer known = memo.get(task.key());
        if (known != null) {
            return known;
        }
        memo.put(task.key(), 1);
        int deepest = 0;
        List<String> deps = task.dependsOn();
        for (String dep : deps) {
            PlannedTask d = byKey.get(dep);
            if (d != null) {
                deepest = Math.max(deepest, depth(d, byKey, memo));
            }
        }
        memo.put(task.key(), deepest + 1);
        return deepest + 1;
    }
}
