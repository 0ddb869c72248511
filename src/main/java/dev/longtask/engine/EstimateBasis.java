package dev.longtask.engine;

import java.util.ArrayList;
import java.util.List;

/**
 * What an estimate knows of one unit of an agent's work (a task; a run's worth of a role) on the run's model: the
 * {@link Priors}, corrected by what the runs of the workspace's history took with that agent and model (their
 * newest {@value #RUNS_LEARNED}), else by the user's history across workspaces, else as they are. A correction is
 * the ratio of what the recorded runs took to what the priors expected of them, figure by figure (model calls,
 * prompt tokens, output tokens, seconds), so a role whose work grows with the run's tasks still grows. The share
 * of the prompt read from the provider's cache is the recorded runs' own; without any, the priors' model of a
 * cached conversation when the provider bills caching, else none.
 */
final class EstimateBasis {
    static final int RUNS_LEARNED = 10;

    /** Where one agent's figures came from. */
    enum Source {
        WORKSPACE("this workspace's last %s"),
        USER("your last %s in other workspaces"),
        PRIORS("built-in priors");

        private final String text;

        Source(String text) {
            this.text = text;
        }

        String describe(int runs) {
            return String.format(text, runs == 1 ? "run" : runs + " runs");
        }
    }

    /**
     * One unit of an agent's work as the estimate expects it.
     *
     * @param cachedShare the share of the prompt read from the provider's cache
     * @param runs        the recorded runs it was learned from (0 for the priors)
     */
    record Unit(String agent, double steps, double prompt, double output, double seconds, double cachedShare,
                Source source, int runs) {
        String sourceText() {
            return source.describe(runs);
        }
    }

    private final List<RunRecord> workspace;
    private final List<RunRecord> user;
    private final String model;
    private final boolean caching;

    /**
     * @param workspace the workspace's history, oldest first
     * @param user      the user's history across workspaces, oldest first
     * @param model     the run's model spec; only runs of it are learned from
     * @param caching   whether the model's provider bills prompt tokens read from its cache apart (cheaper)
     */
    EstimateBasis(List<RunRecord> workspace, List<RunRecord> user, String model, boolean caching) {
        this.workspace = List.copyOf(workspace);
        this.user = List.copyOf(user);
        this.model = model;
        this.caching = caching;
    }

    /** The priors alone. */
    static EstimateBasis priors(String model, boolean caching) {
        return new EstimateBasis(List.of(), List.of(), model, caching);
    }

    boolean caching() {
        return caching;
    }

    /**
     * The seconds of a run that neither its tasks nor its roles' model calls take (starting, reading the workspace,
     * writing the report, ...): the mean of the workspace's recorded runs, else the user's, else the priors'.
     */
    double overhead() {
        for (List<RunRecord> history : List.of(workspace, user)) {
            List<RunRecord> recent = history.subList(Math.max(0, history.size() - RUNS_LEARNED), history.size());
            if (!recent.isEmpty()) {
                return recent.stream().mapToDouble(RunRecord::overhead).average().orElse(0);
            }
        }
        return Priors.OVERHEAD_SECONDS;
    }

    /** One unit of {@code agent}'s work in a run of {@code tasks} tasks. */
    Unit unit(String agent, int tasks) {
        Unit learned = learn(agent, tasks, workspace, Source.WORKSPACE);
        if (learned == null) {
            learned = learn(agent, tasks, user, Source.USER);
        }
        if (learned != null) {
            return learned;
        }
        Priors p = Priors.of(agent);
        return new Unit(agent, p.steps(), p.prompt(tasks), p.output(), p.seconds(),
                caching ? p.cachedShare(tasks) : 0, Source.PRIORS, 0);
    }

    private Unit learn(String agent, int tasks, List<RunRecord> history, Source source) {
        Priors p = Priors.of(agent);
        List<AgentFigures> seen = new ArrayList<>();
        List<RunRecord> runs = new ArrayList<>();
        for (int i = history.size() - 1; i >= 0 && runs.size() < RUNS_LEARNED; i--) {
            RunRecord run = history.get(i);
            for (AgentFigures f : run.agents()) {
                if (f.agent().equals(agent) && f.units() > 0 && java.util.Objects.equals(f.model(), model)) {
                    seen.add(f);
                    runs.add(run);
                    break;
                }
            }
        }
        if (seen.isEmpty()) {
            return null;
        }
        double steps = 0;
        double prompt = 0;
        double output = 0;
        double seconds = 0;
        double cached = 0;
        double expectedSteps = 0;
        double expectedPrompt = 0;
        double expectedOutput = 0;
        double expectedSeconds = 0;
        int units = 0;
        for (int k = 0; k < seen.size(); k++) {
            AgentFigures f = seen.get(k);
            steps += f.steps();
            prompt += f.promptTokens();
            output += f.outputTokens();
            seconds += f.seconds();
            cached += f.cacheReadTokens();
            units += f.units();
            expectedSteps += p.steps() * f.units();
            expectedPrompt += p.prompt(runs.get(k).tasks()) * f.units();
            expectedOutput += p.output() * f.units();
            expectedSeconds += p.seconds() * f.units();
        }
        return new Unit(agent, scaled(steps, expectedSteps, p.steps(), units),
                scaled(prompt, expectedPrompt, p.prompt(tasks), units), scaled(output, expectedOutput, p.output(), units),
                scaled(seconds, expectedSeconds, p.seconds(), units), prompt > 0 ? cached / prompt : 0, source,
                seen.size());
    }

    /** The prior corrected by how far the recorded runs were from it, or their mean a unit when it expects nothing. */
    private static double scaled(double actual, double expected, double prior, int units) {
        return expected > 0 ? prior * actual / expected : actual / Math.max(1, units);
    }
}
