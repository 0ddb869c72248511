package dev.longtask.server;

import dev.longtask.engine.ModelSource;
import dev.longtask.model.Budget;
import java.nio.file.Path;

/** What a run in a workspace gets from that workspace's settings: its models, concurrency and budgets. */
@FunctionalInterface
public interface WorkspaceSetup {

    /**
     * @param model a model spec to use instead of the configured one, or null
     * @throws IllegalArgumentException saying what is wrong with the settings (no model, a bad config file)
     */
    Setup open(Path workspace, String model);

    /** One workspace's settings, resolved. */
    record Setup(ModelSource models, int concurrency, Budget budget) {
    }
}
