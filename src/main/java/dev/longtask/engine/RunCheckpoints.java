package dev.longtask.engine;

import dev.longtask.model.EventData;
import dev.longtask.model.run.RunStore;
import dev.longtask.tools.undo.Checkpoints;
import java.io.IOException;

/** Opens a run's checkpoints for a session, and says once, as an event, when they cannot work in its workspace. */
final class RunCheckpoints {
    private RunCheckpoints() {
    }

    /**
     * {@code session}: opened for a session of the run (which says once why they are off), not for one task of a
     * worker. A store that several processes share turns them off: each process would scan and record the workspace
     * on its own, and one's undo of a retried task could take back a file another process's task had just written.
     */
    static Checkpoints open(EngineSetup setup, RunStore store, boolean session) {
        Checkpoints checkpoints = store.shared()
                ? Checkpoints.off("checkpoints work with one process per workspace; this run's store is shared with"
                        + " other processes (workers), so its tasks' changes are not recorded and cannot be undone")
                : Checkpoints.open(setup.workspace().root(), store.runId(), setup.config().checkpointLimits());
        boolean isolated = store.run().recordedSettings().isolated();
        if (!checkpoints.on() && (session || !store.shared())) {
            store.append(null, new EventData.CheckpointsOff(checkpoints.offReason() + (isolated ? "; without them "
                    + "--isolation worktree cannot work, so the tasks share the workspace" : "")));
        }
        if (checkpoints.on() && isolated && session) {
            try {
                // no task of the run is running yet: a tree left here is a killed process's, and its task starts over
                checkpoints.trees().discardAll();
            } catch (IOException | RuntimeException e) {
                store.append(null, new EventData.ErrorRecorded("the tasks' trees a killed process left could not be "
                        + "removed (" + e.getMessage() + "); each task's next attempt makes its tree afresh"));
            }
        }
        return checkpoints;
    }
}
