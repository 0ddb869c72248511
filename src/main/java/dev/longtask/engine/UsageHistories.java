package dev.longtask.engine;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The two usage histories a run learns from and adds to: the workspace's, then the user's across workspaces (none
 * when the setup names no place for it).
 */
final class UsageHistories {
    private final UsageHistory workspace;
    private final UsageHistory user;

    UsageHistories(UsageHistory workspace, UsageHistory user) {
        this.workspace = workspace;
        this.user = user;
    }

    static UsageHistories of(EngineSetup setup) {
        return new UsageHistories(UsageHistory.ofWorkspace(setup.workspace().root(), setup.histories()),
                setup.userHistory() == null ? null : new UsageHistory(setup.userHistory(), setup.histories()));
    }

    /** What an estimate of a plan for {@code model} learns from. */
    EstimateBasis basis(String model, boolean caching) {
        return new EstimateBasis(workspace.read(), user == null ? List.of() : user.read(), model, caching);
    }

    /** Records {@code run} in both; what could not be written, as one line each (none when both were). */
    List<String> record(RunRecord run) {
        List<String> failures = new ArrayList<>();
        for (UsageHistory h : user == null ? List.of(workspace) : List.of(workspace, user)) {
            try {
                h.record(run);
            } catch (IOException | RuntimeException e) {
                failures.add("the usage history " + h.file() + " was not written: " + e.getMessage());
            }
        }
        return failures;
    }

    Path workspaceFile() {
        return workspace.file();
    }
}
