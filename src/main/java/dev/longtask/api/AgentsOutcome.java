package dev.longtask.api;

import dev.longtask.model.agent.AgentStepResult;
import dev.longtask.store.RunLayout;
import java.nio.file.Path;
import java.util.List;

/**
 * How a direct run of agents ended: the run that holds their tasks, transcripts and results, each step that ran
 * with its outcome (in the order of the steps), and whether an interrupt cut it short.
 */
public record AgentsOutcome(String runId, Path directory, List<Integer> taskIds, List<AgentStepResult> results,
                            boolean interrupted) {

    public AgentsOutcome {
        taskIds = List.copyOf(taskIds);
        results = List.copyOf(results);
    }

    /** Where the steps' transcripts are: {@code transcripts/} of the run directory. */
    public Path transcripts() {
        return RunLayout.of(directory).transcripts();
    }

    /** Every step ran and succeeded. */
    public boolean allSucceeded() {
        return !interrupted && results.size() == taskIds.size()
                && results.stream().allMatch(r -> r.outcome().success());
    }
}
