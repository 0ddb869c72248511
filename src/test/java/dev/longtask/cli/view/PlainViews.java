package dev.longtask.cli.view;

import dev.longtask.api.Stores;
import java.io.PrintWriter;
import java.nio.file.Path;

/** For tests of other packages that follow a run: the plain progress view a run shows where there is no terminal. */
public final class PlainViews {
    private PlainViews() {
    }

    /** The plain view of a priced run of {@code workspace}'s files. */
    public static ProgressView of(PrintWriter out, Path workspace) {
        return new PlainProgressView(out, new PlanClock.Tracker(ProgressViews.planIn(Stores.files(), workspace)),
                true);
    }
}
