package dev.longtask.engine;

import java.util.Set;

/**
 * What an estimate assumes when no run has been recorded with the agent and model: one unit of each agent's work
 * (a task of a task agent; a run's worth of the planner, director, synthesizer or summarizer), as measured on the
 * scripted model of the test tree, whose token counts are those of the requests longtask really sends (see
 * BENCHMARKS.md, "Estimates"). The roles read more the more tasks a run has (the director the graph, the synthesizer
 * every result), so their prompts grow per task. The scripted model has no pace of its own: the time of a call is
 * a hosted model's, {@value #SECONDS_PER_CALL} s plus {@value #OUTPUT_TOKENS_PER_SECOND} output tokens a second.
 *
 * @param steps         model calls a unit
 * @param prompt        prompt tokens a unit sends in all (every call resends the conversation so far)
 * @param promptPerTask what a role's prompt grows by for each task of the run
 * @param firstPrompt   the first call's prompt, of which every later call resends at least as much
 * @param output        output tokens a unit
 */
record Priors(double steps, double prompt, double promptPerTask, double firstPrompt, double output) {
    static final double SECONDS_PER_CALL = 2.0;
    static final double OUTPUT_TOKENS_PER_SECOND = 50.0;
    /** A run's own time besides its agents' (starting, reading the workspace, writing the report). */
    static final double OVERHEAD_SECONDS = 5.0;
    /** The agents whose unit is a run rather than a task. */
    static final Set<String> ROLES = Set.of("planner", "director", "synthesizer", "summarizer");

    private static final Priors PLANNER = new Priors(1, 2_100, 0, 2_100, 180);
    private static final Priors TASK = new Priors(3, 6_900, 0, 2_100, 260);
    private static final Priors DIRECTOR = new Priors(1, 2_700, 120, 2_700, 30);
    private static final Priors SYNTHESIZER = new Priors(1, 2_300, 200, 2_300, 250);
    private static final Priors NOTHING = new Priors(0, 0, 0, 0, 0);

    /** The prior of {@code agent}: a role's own, else a task agent's. */
    static Priors of(String agent) {
        return switch (agent) {
            case "planner" -> PLANNER;
            case "director" -> DIRECTOR;
            case "synthesizer" -> SYNTHESIZER;
            // the synthesizer reads its results in parts only when they outgrow its window
            case "summarizer" -> NOTHING;
            default -> TASK;
        };
    }

    static boolean isRole(String agent) {
        return ROLES.contains(agent);
    }

    /** Prompt tokens of one unit in a run of {@code tasks} tasks. */
    double prompt(int tasks) {
        return prompt + promptPerTask * tasks;
    }

    /** The share of a unit's prompt a provider that caches prompts reads from its cache: all but what each call adds. */
    double cachedShare(int tasks) {
        double total = prompt(tasks);
        if (steps < 2 || total <= 0) {
            return 0;
        }
        // Call j resends call j-1's whole prompt, which the cache holds; the last call's prompt is the largest.
        double growth = Math.max(0, 2 * (total - steps * firstPrompt) / (steps * (steps - 1)));
        double last = firstPrompt + growth * (steps - 1);
        return Math.max(0, (total - last) / total);
    }

    double seconds() {
        return steps * SECONDS_PER_CALL + output / OUTPUT_TOKENS_PER_SECOND;
    }
}
