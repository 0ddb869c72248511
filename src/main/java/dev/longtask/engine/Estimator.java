package dev.longtask.engine;

import dev.longtask.model.llm.Pricing;
import dev.longtask.model.Counts;
import dev.longtask.model.Durations;
import dev.longtask.model.plan.Estimate;
import dev.longtask.model.plan.Plan;
import dev.longtask.model.plan.PlannedTask;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;

/**
 * Estimates a plan from what one unit of each agent's work takes ({@link EstimateBasis}: the runs recorded in the
 * workspace's and the user's history, else built-in priors): each task one unit of its agent, the planner (when it
 * made the plan), the director and the synthesizer one unit each. Time is a simulation of the schedule: the tasks
 * on {@code concurrency} workers, a task ready when those it depends on are done, the one heading the longest chain
 * first (as the scheduler does), then the director and the synthesizer.
 */
final class Estimator {
    private final Pricing pricer;
    private final EstimateBasis basis;

    Estimator(Pricing pricer, EstimateBasis basis) {
        this.pricer = pricer;
        this.basis = basis;
    }

    /** The estimate of the priors alone, for a model whose provider bills no caching. */
    Estimator(Pricing pricer) {
        this(pricer, EstimateBasis.priors(null, pricer.billsCaching()));
    }

    Estimate estimate(Plan plan, int concurrency) {
        return estimate(plan, concurrency, true);
    }

    /** @param planned whether the planner made the plan (its call is then part of the run) */
    Estimate estimate(Plan plan, int concurrency, boolean planned) {
        int n = plan.tasks().size();
        Map<String, EstimateBasis.Unit> units = new LinkedHashMap<>();
        for (PlannedTask t : plan.tasks()) {
            units.computeIfAbsent(t.agent(), a -> basis.unit(a, n));
        }
        List<EstimateBasis.Unit> roles = new ArrayList<>();
        for (String role : planned ? List.of("planner", "director", "synthesizer") : List.of("director", "synthesizer")) {
            roles.add(basis.unit(role, n));
        }
        double prompt = 0;
        double cached = 0;
        double output = 0;
        for (PlannedTask t : plan.tasks()) {
            EstimateBasis.Unit u = units.get(t.agent());
            prompt += u.prompt();
            cached += u.prompt() * u.cachedShare();
            output += u.output();
        }
        double roleSeconds = 0;
        for (EstimateBasis.Unit r : roles) {
            prompt += r.prompt();
            cached += r.prompt() * r.cachedShare();
            output += r.output();
            roleSeconds += r.seconds();
        }
        long cacheRead = Math.round(cached);
        long input = Math.round(prompt) - cacheRead;
        long out = Math.round(output);
        long seconds = Math.round(Math.ceil(schedule(plan, units, concurrency) + roleSeconds + basis.overhead()));
        BigDecimal cost = pricer.cost(input, out, cacheRead).orElse(null);
        return new Estimate(n, input, out, cacheRead, cost, seconds, basisText(units.values(), roles),
                assumptions(units.values(), roles));
    }

    /** What the figures were learned from: one source for all, or each agent's. */
    private static String basisText(java.util.Collection<EstimateBasis.Unit> tasks, List<EstimateBasis.Unit> roles) {
        List<EstimateBasis.Unit> all = new ArrayList<>(tasks);
        all.addAll(roles);
        String first = all.get(0).sourceText();
        if (all.stream().allMatch(u -> u.sourceText().equals(first))) {
            return first;
        }
        List<String> each = new ArrayList<>();
        all.forEach(u -> each.add(u.agent() + ": " + u.sourceText()));
        return String.join("; ", each);
    }

    private String assumptions(java.util.Collection<EstimateBasis.Unit> tasks, List<EstimateBasis.Unit> roles) {
        List<String> parts = new ArrayList<>();
        for (EstimateBasis.Unit u : tasks) {
            parts.add("a task of " + u.agent() + ": " + unitText(u));
        }
        for (EstimateBasis.Unit r : roles) {
            parts.add(r.agent() + ": " + unitText(r));
        }
        boolean priors = tasks.stream().anyMatch(u -> u.source() == EstimateBasis.Source.PRIORS)
                || roles.stream().anyMatch(u -> u.source() == EstimateBasis.Source.PRIORS);
        String pace = priors ? "; priors from the scripted model's runs, at a hosted model's pace ("
                + Durations.text(Math.round(Priors.SECONDS_PER_CALL)) + " a call, "
                + (int) Priors.OUTPUT_TOKENS_PER_SECOND + " output tokens/s)" : "";
        String cache = basis.caching() ? "; prompt caching billed by the provider: the share read from cache priced"
                + " at the cache rate" : "; no prompt caching billed";
        return String.join("; ", parts) + cache + pace;
    }

    private static String unitText(EstimateBasis.Unit u) {
        long prompt = Math.round(u.prompt());
        return "~" + Counts.plural(Math.round(u.steps()), "model call") + ", " + Counts.full(prompt) + " prompt tokens"
                + (u.cachedShare() > 0 ? " (" + Math.round(u.cachedShare() * 100) + "% from cache)" : "")
                + ", " + Counts.full(Math.round(u.output())) + " out, " + Durations.text(Math.round(u.seconds()))
                + " (" + u.sourceText() + ")";
    }

    /**
     * Seconds until every task of the plan is done on {@code workers}: a list schedule where a task is ready when
     * the tasks it depends on are done, and the ready task heading the longest chain of work runs first.
     */
    static double schedule(Plan plan, Map<String, EstimateBasis.Unit> units, int workers) {
        Map<String, PlannedTask> byKey = new HashMap<>();
        plan.tasks().forEach(t -> byKey.put(t.key(), t));
        Map<String, List<String>> dependents = new HashMap<>();
        Map<String, Integer> waiting = new HashMap<>();
        for (PlannedTask t : plan.tasks()) {
            int deps = 0;
            for (String d : t.dependsOn()) {
                if (byKey.containsKey(d)) {
                    dependents.computeIfAbsent(d, k -> new ArrayList<>()).add(t.key());
                    deps++;
                }
            }
            waiting.put(t.key(), deps);
        }
        Map<String, Double> chain = new HashMap<>();
        for (PlannedTask t : plan.tasks()) {
            chainOf(t.key(), byKey, dependents, units, chain);
        }
        record Running(String key, double finish) {
        }
        PriorityQueue<String> ready = new PriorityQueue<>(Comparator.comparingDouble((String k) -> -chain.get(k))
                .thenComparing(Comparator.naturalOrder()));
        plan.tasks().stream().filter(t -> waiting.get(t.key()) == 0).forEach(t -> ready.add(t.key()));
        PriorityQueue<Running> running = new PriorityQueue<>(Comparator.comparingDouble(Running::finish)
                .thenComparing(Running::key));
        double now = 0;
        int slots = Math.max(1, workers);
        while (!ready.isEmpty() || !running.isEmpty()) {
            while (running.size() < slots && !ready.isEmpty()) {
                String next = ready.poll();
                running.add(new Running(next, now + units.get(byKey.get(next).agent()).seconds()));
            }
            Running done = running.poll();
            now = done.finish();
            for (String d : dependents.getOrDefault(done.key(), List.of())) {
                if (waiting.merge(d, -1, Integer::sum) == 0) {
                    ready.add(d);
                }
            }
        }
        return now;
    }

    private static double chainOf(String key, Map<String, PlannedTask> byKey, Map<String, List<String>> dependents,
                                  Map<String, EstimateBasis.Unit> units, Map<String, Double> memo) {
        Double known = memo.get(key);
        if (known != null) {
            return known;
        }
        double longest = 0;
        for (String d : dependents.getOrDefault(key, List.of())) {
            longest = Math.max(longest, chainOf(d, byKey, dependents, units, memo));
        }
        double mine = units.get(byKey.get(key).agent()).seconds() + longest;
        memo.put(key, mine);
        return mine;
    }
}
