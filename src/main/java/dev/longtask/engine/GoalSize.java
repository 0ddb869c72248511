package dev.longtask.engine;

import dev.longtask.llm.AttemptListener;
import dev.longtask.llm.ModelSource;
import dev.longtask.llm.TokenCounter;
import dev.longtask.model.Counts;
import dev.longtask.model.agent.AgentCatalog;
import java.util.List;

/**
 * A goal is in the prompt of the planner, the director and the synthesizer; one that takes more than half the
 * smallest of their context windows leaves no room for the rest and can never be planned, so it is refused
 * before a run exists (a run made for it would fail, and its resume could not work either).
 */
final class GoalSize {
    private static final List<String> ROLES = List.of("planner", "director", "synthesizer");

    private GoalSize() {
    }

    /** @throws GoalTooLargeException saying how large the goal is, the limit, and what to do instead */
    static void check(String goal, AgentCatalog agents, ModelSource models, TokenCounter tokens) {
        int window = Integer.MAX_VALUE;
        for (String role : ROLES) {
            String model = agents.find(role).map(a -> a.model()).orElse(null);
            window = Math.min(window, models.client(model, AttemptListener.NONE).contextWindowTokens());
        }
        int limit = window / 2;
        // A byte-level tokenizer never makes more tokens than bytes: a short goal needs no counting.
        if (goal.getBytes(java.nio.charset.StandardCharsets.UTF_8).length <= limit) {
            return;
        }
        int size = tokens.count(goal);
        if (size > limit) {
            throw new GoalTooLargeException("the goal has " + Counts.plural(size, "token") + "; the model's context"
                    + " window is " + Counts.full(window) + " and a goal may take at most half of it ("
                    + Counts.full(limit) + "): shorten it, or write the details to a file in the workspace and name"
                    + " the file in the goal");
        }
    }
}
