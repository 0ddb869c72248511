package dev.longtask.engine;

import dev.longtask.model.EventData;
import dev.longtask.store.RunStore;
import dev.longtask.tools.undo.Checkpoints;

/** Opens a run's checkpoints for a session, and says once, as an event, when they cannot work in its workspace. */
final class RunCheckpoints {
    private RunCheckpoints() {
    }

    static Checkpoints open(EngineSetup setup, RunStore store) {
        Checkpoints checkpoints = Checkpoints.open(setup.workspace().root(), store.runId());
        if (!checkpoints.on()) {
            store.append(null, new EventData.CheckpointsOff(checkpoints.offReason()));
        }
        return checkpoints;
    }
}
